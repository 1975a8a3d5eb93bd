/**
 * The VIP and loyalty club's spec 7 calls (decision 027) on embedded PGlite: GET subscription
 * (NOT_CHECKED for a guest, ELIGIBLE and the spec 4 subscription-validity cookie for a member), POST
 * subscription/cancel ("No subscription found" as a 404), GET /reward/details (spec 3 Loyalty status),
 * POST /reward/exchange-points/{points} (spec 5 wording, Idempotency-Key), and the club engagement
 * calls (signed-in members only).
 */
import type { APIContext } from 'astro';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../scripts/seed';
import { LoyaltyStatusSchema } from '../../src/contracts/loyalty';
import { SubscriptionResponseSchema } from '../../src/contracts/subscription';
import type { Database } from '../../src/server/db/client';
import { baskets, loyaltyAccounts } from '../../src/server/db/schema';
import { insertTestUser } from './commerce-fixtures';
import { embedded } from './databases';
import { serveTestDatabase } from './support/test-database';

const shared: { database?: Database } = {};
serveTestDatabase(shared);

const { GET: getSubscription } = await import('../../src/pages/api/v1/subscription');
const { POST: cancelSubscription } = await import('../../src/pages/api/v1/subscription/cancel');
const { GET: rewardDetails } = await import('../../src/pages/api/v1/reward/details');
const { POST: exchange } = await import('../../src/pages/api/v1/reward/exchange-points/[points]');
const { POST: bulkPublish } = await import('../../src/pages/api/v1/reward/bulkPublishEvents');
const { POST: viewDeal } = await import('../../src/pages/api/v1/reward/viewDeal');
const { POST: applyVip } = await import('../../src/pages/api/v1/subscription/apply-vip-discount');
const { POST: updateVipStatus } = await import('../../src/pages/api/v1/update-vip-status');

interface Call {
  context: APIContext;
  cookies: Map<string, string>;
}

