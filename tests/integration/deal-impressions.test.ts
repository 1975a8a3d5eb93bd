/**
 * Deal impressions by location on embedded PGlite (spec 7 "deal impressions by location",
 * decision 033): the browser's batches of seen deal cards add up per deal, location and UTC day; bad
 * input is a 400 in spec 5's words.
 */
import type { APIContext } from 'astro';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../scripts/seed';
import { clearCatalogueCaches } from '../../src/server/catalog';
import type { Database } from '../../src/server/db/client';
import { countDealImpressions, impressionDay, recordDealImpressions } from '../../src/server/impressions';
import { embedded } from './databases';
import { serveTestDatabase } from './support/test-database';

const shared: { database?: Database } = {};
serveTestDatabase(shared);

const route = await import('../../src/pages/api/v1/deal/impressions');

function post(body: string, contentType = 'application/json'): APIContext {
  const url = new URL('http://localhost/api/v1/deal/impressions');
  const cookies = { get: () => undefined, has: () => false, set() {}, delete() {} };
  return {
    url,
    request: new Request(url, { method: 'POST', body, headers: { 'content-type': contentType } }),
    cookies,
    locals: {},
    params: {},
    session: undefined,
  } as unknown as APIContext;
}

describe.each(embedded)('deal impressions by location on $name', (engine) => {
  let first = 0;
  let second = 0;
  const db = () => shared.database?.db as Database['db'];
  const today = impressionDay(new Date());

  beforeAll(async () => {
    clearCatalogueCaches();
    shared.database = await engine.open();
    await seedCatalogue(shared.database.db, { deals: 60, seed: 33 });
    const rows = await shared.database.db.execute<{ id: number }>(sql`select id from deals order by id limit 2`);
    [first = 0, second = 0] = rows.rows.map((row) => Number(row.id));
  });

  afterAll(async () => {
    clearCatalogueCaches();
    await shared.database?.close();
  });

  it('spec 7: a listing’s batch is counted per deal for its location and day; batches add up', async () => {
    const answer = await route.POST(post(JSON.stringify({ location: 'london', dealIds: [first, second, first] })));
    expect(answer.status).toBe(202);
    expect(await answer.json()).toEqual({ recorded: 3 });
    // sendBeacon posts its string body as text/plain: read the same.
    const beacon = await route.POST(
      post(JSON.stringify({ location: 'london', dealIds: [first] }), 'text/plain;charset=UTF-8'),
    );
    expect(beacon.status).toBe(202);

    expect(await countDealImpressions(db(), { dealId: first, location: 'london', day: today })).toBe(3);
    expect(await countDealImpressions(db(), { dealId: second, location: 'london', day: today })).toBe(1);
    // Another location keeps its own count.
    expect(await countDealImpressions(db(), { dealId: first, location: 'manchester', day: today })).toBe(0);
  });

  it('a new UTC day starts a new count (the injected clock)', async () => {
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
    await recordDealImpressions(db(), { location: 'manchester', dealIds: [second] }, tomorrow);
    expect(
      await countDealImpressions(db(), { dealId: second, location: 'manchester', day: impressionDay(tomorrow) }),
    ).toBe(1);
    expect(await countDealImpressions(db(), { dealId: second, location: 'manchester', day: today })).toBe(0);
  });

  it('a deal that no longer exists is left out, the rest recorded', async () => {
    const answer = await route.POST(post(JSON.stringify({ location: 'london', dealIds: [second, 2_000_000_000] })));
    expect(await answer.json()).toEqual({ recorded: 1 });
  });

  it.each([
    ['no deals', { location: 'london', dealIds: [] }, 'Deals missing'],
    ['dealIds missing', { location: 'london' }, 'Deals missing'],
    ['a deal id that is not an id', { location: 'london', dealIds: ['x'] }, 'args malformed'],
    ['more than 50 in a batch', { location: 'london', dealIds: Array.from({ length: 51 }, () => 1) }, 'args malformed'],
    ['no location', { dealIds: [1] }, 'args malformed'],
    ['a location that is no short name', { location: '../etc', dealIds: [1] }, 'args malformed'],
    ['an unknown location', { location: 'atlantis', dealIds: [1] }, 'args malformed'],
    ['not an object', [1, 2], 'args malformed'],
  ])('spec 5: %s is a 400 in spec 5’s words', async (_case, body, message) => {
    const answer = await route.POST(post(JSON.stringify(body)));
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { message: string }).message).toBe(message);
  });
});
