/**
 * Money follows every refund (docs/decisions/048; spec 3 voucher statuses Refunded and Request
 * Processed, spec 4 expiry rules, spec 8 messages), on embedded PGlite through the real order pipeline,
 * the sandbox gateway and the events outbox: a refunded order gives back the loyalty points and the
 * promotional credit it earned (each voucher its share, the last what is left), never below zero with
 * the shortfall noted; promotional credit spent on an order comes back as promotional credit with its
 * own expiry; a voucher waiting in a gift is refunded only once the gift is cancelled; a promo code for
 * VIP members (or for everyone else) is refused to the others on apply and again when the order commits.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../scripts/seed';
import type { LifecycleError } from '../../src/domain/errors';
import { pointsForSpend } from '../../src/domain/loyalty';
import { PROMO_MESSAGES } from '../../src/domain/promotions';
import { LIFECYCLE_COPY } from '../../src/domain/voucher-lifecycle';
import { createPromotionalCreditOffer, endPromotionalCreditOffer } from '../../src/server/credit';
import type { Database } from '../../src/server/db/client';
import {
  creditTakebacks,
  dealProducts,
  deals,
  gifts,
  loyaltyAccounts,
  loyaltyActivities,
  users,
  vouchers,
  walletEntries,
} from '../../src/server/db/schema';
import { cancelGift, claimGift, GIFT_MESSAGES, giftVoucher } from '../../src/server/gifting';
import { exchangePoints, retrievePoints } from '../../src/server/loyalty';
import type { PlaceOrderRequest } from '../../src/server/orders';
import { type PaymentProviders, singleProvider } from '../../src/server/payments';
import { checkPromoCode, createPromoCode } from '../../src/server/promotions';
import { refundVoucherToCard, requestVoucherCredit } from '../../src/server/voucher-lifecycle';
import { creditWallet, walletBalances } from '../../src/server/wallet';
import { createBuyers, type LimitedDeal, prepareLimitedDeal, type ScenarioBuyer } from '../fixtures/purchase-scenario';
import { createSandboxProvider } from '../fixtures/sandbox-gateway';
import { embedded } from './databases';
import { placeOrderSettled } from './support/settled';

// £24.99 a voucher: 10% is 249.9p, so each earns 250p of promotional credit (spec 9), and three
// cost £74.97, which earns 740 points (spec 1: 10 a whole pound): shares of 740 in thirds do not
// come out even, so the last voucher's remainder is what makes the whole come back exactly.
const PRICE = 2_499;

describe.each(embedded)('spec 3 and 4: money follows every refund on $name', (engine) => {
  let database: Database;
  let deal: LimitedDeal;
  let providers: PaymentProviders;
  let offerId: number;
  let bought = 0;
  const db = () => database.db;

  beforeAll(async () => {
    database = await engine.open();
    await seedCatalogue(db(), { deals: 40, seed: 17 });
    deal = await prepareLimitedDeal(db(), 500);
    await db().update(deals).set({ deliveryType: 'e-voucher' }).where(eq(deals.id, deal.dealId));
    await db()
      .update(dealProducts)
      .set({ priceMinor: PRICE, postagePriceMinor: 0 })
      .where(eq(dealProducts.id, deal.productId));
    deal = { ...deal, unitTotalMinor: PRICE };
    providers = singleProvider(createSandboxProvider(db(), { env: {} }));
    // spec 1 and 9: items bought while this offer runs earn promotional credit.
    const offer = await createPromotionalCreditOffer(
      db(),
      { name: 'Refund money test', categoryIds: [], endsAt: null },
      new Date(Date.now() - 60_000),
    );
    offerId = offer.id;
  }, 120_000);

  afterAll(async () => {
    await endPromotionalCreditOffer(db(), offerId, new Date()).catch(() => undefined);
    await database?.close();
  });

  /** A shopper who buys `quantity` vouchers, paying `walletMinor` of it from their wallet and the rest by card. */
  async function buy(
    quantity: number,
    options: { walletMinor?: number; buyer?: ScenarioBuyer['user'] } = {},
  ): Promise<{ user: ScenarioBuyer['user']; orderId: number; voucherIds: number[] }> {
    bought += 1;
    const [made] = await createBuyers(db(), deal, 1, { quantity, prefix: `money${bought}` });
    if (made === undefined) throw new Error('no buyer');
    const user = options.buyer ?? made.user;
    const total = PRICE * quantity;
    const walletMinor = options.walletMinor ?? 0;
    const request: PlaceOrderRequest = {
      basketToken: made.basketToken,
      buyer: user,
      useWallet: walletMinor > 0,
      expected: { totalMinor: total, walletUsedMinor: walletMinor, cashAmountMinor: total - walletMinor },
      payment: { method: 'credit_card', nonce: 'fake-valid-visa-nonce' },
      idempotencyKey: `money-${made.basketToken}`,
      now: new Date(),
      origin: 'http://shop.test',
    };
    const placed = await placeOrderSettled(db(), providers, request);
    if (!placed.ok) throw new Error(`order refused: ${placed.message}`);
    return { user, orderId: placed.order.id, voucherIds: placed.order.voucherIds };
  }

  const marketing = async (userId: number) =>
    (await walletBalances(db(), userId, new Date())).find((b) => b.currency === 'GBP')?.marketingBalance ?? 0;

  it('spec 3 Refunded: refunding a whole order, voucher by voucher, leaves points and promotional credit as before it', async () => {
    const { user, orderId, voucherIds } = await buy(3);
    const earnedPoints = pointsForSpend(PRICE * 3);
    expect(await retrievePoints(db(), user.id)).toEqual({ currentPoints: earnedPoints, lifetimePoints: earnedPoints });
    expect(await marketing(user.id)).toBe(750);

    // A partial refund takes back the voucher's share: a third, rounded down.
    const [first, second, third] = voucherIds;
    if (first === undefined || second === undefined || third === undefined) throw new Error('three vouchers expected');
    await refundVoucherToCard(db(), providers, { voucherId: first, userId: user.id, now: new Date() });
    expect(await retrievePoints(db(), user.id)).toEqual({
      currentPoints: earnedPoints - Math.floor(earnedPoints / 3),
      lifetimePoints: earnedPoints - Math.floor(earnedPoints / 3),
    });
    expect(await marketing(user.id)).toBe(500);

    // The second as wallet credit (Request Processed), the last to the card: everything earned is back.
    await requestVoucherCredit(db(), { voucherId: second, userId: user.id, now: new Date() });
    await refundVoucherToCard(db(), providers, { voucherId: third, userId: user.id, now: new Date() });
    expect(await retrievePoints(db(), user.id)).toEqual({ currentPoints: 0, lifetimePoints: 0 });
    expect(await marketing(user.id)).toBe(0);
    const takebacks = await db().select().from(creditTakebacks).where(eq(creditTakebacks.orderId, orderId));
    expect(takebacks.map((t) => t.amountMinor).reduce((a, b) => a + b, 0)).toBe(750);
    expect(takebacks.every((t) => t.shortfallMinor === 0)).toBe(true);
  });

  it('spec 4: a shopper who spent the credit and the points is never driven below zero; the shortfall is noted, not taken twice', async () => {
    // A Silver member (so points can be exchanged), with nothing to spend yet.
    const [member] = await createBuyers(db(), deal, 1, { prefix: 'money-silver' });
    if (member === undefined) throw new Error('no buyer');
    await db().insert(loyaltyAccounts).values({ userId: member.user.id, currentPoints: 0, lifetimePoints: 1_200 });
    const { orderId, voucherIds } = await buy(2, { buyer: member.user });
    const earnedPoints = pointsForSpend(PRICE * 2);
    expect(await marketing(member.user.id)).toBe(500);

    // The promotional credit is spent on another order (which earns 250p of its own), and the points
    // are exchanged for wallet credit.
    await buy(1, { buyer: member.user, walletMinor: 500 });
    expect(await promoCreditLeft(member.user.id, orderId)).toBe(0);
    const held = (await retrievePoints(db(), member.user.id)).currentPoints;
    await exchangePoints(db(), { userId: member.user.id, points: held, requestKey: 'money-spend' });
    const before = (await walletBalances(db(), member.user.id, new Date())).find((b) => b.currency === 'GBP');

    for (const voucherId of voucherIds) {
      await refundVoucherToCard(db(), providers, { voucherId, userId: member.user.id, now: new Date() });
    }
    const points = await retrievePoints(db(), member.user.id);
    expect(points.currentPoints).toBe(0);
    // The level goes down by the whole share (the other order's points stay).
    expect(points.lifetimePoints).toBe(1_200 + pointsForSpend(PRICE));
    const refunds = await db()
      .select()
      .from(loyaltyActivities)
      .where(and(eq(loyaltyActivities.orderId, orderId), eq(loyaltyActivities.kind, 'refund')));
    expect(refunds.reduce((sum, row) => sum + row.shortfallPoints, 0)).toBe(earnedPoints);
    expect(refunds.reduce((sum, row) => sum - row.lifetimePoints, 0)).toBe(earnedPoints);

    const takebacks = await db().select().from(creditTakebacks).where(eq(creditTakebacks.orderId, orderId));
    expect(takebacks.map((t) => t.amountMinor)).toEqual([250, 250]);
    expect(takebacks.reduce((sum, t) => sum + t.takenMinor, 0)).toBe(0);
    expect(takebacks.reduce((sum, t) => sum + t.shortfallMinor, 0)).toBe(500);
    // Not a debt: the shopper's other credit (the other order's, the exchanged points') is untouched.
    const after = (await walletBalances(db(), member.user.id, new Date())).find((b) => b.currency === 'GBP');
    expect(after?.marketingBalance).toBe(before?.marketingBalance);
  });

  it('spec 4: promotional credit spent on an order comes back as promotional credit with its own expiry; the card part to the card', async () => {
    const [shopper] = await createBuyers(db(), deal, 1, { prefix: 'money-promo-spend' });
    if (shopper === undefined) throw new Error('no buyer');
    const expiresAt = new Date(Date.now() + 40 * 24 * 3600 * 1000);
    await creditWallet(db(), {
      userId: shopper.user.id,
      currency: 'GBP',
      kind: 'marketing',
      amountMinor: 1_000,
      expiresAt,
      description: 'Campaign credit',
    });
    const { voucherIds } = await buy(1, { buyer: shopper.user, walletMinor: 1_000 });
    const [voucherId] = voucherIds;
    if (voucherId === undefined) throw new Error('no voucher');
    // The order earned 250p of its own promotional credit on top of what it spent.
    expect(await marketing(shopper.user.id)).toBe(250);

    const refund = await refundVoucherToCard(db(), providers, { voucherId, userId: shopper.user.id, now: new Date() });
    expect(refund).toMatchObject({ cardMinor: PRICE - 1_000, walletMinor: 1_000 });
    // The 1,000p spent is back as promotional credit; the 250p earned has gone back.
    const balance = (await walletBalances(db(), shopper.user.id, new Date())).find((b) => b.currency === 'GBP');
    expect(balance).toMatchObject({ marketingBalance: 1_000, refundableBalance: 0, balance: 1_000 });
    const [back] = await db()
      .select()
      .from(walletEntries)
      .where(
        and(
          eq(walletEntries.userId, shopper.user.id),
          eq(walletEntries.description, `Promotional credit back: Refund of voucher ${await codeOf(voucherId)}`),
        ),
      );
    expect(back).toMatchObject({ kind: 'marketing', amountMinor: 1_000 });
    expect(back?.expiresAt?.toISOString()).toBe(expiresAt.toISOString());
  });

  it('spec 8: a voucher waiting in a gift is refused with a message saying how to cancel the gift; once cancelled it refunds', async () => {
    const { user, voucherIds } = await buy(1);
    const [voucherId] = voucherIds;
    if (voucherId === undefined) throw new Error('no voucher');
    await giftVoucher(db(), {
      voucherId,
      userId: user.id,
      recipientName: 'Sam',
      recipientEmail: `sam-${voucherId}@example.test`,
      message: 'Enjoy',
      origin: 'http://shop.test',
      now: new Date(),
    });
    const refused = await refundVoucherToCard(db(), providers, { voucherId, userId: user.id, now: new Date() }).catch(
      (error: LifecycleError) => error,
    );
    expect(refused).toMatchObject({ code: 'giftWaiting', kind: 'conflict', message: LIFECYCLE_COPY.giftWaiting });
    expect(LIFECYCLE_COPY.giftWaiting).toContain('Cancel the gift');
    await expect(requestVoucherCredit(db(), { voucherId, userId: user.id, now: new Date() })).rejects.toThrow(
      LIFECYCLE_COPY.giftWaiting,
    );

    const [gift] = await db().select().from(gifts).where(eq(gifts.voucherId, voucherId));
    expect(await cancelGift(db(), { voucherId, userId: user.id, now: new Date() })).toEqual({ recipientName: 'Sam' });
    // The friend's code no longer claims it.
    const [friend] = await createBuyers(db(), deal, 1, { prefix: 'money-friend' });
    if (friend === undefined || gift === undefined) throw new Error('setup');
    await expect(claimGift(db(), { code: gift.code, userId: friend.user.id, now: new Date() })).rejects.toThrow(
      GIFT_MESSAGES.cancelled,
    );
    const done = await refundVoucherToCard(db(), providers, { voucherId, userId: user.id, now: new Date() });
    expect(done).toMatchObject({ refundedTo: 'card', cardMinor: PRICE });
  });

  /** What is left of the promotional credit an order earned. */
  async function promoCreditLeft(userId: number, orderId: number): Promise<number> {
    const rows = await db().select().from(walletEntries).where(eq(walletEntries.userId, userId));
    const grant = rows.find(
      (row) => row.kind === 'marketing' && row.amountMinor > 0 && row.orderId === orderId && row.creditId === null,
    );
    if (grant === undefined) return 0;
    return rows
      .filter((row) => row.id === grant.id || row.creditId === grant.id)
      .reduce((sum, row) => sum + row.amountMinor, 0);
  }

  async function codeOf(voucherId: number): Promise<string> {
    const [row] = await db().select({ code: vouchers.code }).from(vouchers).where(eq(vouchers.id, voucherId));
    return row?.code ?? '';
  }
});

