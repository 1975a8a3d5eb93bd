/**
 * Listings as a shopper meets them, on embedded PGlite: sorting, price bounds, VIP and tag filters,
 * facets that add up, paging without repeats (spec 2 filter parameters, spec 3 faceted navigation,
 * spec 4 deal list, spec 9 filters, sorting and page sizes); and the read API's answers (spec 5, 7).
 */
import type { APIContext } from 'astro';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedCatalogue } from '../../scripts/seed';
import { parseListingFilter } from '../../src/domain/listing-filters';
import { clearCatalogueCaches } from '../../src/server/catalog';
import type { Database } from '../../src/server/db/client';
import { FIND_PAGE_SIZE, type ListingScope, loadListingPage } from '../../src/server/listing';
import { embedded } from './databases';
import { serveTestDatabase } from './support/test-database';

const shared = vi.hoisted(() => ({ database: undefined as Database | undefined }));
serveTestDatabase(shared);

const { GET: getDeals } = await import('../../src/pages/api/v1/deals');
const { GET: getFacets } = await import('../../src/pages/api/v1/facetednavigation');

const filterOf = (query: string) => parseListingFilter(new URLSearchParams(query)).filter;
const london: ListingScope = { kind: 'place', location: 'london' };
const prices = (deals: { price: { amountMinor: number } }[]) => deals.map((deal) => deal.price.amountMinor);

