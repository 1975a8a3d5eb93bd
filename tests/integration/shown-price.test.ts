/**
 * DMCC Act 2024 (docs/decisions/051 "Shown prices"): a price shown to a UK consumer includes every
 * mandatory charge, and standard postage on a posted product is one. For seeded posted deals, every
 * place that shows a price (the location page's cards, the search and map APIs, the deal API and
 * the deal page's JSON-LD offer) shows what the basket's pricing pipeline charges for one unit of
 * the from option with standard delivery; an e-voucher deal shows its price alone, as before.
 */
import type { APIContext } from 'astro';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../scripts/seed';
import { dealJsonLd } from '../../src/components/deal/deal-facts';
import DealCard from '../../src/components/deal-card/DealCard.astro';
import type { DealSummary } from '../../src/contracts/deal';
import { DealDetailSchema } from '../../src/contracts/deal-detail';
import { MapDealsResponseSchema } from '../../src/contracts/map-view';
import { SearchResponseSchema } from '../../src/contracts/search';
import { POSTAL_DELIVERY_TYPE } from '../../src/domain/delivery';
import { parseListingFilter } from '../../src/domain/listing-filters';
import { formatMoney } from '../../src/domain/money';
import { createBasket, retrievePricedBasket } from '../../src/server/basket';
import { clearCatalogueCaches, listDeals, listDealsByIds, retrieveDeal, updateDeal } from '../../src/server/catalog';
import type { Database } from '../../src/server/db/client';
import { type DealRow, dealProducts, deals, locations } from '../../src/server/db/schema';
import { loadListingPage } from '../../src/server/listing';
import { addShopper } from './basket-fixtures';
import { embedded } from './databases';
import { serveTestDatabase } from './support/test-database';

const shared: { database?: Database } = {};
serveTestDatabase(shared);

const { GET: getDeal } = await import('../../src/pages/api/v1/deal/[id]');
const { GET: getSearch } = await import('../../src/pages/api/v1/search');
const { GET: getMapDeals } = await import('../../src/pages/api/v1/map-deals');

const [pglite] = embedded;

function context(url: string, params: Record<string, string> = {}): APIContext {
  return { url: new URL(url), params, request: new Request(url), cache: { set: () => {} } } as unknown as APIContext;
}

async function bodyOf(response: Response): Promise<unknown> {
  expect(response.status).toBe(200);
  return response.json();
}

/** What the basket's pricing pipeline charges for one unit of this option with standard delivery. */
async function chargedForOne(database: Database, dealId: number, productId: number): Promise<number> {
  const shopper = await addShopper(database.db);
  const token = await createBasket(database.db, {
    customerToken: shopper.customerToken,
    products: [{ dealId, dealProductId: productId, quantity: 1 }],
  });
  const basket = await retrievePricedBasket(database.db, token, { userId: shopper.id });
  const [line] = basket?.lines ?? [];
  if (basket === null || line === undefined || !line.isAvailable)
    throw new Error(`option ${productId} cannot be bought`);
  expect(line.lineTotal.amountMinor).toBe(basket.total.amountMinor);
  return basket.total.amountMinor;
}

interface FromOption {
  deal: DealRow;
  productId: number;
  priceMinor: number;
  postageMinor: number;
}

/** The deal's from option as a shopper can buy it: visible, enabled, not VIP-only, cheapest delivered. */
async function fromOptionOf(database: Database, deal: DealRow): Promise<FromOption> {
  const options = await database.db
    .select()
    .from(dealProducts)
    .where(
      and(
        eq(dealProducts.dealId, deal.id),
        eq(dealProducts.visibility, 'visible'),
        eq(dealProducts.disabled, false),
        eq(dealProducts.vipExclusive, false),
      ),
    );
  const posted = deal.deliveryType === POSTAL_DELIVERY_TYPE;
  const shown = (option: (typeof options)[number]) => option.priceMinor + (posted ? option.postagePriceMinor : 0);
  const [from] = options.sort((a, b) => shown(a) - shown(b) || a.priceMinor - b.priceMinor);
  if (from === undefined) throw new Error(`deal ${deal.id} has no option on sale`);
  return { deal, productId: from.id, priceMinor: from.priceMinor, postageMinor: posted ? from.postagePriceMinor : 0 };
}

