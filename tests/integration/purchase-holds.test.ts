/**
 * No shopper's card is touched for a purchase they cannot have (decision 044, amending 026): before a
 * card is authorised the order holds its units, the shopper's spec 5 per-user allowance and one use
 * of its promotion code, all at once. A shopper who loses a race for the code's last uses, their
 * own share of it, or their allowance is refused in spec 5's words and the gateway never sees them;
 * a declined card gives the holds back; a hold a crash left counts until it expires and the hourly
 * jobs give it back. Concurrency is where the engines differ, so every engine runs.
 */
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenise } from '../../sandbox';
import { transactions as sandboxTransactions } from '../../sandbox/db/schema';
import { seedCatalogue } from '../../scripts/seed';
import { notEnoughLeftMessage } from '../../src/domain/checkout-copy';
import { MESSAGES } from '../../src/domain/messages';
import { PROMO_MESSAGES } from '../../src/domain/promotions';
import { retrieveBasketPricing } from '../../src/server/basket';
import type { Database } from '../../src/server/db/client';
import {
  dealProductStock,
  deals,
  orders,
  payments,
  promoCodes,
  promoRedemptions,
  promoUseHolds,
  purchaseCapHolds,
  stockHolds,
  userDealPurchases,
} from '../../src/server/db/schema';
import { runHourlyJobs } from '../../src/server/jobs';
import { HOLD_SECONDS, PAY_LATER_HOLD_SECONDS, type PlaceOrderRequest, placeOrder } from '../../src/server/orders';
import { holdExpiry, holdPurchase } from '../../src/server/orders/hold';
import { priceOrder } from '../../src/server/orders/price';
import { singleProvider } from '../../src/server/payments';
import { checkPromoCode, createPromoCode } from '../../src/server/promotions';
import { createBuyers, type LimitedDeal, prepareLimitedDeal, type ScenarioBuyer } from '../fixtures/purchase-scenario';
import { sandboxDb } from '../fixtures/sandbox-database';
import { createSandboxProvider } from '../fixtures/sandbox-gateway';
import { enginesWhereSqlDiffers } from './databases';

