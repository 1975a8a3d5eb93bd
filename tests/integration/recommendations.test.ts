/**
 * The listing and deal pages' recommendation calls on embedded PGlite (decision 030; spec 7
 * product-listing-page-deal with limit 40, pageSize 25, page 0 and a live variant, and
 * product-detail-page-deal; spec 9 recommendations 40 and 25).
 */
import type { APIContext } from 'astro';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../scripts/seed';
import { clearCatalogueCaches } from '../../src/server/catalog';
import type { Database } from '../../src/server/db/client';
import { embedded } from './databases';
import { serveTestDatabase } from './support/test-database';

const shared: { database?: Database } = {};
serveTestDatabase(shared);

const listingRoute = await import('../../src/pages/api/v1/product-listing-page-deal');
const detailRoute = await import('../../src/pages/api/v1/product-detail-page-deal');

function get(path: string): APIContext {
  const url = new URL(`http://localhost${path}`);
  return { url, request: new Request(url), locals: {}, params: {}, cookies: {} } as unknown as APIContext;
}

interface Answer {
  deals: { id: number; isSoldOut: boolean }[];
  count: number;
  page: number;
  pageSize: number;
}

async function answer(route: { GET: (context: APIContext) => Response | Promise<Response> }, path: string) {
  const response = await route.GET(get(path));
  return { status: response.status, body: (await response.json()) as Answer };
}

describe.each(embedded)('recommendation calls on $name', (engine) => {
  let categoryId = 0;
  let dealId = 0;

  beforeAll(async () => {
    clearCatalogueCaches();
    shared.database = await engine.open();
    await seedCatalogue(shared.database.db, { deals: 600, seed: 21 });
    // The category with the most live deals, so paging has more than one page.
    const top = await shared.database.db.execute<{ category_id: number; deal_id: number }>(sql`
      select category_id, min(id) as deal_id from deals
      where status = 'live' and closing_date > now()
      group by category_id order by count(*) desc limit 1`);
    categoryId = Number(top.rows[0]?.category_id);
    dealId = Number(top.rows[0]?.deal_id);
  });

  afterAll(async () => {
    clearCatalogueCaches();
    await shared.database?.close();
  });

  it('spec 7/9: a category, 25 a page of at most 40, page 0 first, no deal twice', async () => {
    const first = await answer(listingRoute, `/api/v1/product-listing-page-deal?categoryId=${categoryId}`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 0, pageSize: 25 });
    expect(first.body.count).toBeLessThanOrEqual(40);
    expect(first.body.deals.length).toBe(Math.min(25, first.body.count));
    const second = await answer(listingRoute, `/api/v1/product-listing-page-deal?categoryId=${categoryId}&page=1`);
    expect(second.body.deals.length).toBe(Math.max(0, first.body.count - 25));
    const ids = [...first.body.deals, ...second.body.deals].map((deal) => deal.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('the live variant leaves out sold-out deals; recentViewedDeal leaves deals out', async () => {
    const live = await answer(listingRoute, `/api/v1/product-listing-page-deal?categoryId=${categoryId}&live=true`);
    expect(live.body.deals.every((deal) => !deal.isSoldOut)).toBe(true);
    const [a, b] = live.body.deals;
    const without = await answer(
      listingRoute,
      `/api/v1/product-listing-page-deal?categoryId=${categoryId}&live=true&recentViewedDeal=${a?.id}&recentViewedDeal=${b?.id}`,
    );
    expect(without.body.deals.map((deal) => deal.id)).not.toContain(a?.id);
    expect(without.body.deals.map((deal) => deal.id)).not.toContain(b?.id);
  });

  it('a deal page: deals like it, never itself; an unknown deal has none', async () => {
    const like = await answer(detailRoute, `/api/v1/product-detail-page-deal?dealId=${dealId}&pageSize=40`);
    expect(like.status).toBe(200);
    expect(like.body.deals.length).toBeGreaterThan(0);
    expect(like.body.deals.map((deal) => deal.id)).not.toContain(dealId);
    const none = await answer(detailRoute, '/api/v1/product-detail-page-deal?dealId=999999999');
    expect(none.body).toEqual({ deals: [], count: 0, page: 0, pageSize: 25 });
  });

  it('bad input is a 400: no category, a limit over 40, six recentViewedDeal', async () => {
    expect((await listingRoute.GET(get('/api/v1/product-listing-page-deal'))).status).toBe(400);
    expect(
      (await listingRoute.GET(get(`/api/v1/product-listing-page-deal?categoryId=${categoryId}&limit=41`))).status,
    ).toBe(400);
    const six = Array.from({ length: 6 }, (_, i) => `recentViewedDeal=${i + 1}`).join('&');
    expect((await detailRoute.GET(get(`/api/v1/product-detail-page-deal?dealId=${dealId}&${six}`))).status).toBe(400);
  });
});
