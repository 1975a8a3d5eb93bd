/**
 * The VIP subscription and the loyalty club (decision 027), on the real order pipeline and the sandbox
 * gateway. A shopper buys VIP through checkout (the subscription deal), then pays VIP prices and can
 * buy a VIP-exclusive option; after Cancel Renewal and the period's end (the renewal job, clock
 * injected) they cannot. The renewal charges the saved card once per month. Points arrive after the
 * order commits, are taken back on a refund, and a Silver member's exchange adds exactly the
 * previewed credit to the wallet, once.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../scripts/seed';
import { exchangePreview, pointsForSpend } from '../../src/domain/loyalty';
import { addOneMonth, VIP_SUBSCRIPTION_DEAL_ID } from '../../src/domain/subscription';
import { retrieveBasketPricing } from '../../src/server/basket';
import type { Database } from '../../src/server/db/client';
import {
  basketLines,
  baskets,
  dealProductStock,
  dealProducts,
  deals,
  loyaltyAccounts,
  loyaltyActivities,
  orders,
  outbox,
  subscriptionCharges,
  users,
} from '../../src/server/db/schema';
import {
  awardOrderPoints,
  exchangePoints,
  recordEngagement,
  retrieveLoyaltyStatus,
  reversePointsForRefund,
} from '../../src/server/loyalty';
import { singleProvider } from '../../src/server/payments';
import {
  cancelRenewal,
  RENEWAL_GRACE_MS,
  renewDueSubscriptions,
  retrieveSubscription,
  retrieveSubscriptionStatus,
} from '../../src/server/subscriptions';
import { walletBalances } from '../../src/server/wallet';
import { createSandboxProvider } from '../fixtures/sandbox-gateway';
import { embedded } from './databases';
import { mailText } from './support/mail';
import { placeOrderSettled } from './support/settled';

describe.each(embedded)('spec 6: VIP subscription and loyalty club on $name', (engine) => {
  let database: Database;
  const db = () => database.db;
  /** A deal with a VIP price on its first option and a VIP-exclusive second option. */
  let vipDeal: { dealId: number; openId: number; priceMinor: number; vipPriceMinor: number; exclusiveId: number };

  beforeAll(async () => {
    database = await engine.open();
    await seedCatalogue(database.db, { deals: 40, seed: 19 });
    const [deal] = await db()
      .select({ id: deals.id })
      .from(deals)
      .where(and(eq(deals.status, 'live'), eq(deals.isTravel, false), eq(deals.pricePerPerson, false)))
      .orderBy(asc(deals.id))
      .limit(1);
    if (deal === undefined) throw new Error('no deal');
    const options = await db()
      .select()
      .from(dealProducts)
      .where(eq(dealProducts.dealId, deal.id))
      .orderBy(asc(dealProducts.sortOrder));
    const [open, other] = options;
    if (open === undefined || other === undefined) throw new Error('the deal needs two options');
    await db().update(deals).set({ purchaseCap: null, maxPerUser: null }).where(eq(deals.id, deal.id));
    const vipPriceMinor = open.priceMinor - 150;
    for (const [option, exclusive] of [
      [open, false],
      [other, true],
    ] as const) {
      await db()
        .update(dealProducts)
        .set({
          purchaseCap: null,
          minPeople: 1,
          disabled: false,
          visibility: 'visible',
          hasDeposit: false,
          postagePriceMinor: 0,
          vipExclusive: exclusive,
          vipPriceMinor: exclusive ? null : vipPriceMinor,
        })
        .where(eq(dealProducts.id, option.id));
      await db()
        .insert(dealProductStock)
        .values({ productId: option.id, quantityRemaining: 100, soldCount: 0 })
        .onConflictDoUpdate({
          target: dealProductStock.productId,
          set: { quantityRemaining: 100, dailyLimit: null, remainingForDay: null },
        });
    }
    vipDeal = { dealId: deal.id, openId: open.id, priceMinor: open.priceMinor, vipPriceMinor, exclusiveId: other.id };
  }, 120_000);

  afterAll(async () => {
    await database?.close();
  });

  const provider = () => createSandboxProvider(db(), { env: {} });

  async function shopper(name: string) {
    const [user] = await db()
      .insert(users)
      .values({
        email: `${name}-${randomBytes(3).toString('hex')}@example.test`,
        firstName: name,
        customerToken: randomBytes(16).toString('hex'),
        isRegistered: true,
      })
      .returning();
    if (user === undefined) throw new Error('no user');
    return user;
  }

  async function basketWith(user: { customerToken: string }, lines: { dealId: number; productId: number }[]) {
    const token = randomBytes(16).toString('hex');
    await db().insert(baskets).values({ id: token, customerToken: user.customerToken });
    for (const line of lines) {
      await db()
        .insert(basketLines)
        .values({ basketId: token, dealId: line.dealId, dealProductId: line.productId, quantity: 1 });
    }
    return token;
  }

  async function checkout(
    user: { id: number; email: string; firstName: string },
    token: string,
    now: Date,
    save = false,
  ) {
    const pricing = await retrieveBasketPricing(db(), token, { userId: user.id });
    const totalMinor = pricing?.breakdown.totalMinor ?? 0;
    return placeOrderSettled(db(), singleProvider(provider()), {
      basketToken: token,
      buyer: user,
      useWallet: false,
      expected: { totalMinor, walletUsedMinor: 0, cashAmountMinor: totalMinor },
      payment: { method: 'credit_card', nonce: 'fake-valid-visa-nonce', save },
      idempotencyKey: `vip-${token}`,
      now,
      origin: 'http://shop.test',
    });
  }

  async function joinVip(name: string, now: Date, save = true) {
    const user = await shopper(name);
    // The shopper's other basket, open before they join: it becomes eligible for VIP with them.
    const later = await basketWith(user, [{ dealId: vipDeal.dealId, productId: vipDeal.openId }]);
    const vip = await basketWith(user, [{ dealId: VIP_SUBSCRIPTION_DEAL_ID, productId: VIP_SUBSCRIPTION_DEAL_ID }]);
    const result = await checkout(user, vip, now, save);
    if (!result.ok) throw new Error(`VIP order refused: ${result.message}`);
    return { user, later, orderId: result.order.id };
  }

  it('a shopper buys VIP, pays VIP prices and buys a VIP-exclusive option; after Cancel Renewal and the period end they cannot', async () => {
    const joined = new Date();
    const before = await shopper('Guest');
    expect(await retrieveSubscriptionStatus(db(), null, joined)).toBe('NOT_CHECKED');
    expect(await retrieveSubscriptionStatus(db(), before.id, joined)).toBe('ELIGIBLE');

    const { user, later } = await joinVip('Vera', joined);
    const [vera] = await db().select().from(users).where(eq(users.id, user.id));
    expect(vera?.isVip).toBe(true);
    const sub = await retrieveSubscription(db(), user.id, joined);
    expect(sub).toMatchObject({ status: 'ACTIVE', isValid: true, priceMinor: 499 });
    expect(sub?.currentPeriodEnd.toISOString()).toBe(addOneMonth(sub?.currentPeriodStart ?? joined).toISOString());

    // VIP price on the open option, the exclusive option on sale, in the basket opened before joining.
    await db()
      .insert(basketLines)
      .values({ basketId: later, dealId: vipDeal.dealId, dealProductId: vipDeal.exclusiveId, quantity: 1 });
    const pricing = await retrieveBasketPricing(db(), later, { userId: user.id });
    expect(pricing?.basket.eligibleForVip).toBe(true);
    expect(pricing?.breakdown.adjustments.filter((a) => a.kind === 'vipPrice').map((a) => a.amountMinor)).toEqual([
      -150,
    ]);
    const bought = await checkout(user, later, joined);
    if (!bought.ok) throw new Error(bought.message);
    const [order] = await db().select().from(orders).where(eq(orders.id, bought.order.id));
    const [exclusive] = await db().select().from(dealProducts).where(eq(dealProducts.id, vipDeal.exclusiveId));
    expect(order?.totalMinor).toBe(vipDeal.vipPriceMinor + (exclusive?.priceMinor ?? 0));

    // Cancel Renewal: still VIP (RENEW) until the period ends.
    const cancelled = await cancelRenewal(db(), user.id, joined);
    expect(cancelled).toMatchObject({ status: 'RENEW', renews: false, isValid: true });
    const nextBasket = await basketWith(user, [{ dealId: vipDeal.dealId, productId: vipDeal.exclusiveId }]);
    await db().update(baskets).set({ eligibleForVip: true }).where(eq(baskets.id, nextBasket));

    const end = sub?.currentPeriodEnd ?? joined;
    const run = await renewDueSubscriptions(db(), new Date(end.getTime() - 1000), provider());
    expect(run).toEqual({ renewed: 0, lapsed: 0, failed: 0, retrying: 0 });
    expect(await renewDueSubscriptions(db(), end, provider())).toEqual({
      renewed: 0,
      lapsed: 1,
      failed: 0,
      retrying: 0,
    });

    const [after] = await db().select().from(users).where(eq(users.id, user.id));
    expect(after?.isVip).toBe(false);
    expect(await retrieveSubscriptionStatus(db(), user.id, end)).toBe('ELIGIBLE');
    const refused = await checkout(user, nextBasket, end);
    expect(refused.ok).toBe(false);
    // No charge was taken for the cancelled renewal.
    expect(
      await db()
        .select()
        .from(subscriptionCharges)
        .where(eq(subscriptionCharges.subscriptionId, sub?.id ?? 0)),
    ).toEqual([]);
    await expect(cancelRenewal(db(), user.id, end)).rejects.toThrow('No subscription found');
  });

  it('the renewal job charges the saved card once per month; without a saved card the subscription lapses', async () => {
    const joined = new Date();
    const { user } = await joinVip('Rita', joined);
    const sub = await retrieveSubscription(db(), user.id, joined);
    const end = sub?.currentPeriodEnd ?? joined;
    expect(await renewDueSubscriptions(db(), end, provider())).toMatchObject({ renewed: 1 });
    // The job running again in the same hour charges nothing more.
    expect(await renewDueSubscriptions(db(), end, provider())).toMatchObject({ renewed: 0 });
    const charges = await db()
      .select()
      .from(subscriptionCharges)
      .where(eq(subscriptionCharges.subscriptionId, sub?.id ?? 0));
    expect(charges.map((c) => [c.status, c.amountMinor])).toEqual([['paid', 499]]);
    const renewed = await retrieveSubscription(db(), user.id, end);
    expect(renewed).toMatchObject({ status: 'ACTIVE' });
    expect(renewed?.currentPeriodEnd.toISOString()).toBe(addOneMonth(end).toISOString());

    const mails = await db().select().from(outbox).where(eq(outbox.userId, user.id));
    expect(mails.map((m) => m.subject)).toContain('Your Tuppence VIP membership has renewed');
    // fake-valid-visa-nonce is the sandbox's Visa ending 1881.
    const receipt = mails.find((m) => m.kind === 'vip_renewed');
    expect(receipt === undefined ? '' : await mailText(receipt)).toContain('£4.99 from Visa ending 1881');

    const { user: unsaved } = await joinVip('Nosave', joined, false);
    const due = (await retrieveSubscription(db(), unsaved.id, joined))?.currentPeriodEnd ?? joined;
    expect(await renewDueSubscriptions(db(), due, provider())).toMatchObject({ failed: 1 });
    expect(await retrieveSubscription(db(), unsaved.id, due)).toMatchObject({
      status: 'ELIGIBLE',
      lastError: 'Error on user subscription.',
    });
  });

  it('a gateway that cannot be reached is tried again for three days, VIP kept; then the subscription lapses', async () => {
    const joined = new Date();
    const { user } = await joinVip('Gale', joined);
    const sub = await retrieveSubscription(db(), user.id, joined);
    const end = sub?.currentPeriodEnd ?? joined;
    const charges = () =>
      db()
        .select({ status: subscriptionCharges.status })
        .from(subscriptionCharges)
        .where(eq(subscriptionCharges.subscriptionId, sub?.id ?? 0))
        .orderBy(asc(subscriptionCharges.id));
    const isVip = async () => (await db().select().from(users).where(eq(users.id, user.id)))[0]?.isVip;
    const away = createSandboxProvider(db(), { env: { PAYMENTS_FAULT: 'unreachable' } });

    expect((await renewDueSubscriptions(db(), end, away)).retrying).toBeGreaterThanOrEqual(1);
    expect(await retrieveSubscription(db(), user.id, end)).toMatchObject({ status: 'ACTIVE', isValid: true });
    expect(await isVip()).toBe(true);
    expect(await charges()).toEqual([{ status: 'charging' }]);

    // Back within the grace period: the same charge goes through, once.
    await renewDueSubscriptions(db(), new Date(end.getTime() + 3_600_000), provider());
    expect(await charges()).toEqual([{ status: 'paid' }]);
    const renewed = await retrieveSubscription(db(), user.id, end);
    expect(renewed?.currentPeriodEnd.toISOString()).toBe(addOneMonth(end).toISOString());

    const next = renewed?.currentPeriodEnd ?? end;
    await renewDueSubscriptions(db(), next, away);
    expect(await isVip()).toBe(true);
    await renewDueSubscriptions(db(), new Date(next.getTime() + RENEWAL_GRACE_MS), away);
    expect(await isVip()).toBe(false);
    expect(await retrieveSubscription(db(), user.id, next)).toMatchObject({
      status: 'ELIGIBLE',
      lastError: 'Error on user subscription.',
    });
    const mails = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, user.id), eq(outbox.kind, 'vip_ended')));
    expect(mails.map((m) => m.subject)).toEqual(['Your Tuppence VIP membership has ended']);
  });

  it('points arrive after the order commits, once, and a refund takes them back once', async () => {
    const { user, orderId } = await joinVip('Pat', new Date());
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    const earned = pointsForSpend(order?.totalMinor ?? 0);
    expect(earned).toBeGreaterThan(0);
    expect((await retrieveLoyaltyStatus(db(), user.id)).currentPoints).toBe(earned);
    expect(await awardOrderPoints(db(), orderId)).toBe(0);

    const refund = {
      orderId,
      voucherId: 99_000 + orderId,
      userId: user.id,
      amountPence: order?.totalMinor ?? 0,
      refundedTo: 'card' as const,
    };
    expect(await reversePointsForRefund(db(), refund)).toBe(earned);
    expect(await reversePointsForRefund(db(), refund)).toBe(0);
    expect(await reversePointsForRefund(db(), { ...refund, voucherId: refund.voucherId + 1 })).toBe(0);
    expect(await retrieveLoyaltyStatus(db(), user.id)).toMatchObject({ currentPoints: 0, lifetimePoints: 0 });
  });

  it('club engagement: viewing and sharing a deal earn points once per deal a day', async () => {
    const user = await shopper('Eve');
    const day = new Date('2026-11-24T10:00:00Z');
    expect(await recordEngagement(db(), user.id, 'viewDeal', vipDeal.dealId, day)).toBe(1);
    expect(await recordEngagement(db(), user.id, 'viewDeal', vipDeal.dealId, day)).toBe(0);
    expect(await recordEngagement(db(), user.id, 'shareDeal', vipDeal.dealId, day)).toBe(5);
    expect(await recordEngagement(db(), user.id, 'viewDeal', vipDeal.dealId, new Date('2026-11-25T10:00:00Z'))).toBe(1);
    expect((await retrieveLoyaltyStatus(db(), user.id)).lifetimePoints).toBe(7);
  });

  it('a Silver member exchanges points: the wallet grows by exactly the preview, never twice; Pink cannot', async () => {
    const silver = await shopper('Sil');
    await db().insert(loyaltyAccounts).values({ userId: silver.id, currentPoints: 800, lifetimePoints: 1200 });
    const now = new Date();
    const walletBefore = (await walletBalances(db(), silver.id, now)).find((b) => b.currency === 'GBP')?.balance ?? 0;
    const [preview] = exchangePreview(333, 1200);
    expect(preview).toEqual({ level: 'Silver', valueMinor: 416, pounds: '4.16' });

    const first = await exchangePoints(db(), { userId: silver.id, points: 333, requestKey: 'form-1', now });
    expect(first).toEqual({ points: 333, creditMinor: 416, isNew: true });
    const again = await exchangePoints(db(), { userId: silver.id, points: 333, requestKey: 'form-1', now });
    expect(again.isNew).toBe(false);
    const walletAfter = (await walletBalances(db(), silver.id, now)).find((b) => b.currency === 'GBP')?.balance ?? 0;
    expect(walletAfter - walletBefore).toBe(416);
    expect(await retrieveLoyaltyStatus(db(), silver.id)).toMatchObject({ currentPoints: 467, lifetimePoints: 1200 });

    await expect(exchangePoints(db(), { userId: silver.id, points: 468, requestKey: 'form-2', now })).rejects.toThrow(
      'Please select a number between 1 and 467 to exchange your points.',
    );

    const pink = await shopper('Pinky');
    await db().insert(loyaltyAccounts).values({ userId: pink.id, currentPoints: 100, lifetimePoints: 100 });
    await expect(exchangePoints(db(), { userId: pink.id, points: 50, requestKey: 'p', now })).rejects.toThrow(
      'Exchanging points opens at Bronze: 150 more points to go.',
    );
    const empty = await shopper('Empty');
    await db().insert(loyaltyAccounts).values({ userId: empty.id, currentPoints: 0, lifetimePoints: 300 });
    await expect(exchangePoints(db(), { userId: empty.id, points: 1, requestKey: 'e', now })).rejects.toThrow(
      "You don't have enough points",
    );
    const exchanges = await db()
      .select()
      .from(loyaltyActivities)
      .where(and(eq(loyaltyActivities.kind, 'exchange'), ne(loyaltyActivities.userId, silver.id)));
    expect(exchanges).toEqual([]);
  });
});