describe.each(enginesWhereSqlDiffers)('holding a purchase before the card on $name', (engine) => {
  let database: Database;
  let deal: LimitedDeal;
  let headline: string;
  const db = () => database.db;

  beforeAll(async () => {
    database = await engine.open();
    await seedCatalogue(database.db, { deals: 40, seed: 7 });
    deal = await prepareLimitedDeal(database.db, 10_000);
    const [row] = await db().select({ headline: deals.headline }).from(deals).where(eq(deals.id, deal.dealId));
    headline = row?.headline ?? '';
  }, 120_000);

  afterAll(async () => {
    await database?.close();
  });

  const provider = () => singleProvider(createSandboxProvider(db()));

  /** A 100p-off code made by an operator a minute ago. */
  async function newCode(code: string, limits: { maxUses: number | null; perUserLimit: number | null }) {
    return createPromoCode(
      db(),
      {
        code,
        kind: 'fixed',
        amountOffMinor: 100,
        currency: 'GBP',
        minSpendMinor: 0,
        endsAt: null,
        categoryIds: [],
        subCategoryIds: [],
        firstOrderOnly: false,
        description: '',
        ...limits,
      },
      new Date(Date.now() - 60_000),
    );
  }

  /** What the checkout shows this buyer to pay, with the code when one is given. */
  async function checkoutTotal(buyer: ScenarioBuyer, promoCode: string | null = null): Promise<number> {
    const seen = await retrieveBasketPricing(db(), buyer.basketToken, { userId: buyer.user.id, promoCode });
    if (seen === null) throw new Error('no basket');
    return seen.breakdown.totalMinor;
  }

  function request(buyer: ScenarioBuyer, totalMinor: number, over: Partial<PlaceOrderRequest> = {}): PlaceOrderRequest {
    return {
      basketToken: buyer.basketToken,
      buyer: buyer.user,
      useWallet: false,
      expected: { totalMinor, walletUsedMinor: 0, cashAmountMinor: totalMinor },
      payment: { method: 'credit_card', nonce: 'fake-valid-visa-nonce' },
      idempotencyKey: `hold-${buyer.basketToken}`,
      now: new Date(),
      origin: 'http://shop.test',
      ...over,
    };
  }

  /** What the gateway saw of these submits: sales it authorised (in any state since) and those voided. */
  async function atTheGateway(keys: string[]) {
    const sales = await db()
      .select({ status: sandboxTransactions.status })
      .from(sandboxTransactions)
      .where(inArray(sandboxTransactions.idempotencyKey, keys));
    const [rows] = await db().select({ n: count() }).from(payments).where(inArray(payments.idempotencyKey, keys));
    return {
      authorised: sales.length,
      voided: sales.filter((sale) => sale.status === 'voided').length,
      paymentRows: Number(rows?.n ?? 0),
    };
  }

  async function holdsLeft() {
    const [stock] = await db().select({ n: count() }).from(stockHolds);
    const [caps] = await db().select({ n: count() }).from(purchaseCapHolds);
    const [uses] = await db().select({ n: count() }).from(promoUseHolds);
    return { stock: Number(stock?.n), caps: Number(caps?.n), uses: Number(uses?.n) };
  }

  async function boughtOfDeal(userId: number): Promise<number> {
    const [row] = await db()
      .select({ quantity: userDealPurchases.quantity })
      .from(userDealPurchases)
      .where(and(eq(userDealPurchases.userId, userId), eq(userDealPurchases.dealId, deal.dealId)));
    return row?.quantity ?? 0;
  }

  it('60 shoppers at once on a code with 30 uses left: 30 orders, 30 uses, 30 cards authorised and none voided', async () => {
    const created = await newCode('LASTTHIRTY', { maxUses: 40, perUserLimit: 1 });
    await db().update(promoCodes).set({ usesCount: 10 }).where(eq(promoCodes.id, created.id));
    const buyers = await createBuyers(db(), deal, 60, { prefix: 'last-thirty' });
    const total = await checkoutTotal(buyers[0] as ScenarioBuyer, 'LASTTHIRTY');
    expect(total).toBeLessThan(deal.unitTotalMinor);

    const results = await Promise.all(
      buyers.map((buyer) => placeOrder(db(), provider(), request(buyer, total, { promoCode: 'LASTTHIRTY' }))),
    );

    expect(results.filter((r) => r.ok)).toHaveLength(30);
    const [uses] = await db()
      .select({ n: count() })
      .from(promoRedemptions)
      .where(eq(promoRedemptions.promoCodeId, created.id));
    expect(Number(uses?.n)).toBe(30);
    const [code] = await db().select().from(promoCodes).where(eq(promoCodes.id, created.id));
    expect(code?.usesCount).toBe(40);
    // The 30 who lost read spec 5's "used up" before their card was touched: the gateway saw the
    // winners only, and nothing had to be voided.
    const lost = results.filter((r) => !r.ok);
    expect(lost).toHaveLength(30);
    for (const r of lost) expect(r).toMatchObject({ ok: false, message: PROMO_MESSAGES.usedUp, reason: null });
    const gateway = await atTheGateway(buyers.map((buyer) => `hold-${buyer.basketToken}`));
    expect(gateway).toEqual({ authorised: 30, voided: 0, paymentRows: 30 });
    expect(await holdsLeft()).toEqual({ stock: 0, caps: 0, uses: 0 });
  }, 180_000);

  it('one shopper on five devices at once with a once-per-shopper code: one order, one card authorised', async () => {
    await newCode('ONCEEACH', { maxUses: null, perUserLimit: 1 });
    const [shopper, ...others] = await createBuyers(db(), deal, 5, { prefix: 'once-each' });
    if (shopper === undefined) throw new Error('no buyer');
    const devices = [shopper, ...others.map((basket) => ({ ...basket, user: shopper.user }))];
    const total = await checkoutTotal(shopper, 'ONCEEACH');

    const results = await Promise.all(
      devices.map((device) => placeOrder(db(), provider(), request(device, total, { promoCode: 'ONCEEACH' }))),
    );

    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const r of results) if (!r.ok) expect(r.message).toBe(PROMO_MESSAGES.alreadyUsedByShopper);
    const gateway = await atTheGateway(devices.map((device) => `hold-${device.basketToken}`));
    expect(gateway).toEqual({ authorised: 1, voided: 0, paymentRows: 1 });
    expect(await holdsLeft()).toEqual({ stock: 0, caps: 0, uses: 0 });
  }, 60_000);

  it('spec 5: a shopper allowed 2 of a deal who pays 6 baskets at once buys 2, and only 2 cards are authorised', async () => {
    await db().update(deals).set({ maxPerUser: 2 }).where(eq(deals.id, deal.dealId));
    try {
      const [shopper, ...others] = await createBuyers(db(), deal, 6, { prefix: 'per-user' });
      if (shopper === undefined) throw new Error('no buyer');
      const devices = [shopper, ...others.map((basket) => ({ ...basket, user: shopper.user }))];

      const results = await Promise.all(
        devices.map((device) => placeOrder(db(), provider(), request(device, deal.unitTotalMinor))),
      );

      expect(results.filter((r) => r.ok)).toHaveLength(2);
      for (const r of results) if (!r.ok) expect(r.message).toBe(notEnoughLeftMessage(headline, 0));
      expect(await boughtOfDeal(shopper.user.id)).toBe(2);
      const [placed] = await db().select({ n: count() }).from(orders).where(eq(orders.userId, shopper.user.id));
      expect(Number(placed?.n)).toBe(2);
      const gateway = await atTheGateway(devices.map((device) => `hold-${device.basketToken}`));
      expect(gateway).toEqual({ authorised: 2, voided: 0, paymentRows: 2 });
      expect(await holdsLeft()).toEqual({ stock: 0, caps: 0, uses: 0 });
    } finally {
      await db().update(deals).set({ maxPerUser: null }).where(eq(deals.id, deal.dealId));
    }
  }, 60_000);

  it("a declined card gives back the code's held use and the shopper's allowance, so the next shopper can use the code", async () => {
    const created = await newCode('ONLYONE', { maxUses: 1, perUserLimit: 1 });
    await db().update(deals).set({ maxPerUser: 1 }).where(eq(deals.id, deal.dealId));
    try {
      const [declined, next] = await createBuyers(db(), deal, 2, { prefix: 'only-one' });
      if (declined === undefined || next === undefined) throw new Error('no buyers');
      const total = await checkoutTotal(declined, 'ONLYONE');
      const card = await tokenise(sandboxDb(db()), {
        number: '4000111111111115',
        expiryMonth: 12,
        expiryYear: 2030,
        cvv: '123',
      });
      if (!card.ok) throw new Error('tokenise failed');

      const refused = await placeOrder(
        db(),
        provider(),
        request(declined, total, { promoCode: 'ONLYONE', payment: { method: 'credit_card', nonce: card.nonce } }),
      );

      expect(refused.ok).toBe(false);
      if (!refused.ok) expect(refused.message).toBe(MESSAGES.paymentDidNotGoThrough);
      expect(await holdsLeft()).toEqual({ stock: 0, caps: 0, uses: 0 });
      expect(await boughtOfDeal(declined.user.id)).toBe(0);
      expect((await checkoutTotal(next, 'ONLYONE')) < deal.unitTotalMinor).toBe(true);

      const placed = await placeOrder(db(), provider(), request(next, total, { promoCode: 'ONLYONE' }));
      expect(placed.ok).toBe(true);
      const [code] = await db().select().from(promoCodes).where(eq(promoCodes.id, created.id));
      expect(code?.usesCount).toBe(1);
    } finally {
      await db().update(deals).set({ maxPerUser: null }).where(eq(deals.id, deal.dealId));
    }
  }, 60_000);

  it('a hold a crash left counts until it expires, and the hourly jobs give it back', async () => {
    await newCode('CRASHED', { maxUses: 1, perUserLimit: 1 });
    await db().update(deals).set({ maxPerUser: 1 }).where(eq(deals.id, deal.dealId));
    try {
      const [crashed, next] = await createBuyers(db(), deal, 2, { prefix: 'crashed' });
      if (crashed === undefined || next === undefined) throw new Error('no buyers');
      const total = await checkoutTotal(crashed, 'CRASHED');
      const stockLeft = async () =>
        (await db().select().from(dealProductStock).where(eq(dealProductStock.productId, deal.productId)))[0]
          ?.quantityRemaining;
      const stockBefore = await stockLeft();
      // The submit holds, then its process dies before the card is authorised.
      const now = new Date();
      const crashedSubmit = request(crashed, total, { promoCode: 'CRASHED', now });
      const pricing = await priceOrder(db(), crashedSubmit);
      await holdPurchase(db(), {
        key: crashedSubmit.idempotencyKey,
        buyerId: crashed.user.id,
        lines: pricing.lines,
        promoCodeId: pricing.promotion?.promoCodeId ?? null,
        now,
        expiresAt: holdExpiry('credit_card', now),
      });
      expect(await holdsLeft()).toEqual({ stock: 1, caps: 1, uses: 1 });
      expect(await stockLeft()).toBe((stockBefore ?? 0) - 1);
      expect(await boughtOfDeal(crashed.user.id)).toBe(1);

      // While the hold lasts its use is taken: the next shopper is told so before their card is touched.
      const early = await placeOrder(db(), provider(), request(next, total, { promoCode: 'CRASHED' }));
      expect(early).toMatchObject({ ok: false, message: PROMO_MESSAGES.usedUp });
      expect(await atTheGateway([`hold-${next.basketToken}`])).toEqual({ authorised: 0, voided: 0, paymentRows: 0 });

      // Once it has expired it no longer counts, even before the hourly jobs tidy it away.
      const expired = new Date(now.getTime() + (HOLD_SECONDS + 1) * 1000);
      const lines = [{ id: 1, categoryId: 0, subCategoryId: null, currency: 'GBP' as const, priceMinor: 10_000 }];
      expect(await checkPromoCode(db(), { code: 'CRASHED', userId: next.user.id, lines, now: expired })).toMatchObject({
        ok: true,
      });

      const run = await runHourlyJobs(db(), expired);
      expect(run.releasedHolds).toBe(3);
      expect(await holdsLeft()).toEqual({ stock: 0, caps: 0, uses: 0 });
      expect(await stockLeft()).toBe(stockBefore);
      expect(await boughtOfDeal(crashed.user.id)).toBe(0);

      const later = await placeOrder(
        db(),
        provider(),
        request(next, total, { promoCode: 'CRASHED', idempotencyKey: `hold-again-${next.basketToken}` }),
      );
      expect(later.ok).toBe(true);
    } finally {
      await db().update(deals).set({ maxPerUser: null }).where(eq(deals.id, deal.dealId));
    }
  }, 60_000);

  it("holds follow the checkout's 300-second payment session; a pay-later submit's wait 15 minutes", () => {
    const now = new Date('2026-03-01T12:00:00Z');
    expect(holdExpiry('credit_card', now).getTime() - now.getTime()).toBe(300_000);
    expect(holdExpiry(null, now).getTime() - now.getTime()).toBe(HOLD_SECONDS * 1000);
    expect(holdExpiry('klarna', now).getTime() - now.getTime()).toBe(PAY_LATER_HOLD_SECONDS * 1000);
    expect(holdExpiry('clearpay', now).getTime() - now.getTime()).toBe(15 * 60_000);
  });
});