/** A request context whose session holds `data`; the cookies it sets are kept in `cookies`. */
function call(
  url: string,
  data: Record<string, unknown>,
  init: { method?: string; body?: unknown; headers?: Record<string, string>; params?: Record<string, string> } = {},
): Call {
  const cookies = new Map<string, string>();
  const session = { get: async (key: string) => data[key], set: () => undefined, destroy: () => undefined };
  const request = new Request(url, {
    method: init.method ?? 'GET',
    headers: { 'Content-Type': 'application/json', Origin: new URL(url).origin, ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const context = {
    url: new URL(url),
    params: init.params ?? {},
    request,
    session,
    cookies: {
      get: () => undefined,
      set: (name: string, value: string) => cookies.set(name, value),
      delete: () => undefined,
    },
    locals: { brand: 'tuppence' },
  } as unknown as APIContext;
  return { context, cookies };
}

const signedIn = (user: { id: number; sessionEpoch: number }) => ({
  account: { userId: user.id, epoch: user.sessionEpoch },
});

describe.each(embedded)('spec 7 VIP subscription and loyalty club calls on $name', (engine) => {
  beforeAll(async () => {
    shared.database = await engine.open();
    await seedCatalogue(shared.database.db, { deals: 20, seed: 9 });
  }, 120_000);

  afterAll(async () => {
    await shared.database?.close();
  });

  const db = () => {
    if (!shared.database) throw new Error('no database');
    return shared.database.db;
  };

  it('GET subscription: a guest is NOT_CHECKED; a member without one is ELIGIBLE, and the validity cookie says false', async () => {
    const guest = call('http://shop.test/api/v1/subscription', {});
    const guestAnswer = await getSubscription(guest.context);
    expect(SubscriptionResponseSchema.parse(await guestAnswer.json())).toMatchObject({
      status: 'NOT_CHECKED',
      valid: false,
    });

    const user = await insertTestUser(db());
    const member = call('http://shop.test/api/v1/subscription', signedIn(user));
    const answer = await getSubscription(member.context);
    expect(await answer.json()).toMatchObject({ status: 'ELIGIBLE', valid: false });
    expect(member.cookies.get('subscription_valid')).toBe('false');
  });

  it('POST subscription/cancel without a subscription: 404 "No subscription found"; a guest 401', async () => {
    const user = await insertTestUser(db());
    const answer = await cancelSubscription(
      call('http://shop.test/api/v1/subscription/cancel', signedIn(user), { method: 'POST', body: {} }).context,
    );
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ message: 'No subscription found' });
    const guest = await cancelSubscription(
      call('http://shop.test/api/v1/subscription/cancel', {}, { method: 'POST', body: {} }).context,
    );
    expect(guest.status).toBe(401);
  });

  it('GET /reward/details and POST /reward/exchange-points: spec 3 status, spec 5 wording, one exchange per key', async () => {
    const user = await insertTestUser(db());
    await db().insert(loyaltyAccounts).values({ userId: user.id, currentPoints: 400, lifetimePoints: 1000 });
    const details = LoyaltyStatusSchema.parse(
      await (await rewardDetails(call('http://shop.test/api/v1/reward/details', signedIn(user)).context)).json(),
    );
    expect(details).toMatchObject({
      currentLevel: { name: 'Silver', colour: '9CA0A2' },
      nextLevel: { name: 'Gold' },
      currentPoints: 400,
      lifetimePoints: 1000,
      pointsToNextLevel: 1500,
    });

    const exchangeCall = (points: string, key: string) =>
      exchange(
        call(`http://shop.test/api/v1/reward/exchange-points/${points}`, signedIn(user), {
          method: 'POST',
          body: {},
          headers: { 'Idempotency-Key': key },
          params: { points },
        }).context,
      );
    const tooMany = await exchangeCall('401', 'k-0');
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toMatchObject({
      message: 'Please select a number between 1 and 400 to exchange your points.',
    });
    const first = await exchangeCall('400', 'k-1');
    expect(await first.json()).toEqual({ points: 400, creditAmount: 500, currency: 'GBP' });
    const replay = await exchangeCall('400', 'k-1');
    expect(replay.status).toBe(200);
    const none = await exchangeCall('1', 'k-2');
    expect(await none.json()).toMatchObject({ message: "You don't have enough points" });
    const after = await (
      await rewardDetails(call('http://shop.test/api/v1/reward/details', signedIn(user)).context)
    ).json();
    expect(after.currentPoints).toBe(0);
  });

  it('club engagement: members only, each deal once a day', async () => {
    const user = await insertTestUser(db());
    const body = {
      customerToken: user.customerToken,
      viewDeal: [{ dealId: 31_000_001 }, { dealId: 31_000_001 }],
      shareDeal: [{ dealId: 31_000_002, publisherSource: 'x' }],
    };
    const answer = await bulkPublish(
      call('http://shop.test/api/v1/reward/bulkPublishEvents', signedIn(user), { method: 'POST', body }).context,
    );
    expect(await answer.json()).toEqual({ pointsEarned: 6 });
    const guest = await viewDeal(
      call(
        'http://shop.test/api/v1/reward/viewDeal',
        {},
        { method: 'POST', body: { viewDeal: { dealId: 31_000_001 } } },
      ).context,
    );
    expect(guest.status).toBe(401);
    const bad = await viewDeal(
      call('http://shop.test/api/v1/reward/viewDeal', signedIn(user), {
        method: 'POST',
        body: { viewDeal: { dealId: 'x' } },
      }).context,
    );
    expect(bad.status).toBe(400);
  });

  it('update-vip-status needs a value ("args malformed"); VIP pricing stays off without a subscription', async () => {
    const user = await insertTestUser(db());
    await db()
      .insert(baskets)
      .values({ id: `vip-${user.customerToken}`, customerToken: user.customerToken, eligibleForVip: true });
    const missing = await updateVipStatus(
      call('http://shop.test/api/v1/update-vip-status', signedIn(user), { method: 'POST', body: {} }).context,
    );
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ message: 'args malformed' });
    const asked = await updateVipStatus(
      call('http://shop.test/api/v1/update-vip-status', signedIn(user), { method: 'POST', body: { vipStatus: true } })
        .context,
    );
    expect(await asked.json()).toEqual({ eligibleForVip: false });
    const applied = await applyVip(
      call('http://shop.test/api/v1/subscription/apply-vip-discount', signedIn(user), { method: 'POST', body: {} })
        .context,
    );
    expect(await applied.json()).toEqual({ eligibleForVip: false, status: 'ELIGIBLE' });
    const [basket] = await db().select().from(baskets).where(eq(baskets.customerToken, user.customerToken));
    expect(basket?.eligibleForVip).toBe(false);
  });
});
