/**
 * Points for sharing (docs/decisions/027 "Points for sharing") on embedded PGlite: the deal page's
 * shares arrive at spec 7 POST club engagement (/reward/bulkPublishEvents, body spec 3 shareDealData
 * lists) or POST share deal (/reward/shareDeal); a member earns the rewards page's points once per
 * deal per day and for at most SHARE_AWARDS_PER_DAY deals a day; a guest is refused (spec 6: club
 * engagement data is sent only for authenticated users); a malformed body is a 400.
 */
import type { APIContext } from 'astro';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGAGEMENT_POINTS, SHARE_AWARDS_PER_DAY, VIEW_AWARDS_PER_DAY } from '../../src/domain/loyalty';
import type { Database } from '../../src/server/db/client';
import { loyaltyAccounts, loyaltyActivities } from '../../src/server/db/schema';
import { recordEngagement } from '../../src/server/loyalty';
import { insertTestUser } from './commerce-fixtures';
import { embedded } from './databases';
import { serveTestDatabase } from './support/test-database';

const shared: { database?: Database } = {};
serveTestDatabase(shared);

const { POST: bulkPublish } = await import('../../src/pages/api/v1/reward/bulkPublishEvents');
const { POST: shareDeal } = await import('../../src/pages/api/v1/reward/shareDeal');

/** A POST whose session holds `data` (a signed-in member's account, or nothing for a guest). */
function post(path: string, data: Record<string, unknown>, body: unknown): APIContext {
  const url = `http://shop.test${path}`;
  const session = { get: async (key: string) => data[key], set: () => undefined, destroy: () => undefined };
  return {
    url: new URL(url),
    params: {},
    request: new Request(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'http://shop.test' },
      body: JSON.stringify(body),
    }),
    session,
    cookies: { get: () => undefined, set: () => undefined, delete: () => undefined },
    locals: { brand: 'tuppence' },
  } as unknown as APIContext;
}

const signedIn = (user: { id: number; sessionEpoch: number }) => ({
  account: { userId: user.id, epoch: user.sessionEpoch },
});

const shares = (dealIds: number[]) => dealIds.map((dealId) => ({ dealId, publisherSource: 'facebook' }));

describe.each(embedded)('Points for sharing (spec 3, 6, 7 club engagement) on $name', (engine) => {
  beforeAll(async () => {
    shared.database = await engine.open();
  }, 120_000);

  afterAll(async () => {
    await shared.database?.close();
  });

  const db = () => {
    if (!shared.database) throw new Error('no database');
    return shared.database.db;
  };

  const pointsOf = async (userId: number) =>
    (await db().select().from(loyaltyAccounts).where(eq(loyaltyAccounts.userId, userId)))[0]?.currentPoints ?? 0;

  it('spec 7: a shared deal earns its points once a day, whichever call brings it', async () => {
    const user = await insertTestUser(db());
    const first = await bulkPublish(
      post('/api/v1/reward/bulkPublishEvents', signedIn(user), {
        shareDeal: shares([31_000_001, 31_000_001]),
        viewDeal: [],
      }),
    );
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ pointsEarned: ENGAGEMENT_POINTS.shareDeal });
    const again = await shareDeal(
      post('/api/v1/reward/shareDeal', signedIn(user), { shareDeal: { dealId: 31_000_001, publisherSource: 'x' } }),
    );
    expect(await again.json()).toEqual({ pointsEarned: 0 });
    expect(await pointsOf(user.id)).toBe(ENGAGEMENT_POINTS.shareDeal);
    const activity = await db().select().from(loyaltyActivities).where(eq(loyaltyActivities.userId, user.id));
    expect(activity.map((a) => a.description)).toEqual(['Shared deal 31000001']);
  });

  it(`decision 027: shares earn points for at most ${SHARE_AWARDS_PER_DAY} deals a day; the next day counts afresh`, async () => {
    const user = await insertTestUser(db());
    const dealIds = Array.from({ length: SHARE_AWARDS_PER_DAY + 3 }, (_, i) => 31_100_000 + i);
    const answer = await bulkPublish(
      post('/api/v1/reward/bulkPublishEvents', signedIn(user), { shareDeal: shares(dealIds) }),
    );
    expect(await answer.json()).toEqual({ pointsEarned: SHARE_AWARDS_PER_DAY * ENGAGEMENT_POINTS.shareDeal });
    const late = await shareDeal(
      post('/api/v1/reward/shareDeal', signedIn(user), {
        shareDeal: { dealId: 31_200_000, publisherSource: 'native' },
      }),
    );
    expect(await late.json()).toEqual({ pointsEarned: 0 });
    expect(await pointsOf(user.id)).toBe(SHARE_AWARDS_PER_DAY * ENGAGEMENT_POINTS.shareDeal);

    // The cap is a day's: with a fixed clock, one day fills up and the next starts again.
    const other = await insertTestUser(db());
    const day = new Date('2026-11-24T09:00:00Z');
    const earned = [];
    for (const dealId of dealIds) earned.push(await recordEngagement(db(), other.id, 'shareDeal', dealId, day));
    expect(earned.filter((points) => points > 0)).toHaveLength(SHARE_AWARDS_PER_DAY);
    expect(await recordEngagement(db(), other.id, 'shareDeal', dealIds[0] ?? 0, new Date('2026-11-25T09:00:00Z'))).toBe(
      ENGAGEMENT_POINTS.shareDeal,
    );
    // Views are not shares: a full day of shares leaves viewing a deal worth its point.
    expect(await recordEngagement(db(), other.id, 'viewDeal', dealIds[0] ?? 0, day)).toBe(ENGAGEMENT_POINTS.viewDeal);
    // Views have their own cap: made-up deal ids cannot earn points without end.
    const viewed = [];
    for (let i = 1; i <= VIEW_AWARDS_PER_DAY + 5; i += 1) {
      viewed.push(await recordEngagement(db(), other.id, 'viewDeal', 31_300_000 + i, day));
    }
    expect(viewed.filter((points) => points > 0)).toHaveLength(VIEW_AWARDS_PER_DAY - 1);
  });

  it('spec 6: a guest is refused with 401 and nothing is recorded', async () => {
    const before = await db().select().from(loyaltyActivities);
    const bulk = await bulkPublish(post('/api/v1/reward/bulkPublishEvents', {}, { shareDeal: shares([31_000_009]) }));
    expect(bulk.status).toBe(401);
    const one = await shareDeal(
      post('/api/v1/reward/shareDeal', {}, { shareDeal: { dealId: 31_000_009, publisherSource: 'x' } }),
    );
    expect(one.status).toBe(401);
    expect(await db().select().from(loyaltyActivities)).toHaveLength(before.length);
  });

  it('spec 7: a malformed body is a 400 and earns nothing', async () => {
    const user = await insertTestUser(db());
    for (const body of [
      { shareDeal: [{ dealId: 'x', publisherSource: 'x' }] },
      { shareDeal: shares(Array.from({ length: 51 }, (_, i) => 31_300_000 + i)) },
      { shareDeal: 'all of them' },
    ]) {
      const answer = await bulkPublish(post('/api/v1/reward/bulkPublishEvents', signedIn(user), body));
      expect(answer.status).toBe(400);
    }
    const missing = await shareDeal(post('/api/v1/reward/shareDeal', signedIn(user), { shareDeal: {} }));
    expect(missing.status).toBe(400);
    expect(await pointsOf(user.id)).toBe(0);
  });
});
