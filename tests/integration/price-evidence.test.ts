/**
 * Savings with evidence (decision 024) on embedded PGlite: a deal option's original price shows as a saving
 * only while its evidence is current. When it lapses the card, the deal page and the JSON-LD show no saving,
 * automatically; the merchant's refresh brings it back; "up to N%" is measured from evidenced deals.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../scripts/seed';
import { dealJsonLd } from '../../src/components/deal/deal-facts';
import { discountBadge, priceView } from '../../src/components/deal-card/price-view';
import { EVIDENCE_MAX_AGE_DAYS } from '../../src/domain/price-evidence';
import { clearCatalogueCaches, listDealsByIds, retrieveDeal, retrieveSavingCeilings } from '../../src/server/catalog';
import type { Database } from '../../src/server/db/client';
import { dealProducts, deals, priceEvidence } from '../../src/server/db/schema';
import { listOptionEvidence, submitPriceEvidence } from '../../src/server/merchants';
import { embedded } from './databases';
import { insertMerchantMember } from './merchant-fixtures';

const DAY = 24 * 60 * 60 * 1000;
const absolute = (path: string) => `https://shop.example${path}`;

describe.each(embedded)('savings claims with evidence on $name', (engine) => {
  let database: Database;

  beforeAll(async () => {
    database = await engine.open();
    await seedCatalogue(database.db, { deals: 60, seed: 9 });
  });
  afterAll(async () => {
    await database?.close();
  });

  /** A live deal shown with a discount, none of whose options is VIP-only or hidden. */
  async function discountedDeal() {
    const rows = await database.db
      .select({ id: deals.id, merchantId: deals.merchantId })
      .from(deals)
      .where(and(eq(deals.status, 'live'), eq(deals.priceDisplayMode, 'show-discount')));
    for (const row of rows) {
      const [summary] = await listDealsByIds(database.db, [row.id]);
      if (summary && summary.discountPercentage > 0 && priceView(summary).kind === 'price') return { ...row, summary };
    }
    throw new Error('a discounted deal expected in the seed');
  }

  async function lapse(dealId: number, daysAgo = EVIDENCE_MAX_AGE_DAYS + 1) {
    const ids = (
      await database.db.select({ id: dealProducts.id }).from(dealProducts).where(eq(dealProducts.dealId, dealId))
    ).map((row) => row.id);
    await database.db
      .update(priceEvidence)
      .set({ checkedAt: new Date(Date.now() - daysAgo * DAY) })
      .where(inArray(priceEvidence.dealProductId, ids));
    clearCatalogueCaches();
  }

  it('a seeded saving is evidenced: the card shows it and the deal page says where it comes from', async () => {
    const { id, summary } = await discountedDeal();
    const view = priceView(summary);
    expect(view.kind === 'price' && view.saving).toBe(`${summary.discountPercentage}% off`);
    const detail = await retrieveDeal(database.db, id);
    const evidenced = detail?.products.filter((p) => p.savingEvidence !== null) ?? [];
    expect(evidenced.length).toBeGreaterThan(0);
    expect(evidenced[0]?.savingEvidence).toMatchObject({
      source: 'merchant_price_list',
      checkedByName: 'the Tuppence deals team',
    });
  });

  it('when the evidence lapses, no saving shows on the card, the deal page or the JSON-LD, until it is refreshed', async () => {
    const { id, merchantId, summary: before } = await discountedDeal();
    await lapse(id);

    const [card] = await listDealsByIds(database.db, [id]);
    if (!card) throw new Error('the deal is still listed');
    expect(card.priceDisplayMode).toBe('show-price');
    expect(card.discountPercentage).toBe(0);
    expect(card.originalPrice).toEqual(card.price);
    const view = priceView(card);
    expect(view.kind === 'price' && [view.saving, view.was]).toEqual([null, null]);
    expect(discountBadge(card)).toBeNull();

    const detail = await retrieveDeal(database.db, id);
    if (!detail) throw new Error('the deal page exists');
    expect(detail.priceDisplayMode).toBe('show-price');
    for (const option of detail.products) {
      expect(option.discountPercentage).toBe(0);
      expect(option.originalPrice).toEqual(option.price);
      expect(option.savingEvidence).toBeNull();
    }
    expect(JSON.stringify(dealJsonLd(detail, absolute))).not.toContain('StrikethroughPrice');

    // The merchant sees what lapsed and refreshes every option of the deal.
    const member = await insertMerchantMember(database.db, merchantId);
    const options = (await listOptionEvidence(database.db, merchantId, new Date())).filter((o) => o.dealId === id);
    expect(options.every((o) => o.state === 'lapsed')).toBe(true);
    for (const option of options) {
      const tags = await submitPriceEvidence(database.db, {
        merchantId,
        userId: member.id,
        dealProductId: option.dealProductId,
        source: 'retailer',
        retailer: 'Harvey Nichols',
        now: new Date(),
      });
      expect(tags).toContain(`deal:${id}`);
    }
    const [after] = await listDealsByIds(database.db, [id]);
    expect(after?.priceDisplayMode).toBe(before.priceDisplayMode);
    expect(after?.discountPercentage).toBe(before.discountPercentage);
    const refreshed = await retrieveDeal(database.db, id);
    const proven = refreshed?.products.find((p) => p.savingEvidence !== null);
    expect(proven?.savingEvidence).toMatchObject({ source: 'retailer', sourceName: 'Harvey Nichols' });
    expect(proven?.savingEvidence?.checkedByName).toMatch(/^Test at /);
  });

  it('evidence supports only the original price it was checked for', async () => {
    const { id } = await discountedDeal();
    await database.db.update(dealProducts).set({ originalPriceMinor: 999_999 }).where(eq(dealProducts.dealId, id));
    const [card] = await listDealsByIds(database.db, [id]);
    expect(card?.discountPercentage).toBe(0);
    expect(card?.priceDisplayMode).toBe('show-price');
  });

  it('another merchant cannot submit evidence for an option that is not theirs', async () => {
    const { id, merchantId } = await discountedDeal();
    const [other] = await database.db
      .select({ merchantId: deals.merchantId })
      .from(deals)
      .where(eq(deals.status, 'live'));
    const otherMerchant = other?.merchantId === merchantId ? merchantId + 1 : (other?.merchantId ?? merchantId + 1);
    const stranger = await insertMerchantMember(database.db, otherMerchant);
    const [option] = await database.db
      .select({ id: dealProducts.id })
      .from(dealProducts)
      .where(eq(dealProducts.dealId, id));
    await expect(
      submitPriceEvidence(database.db, {
        merchantId: otherMerchant,
        userId: stranger.id,
        dealProductId: option?.id ?? 0,
        source: 'merchant_price_list',
        now: new Date(),
      }),
    ).rejects.toMatchObject({ kind: 'notFound' });
  });

  it('"up to N%" is the largest evidenced saving on sale, and falls when that evidence lapses', async () => {
    clearCatalogueCaches();
    const ceilings = await retrieveSavingCeilings(database.db);
    expect(ceilings.local).toBeGreaterThan(0);
    const [top] = await database.db
      .select({ id: deals.id })
      .from(deals)
      .where(and(eq(deals.status, 'live'), eq(deals.isTravel, false), eq(deals.maxDiscountPercentage, ceilings.local)));
    if (!top) throw new Error('the deal behind the ceiling');
    const tops = await database.db
      .select({ id: deals.id })
      .from(deals)
      .where(and(eq(deals.isTravel, false), eq(deals.maxDiscountPercentage, ceilings.local)));
    for (const deal of tops) await lapse(deal.id);
    const lower = await retrieveSavingCeilings(database.db);
    expect(lower.local).toBeLessThan(ceilings.local);
  });
});