async function call(
  handler: typeof getDeals,
  query: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const url = new URL(`http://localhost/api/v1/x?${query}`);
  // The handlers read only the URL and mark the route cache.
  const cache = { set: () => {} };
  const response = await handler({ url, request: new Request(url), cache } as unknown as APIContext);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe.each(embedded)('listings on $name', (engine) => {
  let database: Database;

  beforeAll(async () => {
    clearCatalogueCaches();
    database = await engine.open();
    await seedCatalogue(database.db, { deals: 1600, seed: 7 });
    shared.database = database;
  });

  afterAll(async () => {
    shared.database = undefined;
    clearCatalogueCaches();
    await database?.close();
  });

  const load = async (scope: ListingScope, query = '', pageSize?: number) => {
    const listing = await loadListingPage(database.db, scope, filterOf(query), { pageSize });
    if (!listing) throw new Error(`no listing for ${JSON.stringify(scope)}`);
    return listing;
  };

  /** The most common multi-letter tag among London's live deals (other than the town's own name). */
  async function commonLondonTag(): Promise<string> {
    const result = await database.db.execute<{ tag: string }>(sql`
      select t as tag from deals d join locations l on l.id = d.location_id, jsonb_array_elements_text(d.tags) t
      where l.short_name = 'london' and d.status = 'live' and d.closing_date > now() and t <> 'london' and length(t) > 3
      group by t order by count(*) desc, t limit 1
    `);
    const tag = result.rows[0]?.tag;
    if (!tag) throw new Error('no London tags');
    return tag;
  }

  it('spec 9: price low to high really orders prices upwards, high to low downwards', async () => {
    const low = await load(london, 'orderBy=pricelow');
    expect(low.deals.length).toBeGreaterThan(9);
    expect(prices(low.deals)).toEqual([...prices(low.deals)].sort((a, b) => a - b));
    const high = await load(london, 'orderBy=pricehigh');
    expect(prices(high.deals)).toEqual([...prices(high.deals)].sort((a, b) => b - a));
  });

  it('spec 2 minPrice and maxPrice bound every price, and the count matches', async () => {
    const all = await load(london);
    const bounded = await load(london, 'minPrice=20&maxPrice=50', 100);
    expect(bounded.total).toBeGreaterThan(0);
    expect(bounded.total).toBeLessThan(all.total);
    const shown = [...(bounded.mainDeal ? [bounded.mainDeal] : []), ...bounded.deals];
    expect(shown).toHaveLength(bounded.total);
    for (const price of prices(shown)) {
      expect(price).toBeGreaterThanOrEqual(2000);
      expect(price).toBeLessThanOrEqual(5000);
    }
  });

  it('spec 3: facet counts on a location page add up to the total and link to category pages', async () => {
    for (const query of ['', 'minPrice=10']) {
      const listing = await load(london, query);
      expect(listing.navigations.length).toBeGreaterThan(2);
      expect(listing.navigations.reduce((sum, item) => sum + item.count, 0)).toBe(listing.total);
      for (const item of listing.navigations) expect(item.url).toBe(`/deals/london/${item.shortName}`);
    }
    const beauty = await load({ kind: 'place', location: 'london', category: 'beauty' });
    expect(beauty.navigations.reduce((sum, item) => sum + item.count, 0)).toBe(beauty.total);
    for (const item of beauty.navigations) expect(item.url).toBe(`/deals/london/beauty/${item.shortName}`);
  });

  it('spec 4: pages never repeat a deal and the main deal stays out of every grid', async () => {
    const first = await load(london, '', 10);
    expect(first.mainDeal).not.toBeNull();
    const seen = new Set([first.mainDeal?.id, ...first.deals.map((deal) => deal.id)]);
    for (let page = 2; page <= first.lastPage; page += 1) {
      const next = await load(london, `page=${page}`, 10);
      expect(next.mainDeal).toBeNull();
      for (const deal of next.deals) {
        expect(seen.has(deal.id), `deal ${deal.id} twice`).toBe(false);
        seen.add(deal.id);
      }
    }
    expect(seen.size).toBe(first.total);
  });

  it('spec 2 vip and searchTag filters keep only matching deals', async () => {
    const vip = await load({ kind: 'place', location: 'national-deal' }, 'vip=true', 100);
    expect(vip.total).toBeGreaterThan(0);
    expect([...vip.deals, vip.mainDeal].every((deal) => deal === null || deal.hasVipExclusive)).toBe(true);

    const tag = await commonLondonTag();
    const tagged = await load(london, `searchTag=${encodeURIComponent(tag)}`, 100);
    expect(tagged.total).toBeGreaterThan(0);
    const ids = [tagged.mainDeal?.id, ...tagged.deals.map((deal) => deal.id)].filter((id) => id !== undefined);
    const result = await database.db.execute<{ id: number; tags: string[] }>(
      sql`select id, tags from deals where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    for (const row of result.rows) expect(row.tags).toContain(tag);
  });

  it('spec 2 special pages list deals tagged with the slug words; spec 9 /find pages 20 at a time', async () => {
    const slug = (await commonLondonTag()).replace(/ /g, '-');
    const special = await load({ kind: 'special', location: 'london', slug });
    expect(special.total).toBeGreaterThan(0);
    expect(special.path).toBe(`/deals/london/special/${slug}`);
    const find = await load({ kind: 'find' });
    expect(find.pageSize).toBe(FIND_PAGE_SIZE);
    expect(find.deals).toHaveLength(20);
    expect(find.navigations.reduce((sum, item) => sum + item.count, 0)).toBe(find.total);
  });

  it('unknown places and categories are null (the route 404s)', async () => {
    for (const scope of [
      { kind: 'place', location: 'atlantis' },
      { kind: 'place', location: 'london', category: 'not-a-category' },
      { kind: 'vip', category: 'nope' },
    ] as ListingScope[]) {
      expect(await loadListingPage(database.db, scope, filterOf(''))).toBeNull();
    }
  });

  describe('GET /api/v1/deals (spec 7 deal feed)', () => {
    it('spec 5: an empty path is a 400 with "Url Path is required to use getDeals"', async () => {
      for (const query of ['path=', 'path=%20', '']) {
        expect(await call(getDeals, query)).toEqual({
          status: 400,
          body: { message: 'Url Path is required to use getDeals', status: 400 },
        });
      }
    });

    it.each([
      ['path=/deals/london&pageSize=101', /pageSize/],
      ['path=/deals/london&pageSize=0', /pageSize/],
      ['path=/deals/london&page=-1', /page/],
      ['path=/deals/london&orderBy=cheapest', /orderBy: must be one of/],
      ['path=/deals/london&minPrice=lots', /minPrice/],
      ['path=/deals/london&minPrice=50&maxPrice=10', /minPrice/],
      [
        'location=london&recentViewedDeal=1&recentViewedDeal=2&recentViewedDeal=3&recentViewedDeal=4&recentViewedDeal=5&recentViewedDeal=6',
        /at most 5/,
      ],
      ['path=https://evil.example/deals/london', /full URL/],
    ])('%s is a 400 with a clear message', async (query, message) => {
      const { status, body } = await call(getDeals, query);
      expect(status).toBe(400);
      expect(String(body.message)).toMatch(message);
    });

    it.each(['path=/deals/atlantis', 'location=atlantis', 'location=london&category=not-a-category', 'path=/checkout'])(
      '%s is a 404 JSON answer',
      async (query) => {
        const { status, body } = await call(getDeals, query);
        expect(status).toBe(404);
        expect(body.status).toBe(404);
      },
    );

    it('pages from 0 with a main deal first, leaves out recently viewed deals, and says when no more exist', async () => {
      const first = await call(getDeals, 'path=/deals/london&pageSize=10');
      expect(first.status).toBe(200);
      const page0 = first.body as { deals: { id: number }[]; mainDeal?: { id: number }; nomore: boolean };
      expect(page0.deals).toHaveLength(10);
      expect(page0.mainDeal).toBeDefined();
      expect(page0.nomore).toBe(false);
      const excluded = page0.deals.slice(0, 2).map((deal) => deal.id);
      const again = await call(
        getDeals,
        `location=london&pageSize=10&${excluded.map((id) => `recentViewedDeal=${id}`).join('&')}`,
      );
      const ids = (again.body.deals as { id: number }[]).map((deal) => deal.id);
      for (const id of excluded) expect(ids).not.toContain(id);
      const last = await call(getDeals, 'path=/deals/london&pageSize=100&page=5');
      expect(last.body).toMatchObject({ deals: [], nomore: true, page: 5 });
    });

    it('GET /api/v1/facetednavigation: navigations with counts adding up, 404 for an unknown place', async () => {
      const { status, body } = await call(getFacets, 'location=london');
      expect(status).toBe(200);
      const facets = body as { navigations: { count: number }[]; count: number };
      expect(facets.navigations.reduce((sum, item) => sum + item.count, 0)).toBe(facets.count);
      expect((await call(getFacets, 'location=atlantis')).status).toBe(404);
      expect((await call(getFacets, '')).status).toBe(400);
    });
  });
});
