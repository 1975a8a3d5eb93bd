/**
 * The shop's own analytics on embedded PGlite (spec 7 Analytics; spec 9 Timing and cookie lifetimes;
 * decision 059): POST /api/v1/analytics/events stores page views, click positions and orders only
 * with the visitor's analytics consent (spec 5; PECR reg. 6), tracks an order once, only the
 * visitor's own, attributed to the newest entry of the purchase source history; the campaign call
 * keeps that history (1 year) and the mgid click id (1 day) only with marketing consent; a guest's
 * wishlist id is kept a year (spec 9's 31536000 s variant) only with functional cookies allowed.
 */
import type { APIContext } from 'astro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../scripts/seed';
import { listAnalyticsEvents } from '../../src/server/analytics';
import { clearCatalogueCaches } from '../../src/server/catalog';
import type { Database } from '../../src/server/db/client';
import { deals } from '../../src/server/db/schema';
import { insertTestOrder, insertTestUser } from './commerce-fixtures';
import { embedded } from './databases';
import { serveTestDatabase } from './support/test-database';

const shared: { database?: Database } = {};
serveTestDatabase(shared);

const route = await import('../../src/pages/api/v1/analytics/events');
const campaignRoute = await import('../../src/pages/api/v1/campaign');
const wishlistRoute = await import('../../src/pages/api/v1/wishlist');

const ANSWERED_ALL = 'groups=C0001:1,C0002:1,C0003:1,C0004:1';
const REFUSED_ALL = 'groups=C0001:1,C0002:0,C0003:0,C0004:0';

interface Visit {
  jar?: Record<string, string>;
  guestOrders?: number[];
  contentType?: string;
}

/** A call with the visitor's cookies and (a guest's) session; records the cookies it set. */
function call(pathname: string, body: unknown, visit: Visit = {}) {
  const jar = visit.jar ?? {};
  const set = new Map<string, { value: string; maxAge?: number }>();
  const url = new URL(`http://localhost${pathname}`);
  const context = {
    url,
    clientAddress: '203.0.113.9',
    locals: { brand: 'tuppence' },
    params: {},
    request: new Request(url, {
      method: 'POST',
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: { 'content-type': visit.contentType ?? 'application/json' },
    }),
    cookies: {
      get: (name: string) => (name in jar ? { value: jar[name] } : undefined),
      has: (name: string) => name in jar,
      set: (name: string, value: string, options: { maxAge?: number }) =>
        set.set(name, { value, maxAge: options.maxAge }),
      delete() {},
    },
    session: { get: async (key: string) => (key === 'guestOrders' ? (visit.guestOrders ?? []) : undefined) },
  } as unknown as APIContext;
  return { context, set };
}

const send = async (body: unknown, visit: Visit = {}) => {
  const answer = await route.POST(call('/api/v1/analytics/events', body, visit).context);
  return { status: answer.status, body: (await answer.json()) as { recorded?: number; message?: string } };
};

