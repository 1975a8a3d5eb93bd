/**
 * The money path (decision 012) on every engine: concurrent buyers never oversell, a declined card writes
 * nothing, one idempotency key is one order and one charge, and the wallet and the order agree to
 * the penny.
 */
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactions as sandboxTransactions } from '../../sandbox/db/schema';
import { seedCatalogue } from '../../scripts/seed';
import { CARD_REASONS, MESSAGES } from '../../src/domain/messages';
import { VOUCHER_CODE_PATTERN } from '../../src/domain/vouchers';
import { retrieveBasketPricing } from '../../src/server/basket';
import type { Database } from '../../src/server/db/client';
import {
  basketLines,
  dealProductStock,
  deals,
  orderLines,
  orders,
  outbox,
  payments,
  vouchers,
  walletEntries,
} from '../../src/server/db/schema';
import { runIdempotently } from '../../src/server/idempotency';
import { captureCommittedAuthorisations, type PlaceOrderRequest } from '../../src/server/orders';
import { singleProvider } from '../../src/server/payments';
import { creditWallet } from '../../src/server/wallet';
import { createBuyers, type LimitedDeal, prepareLimitedDeal, restock } from '../fixtures/purchase-scenario';
import { createSandboxProvider } from '../fixtures/sandbox-gateway';
import { enginesWhereSqlDiffers } from './databases';
import { authenticatedCard } from './support/card-in-browser';
import { mailText } from './support/mail';
import { placeOrderSettled } from './support/settled';

