/**
 * spec 3 productDisplay.type (grid, 2x2, claim-2x2; docs/decisions/053): the deal API says each
 * seeded deal's layout, and the deal page lays its options out by it with one class on the options
 * section; the options themselves (radios, titles, prices with delivery) are the same markup in
 * every layout.
 */

import type { APIContext } from 'astro';
import type { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../scripts/seed';
import DealOverview from '../../src/components/deal/DealOverview.astro';
import { optionPriceView } from '../../src/components/deal/option-price';
import { type DealDetail, DealDetailSchema, type ProductDisplayType } from '../../src/contracts/deal-detail';
import { clearCatalogueCaches, retrieveDeal } from '../../src/server/catalog';
import type { Database } from '../../src/server/db/client';
import { embedded } from './databases';
import { createContainer } from './support/container';
import { serveTestDatabase } from './support/test-database';

const shared: { database?: Database } = {};
serveTestDatabase(shared);

const { GET: getDeal } = await import('../../src/pages/api/v1/deal/[id]');

const [pglite] = embedded;
const TYPES: ProductDisplayType[] = ['grid', '2x2', 'claim-2x2'];

function context(url: string, params: Record<string, string>): APIContext {
  return { url: new URL(url), params, request: new Request(url), cache: { set: () => {} } } as unknown as APIContext;
}

/** The markup between the first `open` and its matching `close` tag name, without the dev renderer's source marks. */
function section(html: string, open: string, tag: string): string {
  const clean = html.replace(/ data-astro-source-[a-z]+="[^"]*"/g, '');
  const start = clean.indexOf(open);
  if (start < 0) throw new Error(`no ${open} in the page`);
  const end = clean.indexOf(`</${tag}>`, start);
  return clean.slice(start, end + tag.length + 3);
}

describe('spec 3 productDisplay.type: option layouts', () => {
  let database: Database;
  let container: AstroContainer;
  const seeded = new Map<ProductDisplayType, number>();
  let postedId = 0;

  async function liveDealWhere(condition: ReturnType<typeof sql>): Promise<number> {
    const result = await database.db.execute<{ id: number }>(sql`
      select d.id from deals d
      where ${condition} and d.status = 'live' and d.closing_date > now() + interval '1 day' and not d.is_travel
        and (select count(*) from deal_products p where p.deal_id = d.id and p.visibility = 'visible' and not p.disabled) >= 2
      order by d.id limit 1`);
    const id = result.rows[0]?.id;
    if (id === undefined) throw new Error('no seeded deal matches');
    return Number(id);
  }

  beforeAll(async () => {
    if (!pglite) throw new Error('no engine');
    clearCatalogueCaches();
    database = await pglite.open();
    shared.database = database;
    await seedCatalogue(database.db, { deals: 400, seed: 53 });
    for (const type of TYPES) {
      // A live deal of this layout with at least 2 options, all shown at once (not travel, whose options
      // are filtered by nights).
      seeded.set(type, await liveDealWhere(sql`d.product_display_type = ${type}`));
    }
    // A posted deal whose options' postage is paid: its shown prices include delivery (decision 051).
    postedId = await liveDealWhere(
      sql`d.delivery_type = 'postal' and exists (select 1 from deal_products p where p.deal_id = d.id and p.postage_price_minor > 0)`,
    );
    // The chooser is a React island, rendered on the server as the page renders it.
    container = await createContainer();
  }, 120_000);

  afterAll(async () => {
    shared.database = undefined;
    clearCatalogueCaches();
    await database?.close();
  });

  const render = (deal: DealDetail) =>
    container.renderToString(DealOverview, {
      props: { deal, related: [], reviews: null, shareUrl: `http://localhost/deal/${deal.id}`, now: new Date() },
      request: new Request(`http://localhost/deal/${deal.id}`),
    });

  it.each(TYPES)('spec 3 productDisplay.type: the deal API gives a seeded %s deal its layout', async (type) => {
    const id = String(seeded.get(type));
    const response = await getDeal(context(`http://localhost/api/v1/deal/${id}`, { id }));
    expect(response.status).toBe(200);
    const deal = DealDetailSchema.parse(await response.json());
    expect(deal.productDisplay).toEqual({ type });
  });

  it.each(TYPES)('spec 3 productDisplay.type: a seeded %s deal renders its container class', async (type) => {
    const deal = await retrieveDeal(database.db, seeded.get(type) ?? 0);
    if (!deal) throw new Error('seeded deal missing');
    const html = await render(deal);
    expect(html).toMatch(new RegExp(`<section aria-labelledby="options-heading" class="options options--${type}[ "]`));
    // claim-2x2 says the options are claimed in the heading (decision 053); the others read as before.
    const heading = type === 'claim-2x2' ? 'Choose your option to claim' : 'Choose your option';
    expect(html).toMatch(new RegExp(`<h2 id="options-heading"[^>]*>${heading}</h2>`));
  });

  it('spec 5: the server-rendered chooser is a working form: its radios and quantity are the fields Buy now posts, hydrated on first touch', async () => {
    const deal = await retrieveDeal(database.db, seeded.get('grid') ?? 0);
    if (!deal) throw new Error('seeded deal missing');
    const html = (await render(deal)).replace(/ data-astro-source-[a-z]+="[^"]*"/g, '');
    // decision 071: the radios are the form's productId fields, joined by the form attribute; no hidden copy.
    const radios = html.match(/<input[^>]*type="radio"[^>]*>/g) ?? [];
    expect(radios).toHaveLength(deal.products.length);
    for (const radio of radios) {
      expect(radio).toContain('name="productId"');
      expect(radio).toContain('form="buy-now"');
    }
    expect(radios.filter((radio) => /\schecked(=""|\s|>)/.test(radio))).toHaveLength(1);
    const quantity = html.match(/<input[^>]*type="number"[^>]*>/)?.[0] ?? '';
    expect(quantity).toContain('name="quantity"');
    expect(quantity).toContain('form="buy-now"');
    expect(quantity).toMatch(/min="1"/);
    expect(html).not.toMatch(/type="hidden" name="(productId|quantity)"/);
    // The island waits for the shopper's first touch (or a signed-in shopper's page load).
    expect(html).toMatch(/<astro-island[^>]*component-url="[^"]*ProductChooser[^"]*"[^>]*client="interact"/);
  });

  it('spec 3 productDisplay.type: each layout shows the same options, names and prices (delivery included)', async () => {
    const deal = await retrieveDeal(database.db, postedId);
    if (!deal) throw new Error('seeded deal missing');
    const isPosted = deal.deliveryType === 'postal';
    expect(isPosted).toBe(true);
    const pages = await Promise.all(TYPES.map((type) => render({ ...deal, productDisplay: { type } })));
    const [grid, ...tiles] = pages.map((html) => section(html, '<fieldset class="chooser__options"', 'fieldset'));
    if (grid === undefined) throw new Error('no grid');
    for (const product of deal.products) {
      const view = optionPriceView(
        { ...product, postage: isPosted ? product.postagePrice : null },
        deal.priceDisplayMode,
      );
      expect(grid).toContain(`value="${product.id}"`);
      expect(grid).toContain(product.title);
      if (view.kind === 'price' && !product.isSoldOut) {
        expect(grid).toContain(view.price);
        expect(view.delivery).toMatch(/^incl\. £[\d.,]+ delivery$|^Free delivery$/);
        expect(grid).toContain(`${view.delivery}`);
        if (view.was) expect(grid).toContain(view.was);
      }
    }
    expect(grid.match(/type="radio"/g)).toHaveLength(deal.products.length);
    // The options are one radio group with the same markup whatever the layout: only the section's class differs.
    for (const html of tiles) expect(html).toBe(grid);
  });

  it('spec 3 productDisplay.type: an ended deal lists the same static options under each layout class', async () => {
    const deal = await retrieveDeal(database.db, seeded.get('claim-2x2') ?? 0);
    if (!deal) throw new Error('seeded deal missing');
    const pages = await Promise.all(TYPES.map((type) => render({ ...deal, isClosed: true, productDisplay: { type } })));
    const lists = pages.map((html) => section(html, '<ul class="chooser__options"', 'ul'));
    for (const [i, type] of TYPES.entries()) expect(pages[i]).toContain(`class="options options--${type}`);
    expect(new Set(lists).size).toBe(1);
    for (const product of deal.products) expect(lists[0]).toContain(product.title);
  });
});