describe.each(embedded)('the shop analytics on $name', (engine) => {
  const db = () => shared.database?.db as Database['db'];

  beforeAll(async () => {
    clearCatalogueCaches();
    shared.database = await engine.open();
    await seedCatalogue(shared.database.db, { deals: 20, seed: 59 });
  });

  afterAll(async () => {
    clearCatalogueCaches();
    await shared.database?.close();
  });

  it('PECR: without analytics consent nothing is stored, whatever is sent', async () => {
    const user = await insertTestUser(db());
    const { order } = await insertTestOrder(db(), { userId: user.id, quantity: 1 });
    const events = [
      { type: 'page_view', path: '/london' },
      { type: 'click_position', path: '/london', dealId: 1, list: 'listing', position: 3 },
      { type: 'order', orderId: order.id },
    ];
    // No answer to the banner yet (spec 5 would allow performance; PECR asks for consent first), then refused.
    const jars: Record<string, string>[] = [
      {},
      { consent: REFUSED_ALL },
      { consent: 'groups=C0001:1,C0002:0,C0003:1,C0004:1' },
    ];
    for (const jar of jars) {
      for (const event of events) {
        expect(await send(event, { jar, guestOrders: [order.id] })).toEqual({ status: 202, body: { recorded: 0 } });
      }
    }
    for (const type of ['page_view', 'click_position', 'order'] as const) {
      expect(await listAnalyticsEvents(db(), { type })).toEqual([]);
    }
  });

  it('spec 7: with consent a page view is stored by its path (never its query), also from a text/plain beacon', async () => {
    const jar = { consent: ANSWERED_ALL };
    expect(await send({ type: 'page_view', path: '/london/restaurants', pageType: 'location' }, { jar })).toEqual({
      status: 202,
      body: { recorded: 1 },
    });
    await send(JSON.stringify({ type: 'page_view', path: '/deal/5?usr_src=newsletter' }), {
      jar,
      contentType: 'text/plain;charset=UTF-8',
    });
    const views = await listAnalyticsEvents(db(), { type: 'page_view' });
    // Newest first.
    expect(views.map(({ path, pageType }) => ({ path, pageType }))).toEqual([
      { path: '/deal/5', pageType: null },
      { path: '/london/restaurants', pageType: 'location' },
    ]);
  });

  it('spec 9: a clicked card’s list and position are stored', async () => {
    await send(
      { type: 'click_position', path: '/', dealId: 12, list: 'new-products', position: 4 },
      { jar: { consent: ANSWERED_ALL } },
    );
    const [click] = await listAnalyticsEvents(db(), { type: 'click_position' });
    expect(click).toMatchObject({ path: '/', dealId: 12, list: 'new-products', position: 4 });
  });

  it('spec 5: bad input is a 400 in spec 5’s words', async () => {
    const jar = { consent: ANSWERED_ALL };
    for (const body of [
      { type: 'page_view', path: 'https://elsewhere.test/' },
      { type: 'click_position', path: '/', dealId: 12, list: 'Rail <b>', position: 1 },
      { type: 'click_position', path: '/', dealId: 12, list: 'rail', position: 0 },
      { type: 'search', path: '/' },
      { type: 'order', orderId: 'one' },
    ]) {
      expect(await send(body, { jar })).toEqual({ status: 400, body: { message: 'args malformed', status: 400 } });
    }
  });

  it('spec 9: an order is tracked once, from the database’s figures, attributed to the newest purchase source', async () => {
    const user = await insertTestUser(db());
    const { order } = await insertTestOrder(db(), { userId: user.id, quantity: 2 });
    const jar = { consent: ANSWERED_ALL, purchase_source_history: 'google|cpc|spa,newsletter' };
    expect(await send({ type: 'order', orderId: order.id }, { jar, guestOrders: [order.id] })).toEqual({
      status: 202,
      body: { recorded: 1 },
    });
    // The confirmation loaded again, in another tab: nothing more.
    expect(await send({ type: 'order', orderId: order.id }, { jar, guestOrders: [order.id] })).toEqual({
      status: 202,
      body: { recorded: 0 },
    });
    const tracked = await listAnalyticsEvents(db(), { type: 'order', orderId: order.id });
    expect(tracked).toHaveLength(1);
    expect(tracked[0]).toMatchObject({
      orderId: order.id,
      totalMinor: order.totalMinor,
      currency: 'GBP',
      purchaseSource: 'newsletter',
    });
  });

  it('an order that is not the visitor’s is refused and not tracked', async () => {
    const user = await insertTestUser(db());
    const { order } = await insertTestOrder(db(), { userId: user.id, quantity: 1 });
    const answer = await send({ type: 'order', orderId: order.id }, { jar: { consent: ANSWERED_ALL } });
    expect(answer).toEqual({ status: 404, body: { message: route.ORDER_NOT_FOUND, status: 404 } });
    expect(await listAnalyticsEvents(db(), { type: 'order', orderId: order.id })).toEqual([]);
  });

  it('spec 9: the campaign call keeps mgid 1 day and the purchase source history 1 year, only with marketing consent', async () => {
    const search = '?mgclid=mg-123&usr_src=sponsored_search_9';
    const refused = call('/api/v1/campaign', { search }, { jar: { consent: REFUSED_ALL } });
    await campaignRoute.POST(refused.context);
    expect([...refused.set.keys()]).toEqual([]);

    const jar = { consent: ANSWERED_ALL, purchase_source_history: 'google|cpc|spa' };
    const allowed = call('/api/v1/campaign', { search }, { jar });
    await campaignRoute.POST(allowed.context);
    expect(allowed.set.get('mgid')).toEqual({ value: 'mg-123', maxAge: 86_400 });
    expect(allowed.set.get('purchase_source_history')).toEqual({
      value: 'google|cpc|spa,sponsored_search_9',
      maxAge: 31_536_000,
    });
  });

  it('spec 9: a guest’s wishlist id is kept 7 days, or a year once functional cookies are allowed', async () => {
    const [deal] = await db().select({ id: deals.id }).from(deals).limit(1);
    const add = async (jar: Record<string, string>) => {
      const visit = call('/api/v1/wishlist', { deals: [deal?.id] }, { jar });
      const answer = await wishlistRoute.POST(visit.context);
      expect(answer.status).toBe(201);
      return visit.set.get('wishlist_id')?.maxAge;
    };
    expect(await add({})).toBe(604_800);
    expect(await add({ consent: REFUSED_ALL })).toBe(604_800);
    expect(await add({ consent: ANSWERED_ALL })).toBe(31_536_000);
  });
});