describe.each(enginesWhereSqlDiffers)('orders on $name', (engine) => {
  let database: Database;
  let deal: LimitedDeal;

  beforeAll(async () => {
    database = await engine.open();
    await seedCatalogue(database.db, { deals: 80, seed: 3 });
    deal = await prepareLimitedDeal(database.db, 50);
  }, 120_000);

  afterAll(async () => {
    await database?.close();
  });

  function request(buyer: Awaited<ReturnType<typeof createBuyers>>[number], over: Partial<PlaceOrderRequest> = {}) {
    return {
      basketToken: buyer.basketToken,
      buyer: buyer.user,
      useWallet: false,
      expected: { totalMinor: deal.unitTotalMinor, walletUsedMinor: 0, cashAmountMinor: deal.unitTotalMinor },
      payment: { method: 'credit_card' as const, nonce: 'fake-valid-visa-nonce' },
      idempotencyKey: `test-${buyer.basketToken}`,
      now: new Date(),
      origin: 'http://shop.test',
      ...over,
    };
  }

  async function stockLeft(): Promise<number | null> {
    const [row] = await database.db
      .select({ left: dealProductStock.quantityRemaining })
      .from(dealProductStock)
      .where(eq(dealProductStock.productId, deal.productId));
    return row?.left ?? null;
  }

  /** A second live voucher deal beside the scenario's, its first option on sale with plenty left and no caps. */
  function anotherDealOnSale(besides: number): Promise<{ dealId: number; productId: number }> {
    return prepareLimitedDeal(database.db, 100, { besides });
  }

  it('200 concurrent purchases of a deal with 50 left sell exactly 50', async () => {
    const { db } = database;
    const buyers = await createBuyers(db, deal, 200, { prefix: 'rush' });
    const provider = createSandboxProvider(db);
    const results = await Promise.all(
      buyers.map((buyer) => placeOrderSettled(db, singleProvider(provider), request(buyer))),
    );

    expect(results.filter((r) => r.ok)).toHaveLength(50);
    expect(await stockLeft()).toBe(0);
    // The buyers' own: the seed's shoppers bought (and hold vouchers for) seeded deals too (decision 046).
    const buyerIds = buyers.map((buyer) => buyer.user.id);
    const [orderCount] = await db.select({ n: count() }).from(orders).where(inArray(orders.userId, buyerIds));
    const [voucherCount] = await db
      .select({ n: count() })
      .from(vouchers)
      .where(and(eq(vouchers.dealId, deal.dealId), inArray(vouchers.userId, buyerIds)));
    expect(Number(orderCount?.n)).toBe(50);
    expect(Number(voucherCount?.n)).toBe(50);
    // Every losing buyer's money is released: nothing stays authorised without an order.
    const [held] = await db
      .select({ n: count() })
      .from(payments)
      .where(sql`${payments.status} in ('authorising', 'authorised') and ${payments.orderId} is null`);
    expect(Number(held?.n)).toBe(0);
    const [settled] = await db
      .select({ n: count() })
      .from(sandboxTransactions)
      .where(eq(sandboxTransactions.status, 'settled'));
    const [captured] = await db
      .select({ n: count() })
      .from(sandboxTransactions)
      .where(sql`${sandboxTransactions.status} in ('settled', 'submitted_for_settlement')`);
    expect(Number(captured?.n)).toBe(50);
    expect(Number(settled?.n)).toBeLessThanOrEqual(50);
    // The stock is held before the card is touched (decision 026, stock hold), so the 150 who lost
    // were refused before any authorisation: 50 cards authorised in all, none voided.
    const [authorised] = await db.select({ n: count() }).from(sandboxTransactions);
    const [voided] = await db
      .select({ n: count() })
      .from(sandboxTransactions)
      .where(eq(sandboxTransactions.status, 'voided'));
    expect(Number(authorised?.n)).toBe(50);
    expect(Number(voided?.n)).toBe(0);
    // The losers were told it sold out, in words.
    const lost = results.find((r) => !r.ok);
    expect(lost && !lost.ok && `${lost.message} ${lost.reason ?? ''}`).toMatch(/sold out/);
  }, 120_000);

  it('spec 8: a processor-declined card creates no order and no voucher', async () => {
    const { db } = database;
    await restock(db, deal, 5);
    const [buyer] = await createBuyers(db, deal, 1, { prefix: 'declined' });
    if (buyer === undefined) throw new Error('no buyer');
    // Authenticated with its issuer (PAYMENTS.md "3-D Secure 2"), then declined by the bank: 2000.
    const card = await authenticatedCard('4000111111111115', { amountMinor: deal.unitTotalMinor }, { db });
    const result = await placeOrderSettled(
      db,
      singleProvider(createSandboxProvider(db)),
      request(buyer, {
        payment: {
          method: 'credit_card',
          nonce: card.nonce,
          threeDSecureAuthenticationId: card.threeDSecureAuthenticationId,
        },
      }),
    );

    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.message).toBe(MESSAGES.paymentDidNotGoThrough);
      expect(result.reason).toBe(CARD_REASONS.declinedByBank);
    }
    // The unit held for the declined buyer is given back (decision 026, stock hold).
    expect(await stockLeft()).toBe(5);
    const [mine] = await db.select({ n: count() }).from(orders).where(eq(orders.userId, buyer.user.id));
    expect(Number(mine?.n)).toBe(0);
    const [theirs] = await db.select({ n: count() }).from(vouchers).where(eq(vouchers.userId, buyer.user.id));
    expect(Number(theirs?.n)).toBe(0);
    expect(await stockLeft()).toBe(5);
  });

  it('PAYMENTS.md: the same idempotency key twice, even at once, gives one order and one charge', async () => {
    const { db } = database;
    const [buyer] = await createBuyers(db, deal, 1, { prefix: 'twice' });
    if (buyer === undefined) throw new Error('no buyer');
    const provider = createSandboxProvider(db);
    const body = { basket: buyer.basketToken };
    const submit = () =>
      runIdempotently(db, { key: `double-${buyer.basketToken}`, scope: 'pay', owner: 'customer:1', body }, async () => {
        const result = await placeOrderSettled(
          db,
          singleProvider(provider),
          request(buyer, { idempotencyKey: `double-${buyer.basketToken}` }),
        );
        return { status: result.ok ? 201 : 402, body: result };
      });
    const [a, b] = await Promise.all([submit(), submit()]);
    const again = await submit();

    // One ran; the other was told it is in flight (or, if it came late, got the first answer replayed).
    expect([a.kind, b.kind].filter((kind) => kind === 'fresh')).toHaveLength(1);
    expect([a.kind, b.kind].every((kind) => ['fresh', 'inFlight', 'replayed'].includes(kind))).toBe(true);
    expect(again.kind).toBe('replayed');
    const [mine] = await db.select({ n: count() }).from(orders).where(eq(orders.userId, buyer.user.id));
    expect(Number(mine?.n)).toBe(1);
    const [charges] = await db
      .select({ n: count() })
      .from(sandboxTransactions)
      .where(eq(sandboxTransactions.idempotencyKey, `double-${buyer.basketToken}`));
    expect(Number(charges?.n)).toBe(1);
  });

  it('a wallet balance pays part of an order; the ledger and the order agree to the penny', async () => {
    const { db } = database;
    const [buyer] = await createBuyers(db, deal, 1, { prefix: 'wallet' });
    if (buyer === undefined) throw new Error('no buyer');
    await creditWallet(db, {
      userId: buyer.user.id,
      currency: 'GBP',
      kind: 'marketing',
      amountMinor: 500,
      description: 'Welcome credit',
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const cash = deal.unitTotalMinor - 500;
    const result = await placeOrderSettled(
      db,
      singleProvider(createSandboxProvider(db)),
      request(buyer, {
        useWallet: true,
        expected: { totalMinor: deal.unitTotalMinor, walletUsedMinor: 500, cashAmountMinor: cash },
      }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.order).toMatchObject({
      walletUsedMinor: 500,
      cashAmountMinor: cash,
      totalMinor: deal.unitTotalMinor,
    });
    const [debited] = await db
      .select({ total: sql<number>`coalesce(sum(${walletEntries.amountMinor}), 0)::int` })
      .from(walletEntries)
      .where(and(eq(walletEntries.userId, buyer.user.id), eq(walletEntries.orderId, result.order.id)));
    expect(debited?.total).toBe(-500);
    const [charged] = await db.select().from(payments).where(eq(payments.orderId, result.order.id));
    expect(charged?.amountMinor).toBe(cash);
    expect(charged?.status).toBe('settled');
    // The confirmation email went into the outbox with the vouchers.
    const [mail] = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, buyer.user.id), eq(outbox.kind, 'order_confirmation')));
    const [voucher] = await db.select().from(vouchers).where(eq(vouchers.orderId, result.order.id));
    if (mail === undefined) throw new Error('no confirmation queued');
    // decision 042: the row holds the template's data; read it as it is sent.
    const text = await mailText(mail);
    expect(text).toContain(voucher?.code ?? 'missing');
    // The wallet's marketing credit shows as promotional credit in the breakdown, the rest on the card.
    expect(text).toMatch(/Paid with promotional credit\s+−£5\.00/);
  });

  it('a wallet that covers everything needs no card', async () => {
    const { db } = database;
    const [buyer] = await createBuyers(db, deal, 1, { prefix: 'allwallet' });
    if (buyer === undefined) throw new Error('no buyer');
    await creditWallet(db, {
      userId: buyer.user.id,
      currency: 'GBP',
      kind: 'cash',
      amountMinor: deal.unitTotalMinor + 100,
      description: 'Refund',
    });
    const result = await placeOrderSettled(
      db,
      singleProvider(createSandboxProvider(db)),
      request(buyer, {
        useWallet: true,
        payment: null,
        expected: { totalMinor: deal.unitTotalMinor, walletUsedMinor: deal.unitTotalMinor, cashAmountMinor: 0 },
      }),
    );
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.order).toMatchObject({ cardType: null, cashAmountMinor: 0 });
  });

  it('refuses a total the shopper did not see, before any money moves', async () => {
    const { db } = database;
    const [buyer] = await createBuyers(db, deal, 1, { prefix: 'stale' });
    if (buyer === undefined) throw new Error('no buyer');
    const result = await placeOrderSettled(
      db,
      singleProvider(createSandboxProvider(db)),
      request(buyer, { expected: { totalMinor: 1, walletUsedMinor: 0, cashAmountMinor: 1 } }),
    );
    expect(result).toMatchObject({ ok: false, kind: 'conflict' });
    const [attempts] = await db
      .select({ n: count() })
      .from(payments)
      .where(eq(payments.idempotencyKey, `test-${buyer.basketToken}`));
    expect(Number(attempts?.n)).toBe(0);
  });

  it('an order whose capture failed stands, and the hourly retry captures it', async () => {
    const { db } = database;
    const [buyer] = await createBuyers(db, deal, 1, { prefix: 'capture' });
    if (buyer === undefined) throw new Error('no buyer');
    const good = createSandboxProvider(db);
    // The provider goes away between authorising and capturing (the sandbox's own fault switch).
    const away = createSandboxProvider(db, { env: { PAYMENTS_FAULT: 'unreachable' } });
    const flaky = { type: good.type, authorise: good.authorise, void: good.void, capture: away.capture };
    const result = await placeOrderSettled(db, singleProvider(flaky), request(buyer));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const [held] = await db.select().from(payments).where(eq(payments.orderId, result.order.id));
    expect(held?.status).toBe('authorised');

    expect(await captureCommittedAuthorisations(db, good, 0)).toBeGreaterThanOrEqual(1);
    const [taken] = await db.select().from(payments).where(eq(payments.orderId, result.order.id));
    expect(taken?.status).toBe('settled');
    const [charge] = await db
      .select()
      .from(sandboxTransactions)
      .where(eq(sandboxTransactions.id, taken?.transactionId ?? ''));
    expect(['submitted_for_settlement', 'settled']).toContain(charge?.status);
  });

  it('spec 5: the per-user maximum holds across orders', async () => {
    const { db } = database;
    await db.update(deals).set({ maxPerUser: 1 }).where(eq(deals.id, deal.dealId));
    const [buyer] = await createBuyers(db, deal, 1, { prefix: 'max' });
    if (buyer === undefined) throw new Error('no buyer');
    const provider = createSandboxProvider(db);
    const first = await placeOrderSettled(db, singleProvider(provider), request(buyer));
    expect(first.ok).toBe(true);
    // A second basket for the same shopper.
    const [second] = await createBuyers(db, deal, 1, { prefix: 'max2' });
    if (second === undefined) throw new Error('no buyer');
    const again = await placeOrderSettled(db, singleProvider(provider), request({ ...second, user: buyer.user }));
    expect(again.ok).toBe(false);
    await db.update(deals).set({ maxPerUser: null }).where(eq(deals.id, deal.dealId));
  });

  it('spec 3: an order of several lines and quantities gets one voucher per unit, each on its own line (decision 080)', async () => {
    const { db } = database;
    await restock(db, deal, 100);
    const other = await anotherDealOnSale(deal.dealId);
    const [buyer] = await createBuyers(db, deal, 1, { prefix: 'lines', quantity: 2 });
    if (buyer === undefined) throw new Error('no buyer');
    await db
      .insert(basketLines)
      .values({ basketId: buyer.basketToken, dealId: other.dealId, dealProductId: other.productId, quantity: 3 });
    const pricing = await retrieveBasketPricing(db, buyer.basketToken, { userId: buyer.user.id });
    if (pricing === null) throw new Error('no basket');
    const { breakdown } = pricing;
    const now = new Date();

    const result = await placeOrderSettled(
      db,
      singleProvider(createSandboxProvider(db)),
      request(buyer, {
        now,
        expected: { totalMinor: breakdown.totalMinor, walletUsedMinor: 0, cashAmountMinor: breakdown.totalMinor },
      }),
    );

    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const orderId = result.order.id;
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.id);
    expect(lines.map((line) => [line.dealId, line.dealProductId, line.quantity])).toEqual([
      [deal.dealId, deal.productId, 2],
      [other.dealId, other.productId, 3],
    ]);
    expect(lines.map((line) => [line.unitPriceMinor, line.lineTotalMinor])).toEqual(
      breakdown.lines.map((line) => [line.unitPriceMinor, line.totalMinor]),
    );
    const issued = await db.select().from(vouchers).where(eq(vouchers.orderId, orderId)).orderBy(vouchers.id);
    expect([...result.order.voucherIds].sort((a, b) => a - b)).toEqual(issued.map((voucher) => voucher.id));
    const [first, second] = lines;
    if (first === undefined || second === undefined) throw new Error('two lines expected');
    expect(issued.map((voucher) => [voucher.orderLineId, voucher.dealId, voucher.dealProductId])).toEqual([
      [first.id, deal.dealId, deal.productId],
      [first.id, deal.dealId, deal.productId],
      [second.id, other.dealId, other.productId],
      [second.id, other.dealId, other.productId],
      [second.id, other.dealId, other.productId],
    ]);
    const validity = await db
      .select({ id: deals.id, days: deals.voucherValidityDays })
      .from(deals)
      .where(inArray(deals.id, [deal.dealId, other.dealId]));
    const daysOf = new Map(validity.map((row) => [row.id, row.days]));
    for (const voucher of issued) {
      expect(voucher).toMatchObject({
        userId: buyer.user.id,
        status: 'ready',
        isProtected: false,
        expiryCreditConsent: false,
        extendedMonths: 0,
        createdAt: now,
        statusChangedAt: now,
        expiresAt: new Date(now.getTime() + (daysOf.get(voucher.dealId) ?? 0) * 86_400_000),
      });
      expect(voucher.code).toMatch(VOUCHER_CODE_PATTERN);
      expect(voucher.securityCode).toMatch(/^\d{6}$/);
    }
    expect(new Set(issued.map((voucher) => voucher.code)).size).toBe(5);
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ status: 'placed', createdAt: now, totalMinor: breakdown.totalMinor });
    const [payment] = await db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment?.status).toBe('settled');
  });
});
