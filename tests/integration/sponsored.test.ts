/**
 * Sponsored deals in search on embedded PGlite (decision 030; spec 3 Sponsored deal and search response
 * `sponsored`, spec 4 sponsored search usr_src, spec 7 sponsored session and event, spec 8 "no
 * sponsored deal entry for: {id}").
 */
import type { APIContext } from 'astro';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../scripts/seed';
import { sponsoredAdOf } from '../../src/domain/sponsored';
import * as searchRoute from '../../src/pages/api/v1/search';
import * as sessionRoute from '../../src/pages/api/v1/sponsored/customer';
import * as eventRoute from '../../src/pages/api/v1/sponsored/impressionAndClick';
import { clearCatalogueCaches } from '../../src/server/catalog';
import type { Database } from '../../src/server/db/client';
import { deals } from '../../src/server/db/schema';
import {
  addSponsoredDeal,
  countSponsoredEvents,
  recordSponsoredEvent,
  sponsoredForSearch,
  startSponsoredSession,
} from '../../src/server/sponsored';
import { embedded } from './databases';
import { watchLogWarnings } from './support/log-warnings';
import { serveTestDatabase } from './support/test-database';

const shared: { database?: Database } = {};
serveTestDatabase(shared);
const warnings = watchLogWarnings();

function call(method: string, path: string, body?: unknown): APIContext {
  const url = new URL(`http://localhost${path}`);
  const init: RequestInit = { method };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { 'content-type': 'application/json' };
  }
  const cookies = { get: () => undefined, has: () => false, set() {}, delete() {} };
  return {
    url,
    request: new Request(url, init),
    cookies,
    locals: {},
    params: {},
    session: undefined,
  } as unknown as APIContext;
}

describe.each(embedded)('sponsored deals on $name', (engine) => {
  let spaDeal = 0;
  let otherDeal = 0;

  beforeAll(async () => {
    clearCatalogueCaches();
    shared.database = await engine.open();
    const { db } = shared.database;
    await seedCatalogue(db, { deals: 120, seed: 21 });
    const live = await db.execute<{ id: number }>(
      sql`select d.id from deals d where d.status = 'live' and d.closing_date > now() order by d.id limit 2`,
    );
    [spaDeal = 0, otherDeal = 0] = live.rows.map((row) => Number(row.id));
    await addSponsoredDeal(db, { adId: 'ad-spa-1', dealId: spaDeal, keywords: ['Spa', 'massage'] });
  });

  afterAll(async () => {
    clearCatalogueCaches();
    await shared.database?.close();
  });

  it('a search naming an ad keyword shows the sponsored deal, its link carrying usr_src=sponsored_search_{adId}', async () => {
    const db = shared.database?.db as Database['db'];
    const cards = await sponsoredForSearch(db, 'Luxury SPA day');
    expect(cards.map((card) => card.entry)).toEqual([
      {
        id: spaDeal,
        adId: 'ad-spa-1',
        urlPath: `/deal/${spaDeal}?usr_src=sponsored_search_ad-spa-1`,
        isSponsored: true,
      },
    ]);
    expect(cards[0]?.deal.url).toBe(`/deal/${spaDeal}?usr_src=sponsored_search_ad-spa-1`);
    expect(sponsoredAdOf(new URL(`http://x${cards[0]?.entry.urlPath}`).searchParams.get('usr_src'))).toBe('ad-spa-1');
    expect(await sponsoredForSearch(db, 'pottery')).toEqual([]);
  });

  it('spec 3: GET /api/v1/search answers sponsored {sessionId, deals}', async () => {
    const response = await searchRoute.GET(call('GET', '/api/v1/search?q=massage'));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { sponsored: { sessionId: string | null; deals: { adId: string }[] } };
    expect(body.sponsored.sessionId).toBeNull();
    expect(body.sponsored.deals.map((deal) => deal.adId)).toEqual(['ad-spa-1']);
  });

  it('an ended deal is never sponsored', async () => {
    const db = shared.database?.db as Database['db'];
    await addSponsoredDeal(db, { adId: 'ad-ended', dealId: otherDeal, keywords: ['sunset'] });
    expect(await sponsoredForSearch(db, 'sunset')).toHaveLength(1);
    await db.update(deals).set({ status: 'closed' }).where(eq(deals.id, otherDeal));
    clearCatalogueCaches();
    expect(await sponsoredForSearch(db, 'sunset')).toEqual([]);
  });

  it('spec 7: a session is started, then kept when the browser sends its id back', async () => {
    const first = await sessionRoute.POST(call('POST', '/api/v1/sponsored/customer', {}));
    expect(first.status).toBe(200);
    const { sessionId } = (await first.json()) as { sessionId: string };
    expect(sessionId).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    const again = await sessionRoute.POST(call('POST', '/api/v1/sponsored/customer', { sessionId }));
    expect(((await again.json()) as { sessionId: string }).sessionId).toBe(sessionId);
    // A guest cannot tie the session to somebody's customer token.
    const forged = await sessionRoute.POST(
      call('POST', '/api/v1/sponsored/customer', { customerToken: 'someone-else' }),
    );
    expect(forged.status).toBe(403);
  });

  it('spec 7: impressions and a click are recorded; spec 8: an unknown deal is logged and left out', async () => {
    const db = shared.database?.db as Database['db'];
    const sessionId = await startSponsoredSession(db, {});
    const seen = await eventRoute.POST(
      call('POST', '/api/v1/sponsored/impressionAndClick', {
        sessionId,
        type: 'impression',
        adIds: ['ad-spa-1', 'ad-spa-1'],
        dealIds: [spaDeal, 987654],
      }),
    );
    expect(seen.status).toBe(202);
    expect(await seen.json()).toEqual({ recorded: 1 });
    expect(warnings).toContain('no sponsored deal entry for: 987654');
    await recordSponsoredEvent(db, { sessionId, type: 'click', adIds: ['ad-spa-1'], dealIds: [spaDeal] });
    expect(await countSponsoredEvents(db, 'ad-spa-1')).toEqual({ impression: 1, click: 1 });
  });

  it('bad events are a 400 and an unknown session a 404, recording nothing', async () => {
    const db = shared.database?.db as Database['db'];
    const before = await countSponsoredEvents(db, 'ad-spa-1');
    const unpaired = await eventRoute.POST(
      call('POST', '/api/v1/sponsored/impressionAndClick', {
        sessionId: 'a'.repeat(22),
        type: 'impression',
        adIds: ['ad-spa-1'],
        dealIds: [spaDeal, spaDeal],
      }),
    );
    expect(unpaired.status).toBe(400);
    const wrongType = await eventRoute.POST(
      call('POST', '/api/v1/sponsored/impressionAndClick', {
        sessionId: 'a'.repeat(22),
        type: 'hover',
        adIds: ['ad-spa-1'],
        dealIds: [spaDeal],
      }),
    );
    expect(wrongType.status).toBe(400);
    const unknown = await eventRoute.POST(
      call('POST', '/api/v1/sponsored/impressionAndClick', {
        sessionId: 'b'.repeat(22),
        type: 'click',
        adIds: ['ad-spa-1'],
        dealIds: [spaDeal],
      }),
    );
    expect(unknown.status).toBe(404);
    expect(await countSponsoredEvents(db, 'ad-spa-1')).toEqual(before);
  });
});