describe('DMCC Act 2024: the full price of a posted product wherever it is shown', () => {
  let database: Database;
  let posted: FromOption[] = [];
  let eVoucher: FromOption;

  beforeAll(async () => {
    if (!pglite) throw new Error('no engine');
    clearCatalogueCaches();
    database = await pglite.open();
    shared.database = database;
    await seedCatalogue(database.db, { deals: 700, seed: 51 });
    const live = and(eq(deals.status, 'live'), gt(deals.closingDate, sql`now() + interval '1 day'`));
    // Posted deals with paid postage first (the headset's case), then one with free delivery.
    const postedDeals = await database.db
      .select()
      .from(deals)
      .where(and(live, eq(deals.deliveryType, POSTAL_DELIVERY_TYPE)))
      .orderBy(asc(deals.id));
    const candidates = await Promise.all(postedDeals.map((deal) => fromOptionOf(database, deal)));
    const paid = candidates.filter((option) => option.postageMinor > 0).slice(0, 4);
    const free = candidates.filter((option) => option.postageMinor === 0).slice(0, 1);
    posted = [...paid, ...free];
    expect(paid.length).toBeGreaterThanOrEqual(3);
    const [voucherDeal] = await database.db
      .select()
      .from(deals)
      .where(and(live, eq(deals.deliveryType, 'e-voucher'), eq(deals.priceDisplayMode, 'show-discount')))
      .orderBy(asc(deals.id))
      .limit(1);
    if (voucherDeal === undefined) throw new Error('no e-voucher deal');
    eVoucher = await fromOptionOf(database, voucherDeal);
    // The map shows town deals: bring the posted deals (and the e-voucher) to London, beside their merchants.
    const [london] = await database.db.select().from(locations).where(eq(locations.shortName, 'london'));
    if (london === undefined) throw new Error('no London');
    for (const option of [...posted, eVoucher]) {
      await database.db.update(deals).set({ locationId: london.id }).where(eq(deals.id, option.deal.id));
    }
    clearCatalogueCaches();
  }, 240_000);

  afterAll(async () => {
    shared.database = undefined;
    clearCatalogueCaches();
    await database?.close();
  });

  const expected = async (option: FromOption) => {
    const charged = await chargedForOne(database, option.deal.id, option.productId);
    expect(charged).toBe(option.priceMinor + option.postageMinor);
    return charged;
  };

  it('DMCC Act 2024: the deals table keeps the from option a shopper can buy, its postage beside its price', async () => {
    for (const option of [...posted, eVoucher]) {
      const [row] = await database.db.select().from(deals).where(eq(deals.id, option.deal.id));
      expect(row?.fromPriceMinor).toBe(option.priceMinor);
      expect(row?.fromPostageMinor).toBe(option.postageMinor);
    }
    // No "from" price that cannot be bought: every live deal's from price is an option on sale to anyone.
    const stray = await database.db.execute<{ id: number }>(sql`
      select d.id from deals d where d.status = 'live' and not exists (
        select 1 from deal_products p where p.deal_id = d.id and p.visibility = 'visible' and not p.disabled
          and not p.vip_exclusive and p.price_minor = d.from_price_minor
          and d.from_postage_minor = case when d.delivery_type = 'postal' then p.postage_price_minor else 0 end)
    `);
    expect(stray.rows).toEqual([]);
  });

  it('DMCC Act 2024: location page cards show the price with standard delivery and say what it includes', async () => {
    const container = await AstroContainer.create();
    const listing = await loadListingPage(
      database.db,
      { kind: 'place', location: 'london' },
      parseListingFilter(new URLSearchParams('')).filter,
      { pageSize: 1000 },
    );
    if (!listing) throw new Error('no London listing');
    for (const option of [...posted, eVoucher]) {
      const card = listing.deals.find((deal) => deal.id === option.deal.id);
      if (card === undefined) throw new Error(`deal ${option.deal.id} is not on the London page`);
      const charged = await expected(option);
      expect(card.price.amountMinor).toBe(charged);
      // The dev renderer marks each element with its source; the markup a shopper gets has none.
      const html = (await container.renderToString(DealCard, { props: { deal: card } })).replace(
        / data-astro-source-[a-z]+="[^"]*"/g,
        '',
      );
      expect(html).toContain(`<span class="deal-card__amount">${formatMoney(card.price)}</span>`);
      if (option === eVoucher) {
        expect(card.postage).toBeNull();
        expect(html).not.toContain('delivery');
      } else {
        const note =
          option.postageMinor === 0
            ? 'Free delivery'
            : `incl. ${formatMoney({ amountMinor: option.postageMinor, currency: 'GBP' })} delivery`;
        expect(html).toContain(`<span class="deal-card__from">${note}</span>`);
      }
    }
  });

  it('DMCC Act 2024: the search and map APIs carry the same shown price', async () => {
    for (const option of [...posted, eVoucher]) {
      const charged = await expected(option);
      const q = encodeURIComponent(`"${option.deal.headline}"`);
      const search = SearchResponseSchema.parse(
        await bodyOf(await getSearch(context(`http://localhost/api/v1/search?q=${q}&pageSize=50`))),
      );
      expect(search.deals.find((deal) => deal.id === option.deal.id)?.price.amountMinor).toBe(charged);
    }
    const map = MapDealsResponseSchema.parse(
      await bodyOf(
        await getMapDeals(
          context('http://localhost/api/v1/map-deals?south=51.3&west=-0.5&north=51.7&east=0.3&zoom=10'),
        ),
      ),
    );
    const onMap = new Map(map.deals.map((deal) => [deal.id, deal]));
    const shownOnMap = [...posted, eVoucher].filter((option) => onMap.has(option.deal.id));
    expect(shownOnMap.length).toBeGreaterThan(0);
    for (const option of shownOnMap) {
      expect(onMap.get(option.deal.id)?.price.amountMinor).toBe(await expected(option));
    }
  });

  it('DMCC Act 2024: the deal API and the JSON-LD offer carry the price with standard delivery', async () => {
    for (const option of [...posted, eVoucher]) {
      const charged = await expected(option);
      const detail = DealDetailSchema.parse(
        await bodyOf(
          await getDeal(context(`http://localhost/api/v1/deal/${option.deal.id}`, { id: String(option.deal.id) })),
        ),
      );
      const product = detail.products.find((p) => p.id === option.productId);
      expect(product?.shownPrice.amountMinor).toBe(charged);
      expect(product?.price.amountMinor).toBe(option.priceMinor);
      const deal = await retrieveDeal(database.db, option.deal.id);
      if (deal === null) throw new Error('deal missing');
      const [ld] = dealJsonLd(deal, (path) => `https://shop.test${path}`)['@graph'] as { offers: { price: string } }[];
      expect(ld?.offers.price).toBe((charged / 100).toFixed(2));
    }
  });

  it('DMCC Act 2024: "under £x" lists no posted deal that costs more delivered, and price order follows what is shown', async () => {
    const [cheap] = posted.filter((option) => option.postageMinor > 0);
    if (cheap === undefined) throw new Error('no posted deal with postage');
    // A bound between the option's own price and its delivered price: the deal is over it.
    const bound = cheap.priceMinor + cheap.postageMinor - 1;
    const under = await listDeals(database.db, { maxPriceMinor: bound, limit: 5000 });
    expect(under.map((deal) => deal.id)).not.toContain(cheap.deal.id);
    expect(under.every((deal) => deal.price.amountMinor <= bound)).toBe(true);
    const over = await listDeals(database.db, { minPriceMinor: bound + 1, maxPriceMinor: bound + 1, limit: 5000 });
    expect(over.map((deal) => deal.id)).toContain(cheap.deal.id);
    const ordered = await listDeals(database.db, { orderBy: 'price-asc', limit: 5000 });
    const shown = ordered.map((deal: DealSummary) => deal.price.amountMinor);
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
  });

  it('DMCC Act 2024: a price change keeps the from option the one that costs least delivered', async () => {
    const [option] = posted.filter((candidate) => candidate.postageMinor > 0);
    if (option === undefined) throw new Error('no posted deal with postage');
    await updateDeal(database.db, option.deal.id, { products: [{ id: option.productId, priceMinor: 1_000 }] });
    const [row] = await database.db.select().from(deals).where(eq(deals.id, option.deal.id));
    expect(row).toMatchObject({ fromPriceMinor: 1_000, fromPostageMinor: option.postageMinor });
    const [card] = await listDealsByIds(database.db, [option.deal.id]);
    expect(card?.price.amountMinor).toBe(await chargedForOne(database, option.deal.id, option.productId));
  });
});