describe.each(embedded)(
  'decision 021 and 048: promo codes for VIP members, or for everyone else, on $name',
  (engine) => {
    let database: Database;
    let deal: LimitedDeal;
    const db = () => database.db;

    beforeAll(async () => {
      database = await engine.open();
      await seedCatalogue(db(), { deals: 40, seed: 19 });
      deal = await prepareLimitedDeal(db(), 500);
    }, 120_000);

    afterAll(async () => {
      await database?.close();
    });

    const code = (name: string, audience: 'vip' | 'non-vip') =>
      createPromoCode(
        db(),
        {
          code: name,
          kind: 'percent',
          percentOff: 10,
          currency: 'GBP',
          minSpendMinor: 0,
          maxUses: null,
          perUserLimit: null,
          endsAt: null,
          categoryIds: [],
          subCategoryIds: [],
          firstOrderOnly: false,
          audience,
          description: '',
        },
        new Date(Date.now() - 60_000),
      );

    async function shopper(prefix: string, isVip: boolean): Promise<ScenarioBuyer> {
      const [buyer] = await createBuyers(db(), deal, 1, { prefix });
      if (buyer === undefined) throw new Error('no buyer');
      await db().update(users).set({ isVip }).where(eq(users.id, buyer.user.id));
      return buyer;
    }

    async function lines() {
      const [row] = await db().select().from(deals).where(eq(deals.id, deal.dealId));
      return [
        {
          id: 1,
          categoryId: row?.categoryId ?? 0,
          subCategoryId: row?.subCategoryId ?? null,
          currency: 'GBP' as const,
          priceMinor: deal.unitTotalMinor,
        },
      ];
    }

    it('spec 5 "not eligible": a VIP-only code is refused to a shopper who is not VIP and applies for a VIP', async () => {
      await code('VIPONLY10', 'vip');
      const plain = await shopper('promo-plain', false);
      const vip = await shopper('promo-vip', true);
      const now = new Date();
      const refused = await checkPromoCode(db(), {
        code: 'VIPONLY10',
        userId: plain.user.id,
        lines: await lines(),
        now,
      });
      expect(refused).toMatchObject({ ok: false, refusal: 'notEligible', message: PROMO_MESSAGES.notEligibleVipOnly });
      expect(refused.message).toContain('not eligible');
      const guest = await checkPromoCode(db(), { code: 'VIPONLY10', userId: null, lines: await lines(), now });
      expect(guest).toMatchObject({ ok: false, message: PROMO_MESSAGES.notEligibleVipOnlyGuest });
      expect(
        await checkPromoCode(db(), { code: 'VIPONLY10', userId: vip.user.id, lines: await lines(), now }),
      ).toMatchObject({
        ok: true,
      });
    });

    it('and the reverse: a code for shoppers who are not VIP is refused to a VIP member', async () => {
      await code('NOTVIP10', 'non-vip');
      const plain = await shopper('promo-plain2', false);
      const vip = await shopper('promo-vip2', true);
      const now = new Date();
      expect(
        await checkPromoCode(db(), { code: 'NOTVIP10', userId: vip.user.id, lines: await lines(), now }),
      ).toMatchObject({
        ok: false,
        refusal: 'notEligible',
        message: PROMO_MESSAGES.notEligibleNonVip,
      });
      expect(
        await checkPromoCode(db(), { code: 'NOTVIP10', userId: plain.user.id, lines: await lines(), now }),
      ).toMatchObject({
        ok: true,
      });
    });

    it('checked again when the order commits: a shopper whose VIP membership ended since is refused and not charged', async () => {
      await code('VIPCOMMIT', 'vip');
      const member = await shopper('promo-lapsed', true);
      const now = new Date();
      expect(
        await checkPromoCode(db(), { code: 'VIPCOMMIT', userId: member.user.id, lines: await lines(), now }),
      ).toMatchObject({
        ok: true,
      });
      await db().update(users).set({ isVip: false }).where(eq(users.id, member.user.id));
      const [product] = await db().select().from(dealProducts).where(eq(dealProducts.id, deal.productId));
      const discounted = deal.unitTotalMinor - Math.floor(((product?.priceMinor ?? 0) * 10 + 50) / 100);
      const placed = await placeOrderSettled(db(), singleProvider(createSandboxProvider(db(), { env: {} })), {
        basketToken: member.basketToken,
        buyer: member.user,
        useWallet: false,
        expected: { totalMinor: discounted, walletUsedMinor: 0, cashAmountMinor: discounted },
        payment: { method: 'credit_card', nonce: 'fake-valid-visa-nonce' },
        idempotencyKey: `vip-commit-${member.basketToken}`,
        now: new Date(),
        origin: 'http://shop.test',
        promoCode: 'VIPCOMMIT',
      });
      expect(placed.ok).toBe(false);
      if (!placed.ok) expect(placed.message).toContain('not eligible');
    });
  },
);
