/**
 * Referral and promotional credit (decision 021), granted after an order commits. A referred friend's first
 * order credits the referrer (and the friend) 10 pounds only once the 14-day refund window has passed (the
 * hourly jobs with an injected clock), never for a refunded order or a self-referral, never past the
 * 200-pound cap; an order of items under a promotional-credit offer earns 10% up to 5 pounds each.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../scripts/seed';
import {
  attachReferral,
  createPromotionalCreditOffer,
  grantDueCredit,
  listCredit,
  referralCodeFor,
  retrieveReferralSummary,
} from '../../src/server/credit';
import type { Database } from '../../src/server/db/client';
import { creditGrants, dealProducts, deals, orders, users, walletEntries } from '../../src/server/db/schema';
import { runHourlyJobs } from '../../src/server/jobs';
import { singleProvider } from '../../src/server/payments';
import { createBuyers, type LimitedDeal, prepareLimitedDeal, type ScenarioBuyer } from '../fixtures/purchase-scenario';
import { createSandboxProvider } from '../fixtures/sandbox-gateway';
import { embedded } from './databases';
import { placeOrderSettled } from './support/settled';

const DAY = 24 * 3600 * 1000;

describe.each(embedded)('referral and promotional credit (spec 4 expiry rules, spec 9 money) on $name', (engine) => {
  let database: Database;
  let deal: LimitedDeal;
  const db = () => database.db;

  beforeAll(async () => {
    database = await engine.open();
    await seedCatalogue(database.db, { deals: 40, seed: 17 });
    deal = await prepareLimitedDeal(database.db, 500);
  }, 120_000);

  afterAll(async () => {
    await database?.close();
  });

  async function shopper(name: string) {
    const [user] = await db()
      .insert(users)
      .values({
        email: `${name}-${randomBytes(3).toString('hex')}@example.test`,
        firstName: name,
        customerToken: randomBytes(16).toString('hex'),
      })
      .returning();
    if (user === undefined) throw new Error('no user');
    return user;
  }

  async function buy(buyer: ScenarioBuyer, now: Date) {
    const result = await placeOrderSettled(db(), singleProvider(createSandboxProvider(db(), { env: {} })), {
      basketToken: buyer.basketToken,
      buyer: buyer.user,
      useWallet: false,
      expected: { totalMinor: deal.unitTotalMinor, walletUsedMinor: 0, cashAmountMinor: deal.unitTotalMinor },
      payment: { method: 'credit_card', nonce: 'fake-valid-visa-nonce' },
      idempotencyKey: `credit-${buyer.basketToken}`,
      now,
      origin: 'http://shop.test',
    });
    if (!result.ok) throw new Error(`order refused: ${result.message}`);
    return result.order;
  }

  async function friendOf(referrerId: number, name: string) {
    const [buyer] = await createBuyers(db(), deal, 1, { prefix: name });
    if (buyer === undefined) throw new Error('no buyer');
    expect(
      await attachReferral(db(), { code: await referralCodeFor(db(), referrerId), friendUserId: buyer.user.id }),
    ).toBe('attached');
    return buyer;
  }

  const marketing = async (userId: number) =>
    db()
      .select()
      .from(walletEntries)
      .where(and(eq(walletEntries.userId, userId), eq(walletEntries.kind, 'marketing')));

  it("a referred friend's first order credits both 10 pounds only after 14 days (the hourly jobs, clock injected)", async () => {
    const referrer = await shopper('referrer');
    const friend = await friendOf(referrer.id, 'friend');
    const placedAt = new Date();
    const order = await buy(friend, placedAt);

    // Day 13: still inside the refund window.
    const early = await runHourlyJobs(db(), new Date(placedAt.getTime() + 13 * DAY));
    expect(early.grantedCredit).toBe(0);
    expect(await marketing(referrer.id)).toHaveLength(0);
    expect((await retrieveReferralSummary(db(), referrer.id)).pendingMinor).toBe(1000);

    // Day 14 and a minute: paid, once.
    const due = await runHourlyJobs(db(), new Date(placedAt.getTime() + 14 * DAY + 60_000));
    expect(due.grantedCredit).toBe(2);
    const again = await runHourlyJobs(db(), new Date(placedAt.getTime() + 15 * DAY));
    expect(again.grantedCredit).toBe(0);
    const [paid] = await marketing(referrer.id);
    expect(paid).toMatchObject({ amountMinor: 1000, orderId: order.id });
    expect(await marketing(friend.user.id)).toHaveLength(1);
    expect(await retrieveReferralSummary(db(), referrer.id)).toMatchObject({ earnedMinor: 1000, pendingMinor: 0 });
    const [line] = await listCredit(db(), referrer.id);
    expect(line).toMatchObject({ kind: 'referral', status: 'granted', amountMinor: 1000, orderId: order.id });
  });

  it("a refunded order earns nothing, and only the friend's first order counts", async () => {
    const referrer = await shopper('refunded-referrer');
    const friend = await friendOf(referrer.id, 'refunded-friend');
    const placedAt = new Date();
    const order = await buy(friend, placedAt);
    await db().update(orders).set({ status: 'refunded' }).where(eq(orders.id, order.id));
    const [secondBasket] = await createBuyers(db(), deal, 1, { prefix: 'refunded-friend-2' });
    if (secondBasket === undefined) throw new Error('no basket');
    await buy({ ...secondBasket, user: friend.user }, placedAt);

    const run = await grantDueCredit(db(), new Date(placedAt.getTime() + 15 * DAY));
    expect(run.granted).toBe(0);
    expect(await marketing(referrer.id)).toHaveLength(0);
    const grants = await db().select().from(creditGrants).where(eq(creditGrants.orderId, order.id));
    expect(grants.map((g) => g.status)).toEqual(['cancelled', 'cancelled']);
  });

  it('a self-referral and an existing customer are never attached', async () => {
    const referrer = await shopper('self');
    const code = await referralCodeFor(db(), referrer.id);
    expect(await attachReferral(db(), { code, friendUserId: referrer.id })).toBe('selfReferral');
    const [customer] = await createBuyers(db(), deal, 1, { prefix: 'existing' });
    if (customer === undefined) throw new Error('no buyer');
    await buy(customer, new Date());
    expect(await attachReferral(db(), { code, friendUserId: customer.user.id })).toBe('alreadyCustomer');
    expect(await attachReferral(db(), { code: 'ZZZZZZZZ', friendUserId: customer.user.id })).toBe('unknownCode');
  });

  it('the 200-pound cap holds: the last referral pays only what is left, then nothing', async () => {
    const referrer = await shopper('capped');
    // 195 pounds already earned from earlier friends.
    await db().insert(creditGrants).values({
      kind: 'referral',
      userId: referrer.id,
      amountMinor: 19_500,
      currency: 'GBP',
      status: 'granted',
      dueAt: new Date(),
      grantedAt: new Date(),
      note: 'earlier friends',
    });
    const placedAt = new Date();
    await buy(await friendOf(referrer.id, 'cap-1'), placedAt);
    await buy(await friendOf(referrer.id, 'cap-2'), placedAt);
    await grantDueCredit(db(), new Date(placedAt.getTime() + 15 * DAY));
    const paid = await marketing(referrer.id);
    expect(paid.map((e) => e.amountMinor)).toEqual([500]);
    expect((await retrieveReferralSummary(db(), referrer.id)).earnedMinor).toBe(20_000);
  });

  it('spec 1: items under a promotional-credit offer earn 10% up to 5 pounds each, once per order', async () => {
    const [row] = await db().select({ categoryId: deals.categoryId }).from(deals).where(eq(deals.id, deal.dealId));
    const [product] = await db().select().from(dealProducts).where(eq(dealProducts.id, deal.productId));
    await createPromotionalCreditOffer(
      db(),
      { name: 'Autumn credit', categoryIds: [row?.categoryId ?? 0], endsAt: null },
      new Date(Date.now() - 60_000),
    );
    const [buyer] = await createBuyers(db(), deal, 1, { prefix: 'promo-credit', quantity: 2 });
    if (buyer === undefined) throw new Error('no buyer');
    const twice = { ...deal, unitTotalMinor: deal.unitTotalMinor * 2 };
    const result = await placeOrderSettled(db(), singleProvider(createSandboxProvider(db(), { env: {} })), {
      basketToken: buyer.basketToken,
      buyer: buyer.user,
      useWallet: false,
      expected: { totalMinor: twice.unitTotalMinor, walletUsedMinor: 0, cashAmountMinor: twice.unitTotalMinor },
      payment: { method: 'credit_card', nonce: 'fake-valid-visa-nonce' },
      idempotencyKey: `promo-credit-${buyer.basketToken}`,
      now: new Date(),
      origin: 'http://shop.test',
    });
    expect(result.ok).toBe(true);
    const price = product?.priceMinor ?? 0;
    const perItem = Math.min(500, Math.floor((price * 10 + 50) / 100));
    const credits = await marketing(buyer.user.id);
    expect(credits.map((c) => c.amountMinor)).toEqual(perItem > 0 ? [2 * perItem] : []);
    if (perItem > 0) expect(credits[0]?.expiresAt).not.toBeNull();
  });
});
