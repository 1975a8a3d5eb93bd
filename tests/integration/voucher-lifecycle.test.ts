/**
 * The voucher lifecycle (decision 026) on embedded PGlite, through the real order pipeline and the
 * sandbox gateway: a voucher is refunded once (card, wallet and order records agree), taken as credit,
 * returned (products), extended and protected as paid add-ons, expired with or without wallet credit;
 * every move is audited.
 */
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactions as sandboxTransactions } from '../../sandbox/db/schema';
import { seedCatalogue } from '../../scripts/seed';
import type { LifecycleError } from '../../src/domain/errors';
import { LIFECYCLE_COPY } from '../../src/domain/voucher-lifecycle';
import { addMonths } from '../../src/domain/wallet';
import type { Database } from '../../src/server/db/client';
import { deals, orders, payments, voucherRefunds, voucherStatusChanges, vouchers } from '../../src/server/db/schema';
import { EVENTS, installSubscribers, type VoucherRefunded } from '../../src/server/events';
import { placeOrder } from '../../src/server/orders';
import { type PaymentProviders, singleProvider } from '../../src/server/payments';
import { loadSubscribers, SUBSCRIBERS } from '../../src/server/subscribers';
import {
  buyAddon,
  expireDueVouchers,
  markReturnPosted,
  receiveReturn,
  refundVoucherToCard,
  renderReturnsLabel,
  requestReturn,
  requestVoucherCredit,
  retrieveReturnReference,
} from '../../src/server/voucher-lifecycle';
import { setExpiryCreditConsent } from '../../src/server/vouchers';
import { walletBalances } from '../../src/server/wallet';
import { createBuyers, type LimitedDeal, prepareLimitedDeal, type ScenarioBuyer } from '../fixtures/purchase-scenario';
import { createSandboxProvider } from '../fixtures/sandbox-gateway';
import { embedded } from './databases';
import { TEST_ADDRESS } from './support/posted-order';

const DAY = 24 * 60 * 60 * 1000;

// A subscriber of voucher.refunded (as the loyalty points are) hears of every refund after it commits.
const heard: VoucherRefunded[] = [];
const hearRefunds = {
  config: { event: EVENTS.voucherRefunded, subscriberId: 'test-loyalty-points' },
  default: async (_db: unknown, event: VoucherRefunded) => {
    heard.push(event);
  },
} as const;

describe.each(embedded)('the voucher lifecycle over the spec 3 statuses on $name', (engine) => {
  let database: Database;
  let deal: LimitedDeal;
  let providers: PaymentProviders;
  let bought = 0;
  const db = () => database.db;

  beforeAll(async () => {
    installSubscribers([...SUBSCRIBERS, hearRefunds]);
    database = await engine.open();
    await seedCatalogue(database.db, { deals: 60, seed: 7 });
    deal = await prepareLimitedDeal(database.db, 100);
    // A voucher by email (a product by post is returned first: its own test below).
    await database.db.update(deals).set({ deliveryType: 'e-voucher' }).where(eq(deals.id, deal.dealId));
    providers = singleProvider(createSandboxProvider(database.db));
  }, 120_000);

  afterAll(async () => {
    loadSubscribers();
    await database?.close();
  });

  /** A shopper who bought one voucher by card at `now`; answers the buyer and the voucher. */
  async function buyOne(now = new Date()): Promise<{ buyer: ScenarioBuyer; voucherId: number; orderId: number }> {
    bought += 1;
    const [buyer] = await createBuyers(db(), deal, 1, { prefix: `life${bought}` });
    if (buyer === undefined) throw new Error('no buyer');
    const placed = await placeOrder(db(), providers, {
      basketToken: buyer.basketToken,
      buyer: buyer.user,
      useWallet: false,
      expected: { totalMinor: deal.unitTotalMinor, walletUsedMinor: 0, cashAmountMinor: deal.unitTotalMinor },
      payment: { method: 'credit_card', nonce: 'fake-valid-visa-nonce' },
      // docs/decisions/051: a product by post (the return test) is ordered with its delivery address.
      delivery: TEST_ADDRESS,
      idempotencyKey: `life-${buyer.basketToken}`,
      now,
      origin: 'http://shop.test',
    });
    if (!placed.ok) throw new Error(`order refused: ${placed.message}`);
    const voucherId = placed.order.voucherIds[0];
    if (voucherId === undefined) throw new Error('no voucher');
    return { buyer, voucherId, orderId: placed.order.id };
  }

  async function voucher(id: number) {
    const [row] = await db().select().from(vouchers).where(eq(vouchers.id, id));
    if (row === undefined) throw new Error('voucher gone');
    return row;
  }

  async function history(id: number) {
    return db()
      .select({
        from: voucherStatusChanges.fromStatus,
        to: voucherStatusChanges.toStatus,
        event: voucherStatusChanges.event,
      })
      .from(voucherStatusChanges)
      .where(eq(voucherStatusChanges.voucherId, id))
      .orderBy(asc(voucherStatusChanges.id));
  }

  it('a voucher bought today is refunded once, to the card; card, order and audit agree', async () => {
    const { buyer, voucherId, orderId } = await buyOne();
    const now = new Date();
    const refund = await refundVoucherToCard(db(), providers, { voucherId, userId: buyer.user.id, now });

    expect(refund).toMatchObject({ cardMinor: deal.unitTotalMinor, walletMinor: 0, cardPending: false });
    expect((await voucher(voucherId)).status).toBe('refunded');
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe('refunded');
    const [row] = await db().select().from(voucherRefunds).where(eq(voucherRefunds.voucherId, voucherId));
    expect(row).toMatchObject({
      status: 'done',
      refundedTo: 'card',
      refundType: 'ON_DEMAND_REFUND',
      cardMinor: deal.unitTotalMinor,
    });
    // The gateway holds one refund (a credit transaction of its own) for the voucher's price.
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, orderId));
    const credits = await db()
      .select()
      .from(sandboxTransactions)
      .where(eq(sandboxTransactions.nonce, `refund:${payment?.transactionId}`));
    expect(credits.map((c) => c.amountMinor)).toEqual([deal.unitTotalMinor]);
    expect(await walletBalances(db(), buyer.user.id, now)).toEqual([]);
    expect(await history(voucherId)).toEqual([{ from: 'ready', to: 'refunded', event: 'refund' }]);
    expect(heard.filter((e) => e.voucherId === voucherId)).toEqual([
      {
        orderId,
        voucherId,
        userId: buyer.user.id,
        amountPence: deal.unitTotalMinor,
        refundedTo: 'card',
        // docs/decisions/048: how far the order's refunds have gone (its one voucher: all of it).
        orderTotalPence: deal.unitTotalMinor,
        orderRefundedPence: deal.unitTotalMinor,
        isLastOfOrder: true,
      },
    ]);

    // A second request is refused with a clear message and moves no money.
    await expect(refundVoucherToCard(db(), providers, { voucherId, userId: buyer.user.id, now })).rejects.toThrow(
      LIFECYCLE_COPY.alreadyRefunded,
    );
    const after = await db()
      .select({ n: count() })
      .from(sandboxTransactions)
      .where(eq(sandboxTransactions.nonce, `refund:${payment?.transactionId}`));
    expect(Number(after[0]?.n)).toBe(1);
  });

  it('two refund requests at once refund once', async () => {
    const { buyer, voucherId } = await buyOne();
    const both = await Promise.allSettled([
      refundVoucherToCard(db(), providers, { voucherId, userId: buyer.user.id, now: new Date() }),
      refundVoucherToCard(db(), providers, { voucherId, userId: buyer.user.id, now: new Date() }),
    ]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = both.find((r) => r.status === 'rejected');
    expect(refused?.status === 'rejected' && (refused.reason as LifecycleError).code).toBe('alreadyRefunded');
    const rows = await db().select().from(voucherRefunds).where(eq(voucherRefunds.voucherId, voucherId));
    expect(rows).toHaveLength(1);
  });

  it("spec 4 refund window: after 14 days a voucher is not refundable, unless it is protected (and someone else's never is)", async () => {
    const boughtAt = new Date(Date.now() - 20 * DAY);
    const { buyer, voucherId } = await buyOne(boughtAt);
    const now = new Date();
    await expect(refundVoucherToCard(db(), providers, { voucherId, userId: buyer.user.id, now })).rejects.toThrow(
      LIFECYCLE_COPY.windowClosed,
    );
    const stranger = await buyOne();
    await expect(
      refundVoucherToCard(db(), providers, { voucherId, userId: stranger.buyer.user.id, now }),
    ).rejects.toMatchObject({ code: 'notYours', kind: 'notFound' });

    // Protect my voucher (DVP), bought as an order of its own, makes it refundable until it expires.
    const protectedNow = await buyAddon(db(), providers, {
      voucherId,
      userId: buyer.user.id,
      type: 'DVP',
      expectedMinor: await dvpPrice(voucherId),
      payment: { method: 'credit_card', nonce: 'fake-valid-visa-nonce' },
      idempotencyKey: `dvp-${voucherId}`,
      now,
    });
    expect(protectedNow).toMatchObject({ ok: true, isProtected: true });
    const refund = await refundVoucherToCard(db(), providers, { voucherId, userId: buyer.user.id, now });
    expect(refund.cardMinor).toBeGreaterThan(0);
  });

  async function dvpPrice(voucherId: number): Promise<number> {
    const { quoteAddons } = await import('../../src/server/voucher-lifecycle');
    const v = await voucher(voucherId);
    const quote = await quoteAddons(db(), { voucherId, userId: v.userId, now: new Date() });
    if (quote === null) throw new Error('no quote');
    return quote.protectionMinor;
  }

  it('spec 9: extending moves the expiry by the months bought, charges once, and stops at 3 months', async () => {
    const { buyer, voucherId } = await buyOne();
    const before = await voucher(voucherId);
    const { quoteAddons } = await import('../../src/server/voucher-lifecycle');
    const quote = await quoteAddons(db(), { voucherId, userId: buyer.user.id, now: new Date() });
    const twoMonths = quote?.extensionPrices.find((p) => p.months === 2);
    if (twoMonths === undefined) throw new Error('no 2-month price');
    const request = {
      voucherId,
      userId: buyer.user.id,
      type: 'VVE' as const,
      months: 2,
      expectedMinor: twoMonths.amountMinor,
      payment: { method: 'credit_card' as const, nonce: 'fake-valid-visa-nonce' },
      idempotencyKey: `vve-${voucherId}`,
      now: new Date(),
    };
    const first = await buyAddon(db(), providers, request);
    const again = await buyAddon(db(), providers, request);

    expect(first.ok && first.expiresAt.toISOString()).toBe(addMonths(before.expiresAt, 2).toISOString());
    expect(again).toMatchObject({ ok: true, orderId: first.ok ? first.orderId : -1 });
    expect((await voucher(voucherId)).extendedMonths).toBe(2);
    const charges = await db()
      .select()
      .from(payments)
      .where(eq(payments.idempotencyKey, `vve-${voucherId}`));
    expect(charges.map((c) => [c.status, c.amountMinor])).toEqual([['settled', twoMonths.amountMinor]]);

    // 2 more would make 4: refused before any money moves.
    const tooLong = await buyAddon(db(), providers, {
      ...request,
      idempotencyKey: `vve2-${voucherId}`,
      expectedMinor: twoMonths.amountMinor,
    });
    expect(tooLong).toMatchObject({ ok: false, message: LIFECYCLE_COPY.extensionTooLong(1) });
    const none = await db()
      .select()
      .from(payments)
      .where(eq(payments.idempotencyKey, `vve2-${voucherId}`));
    expect(none).toEqual([]);
    expect((await voucher(voucherId)).expiresAt.toISOString()).toBe(addMonths(before.expiresAt, 2).toISOString());
  });

  it('a declined card extends nothing', async () => {
    const { buyer, voucherId } = await buyOne();
    const before = await voucher(voucherId);
    const { quoteAddons } = await import('../../src/server/voucher-lifecycle');
    const quote = await quoteAddons(db(), { voucherId, userId: buyer.user.id, now: new Date() });
    const declined = await buyAddon(db(), providers, {
      voucherId,
      userId: buyer.user.id,
      type: 'VVE',
      months: 1,
      expectedMinor: quote?.extensionPrices[0]?.amountMinor ?? 0,
      payment: { method: 'credit_card', nonce: 'fake-processor-declined-visa-nonce' },
      idempotencyKey: `vve-declined-${voucherId}`,
      now: new Date(),
    });
    expect(declined.ok).toBe(false);
    expect((await voucher(voucherId)).expiresAt.toISOString()).toBe(before.expiresAt.toISOString());
  });

  it('spec 4 expiry rules: a voucher taken as credit is Credit Requested, then Request Processed, with wallet credit for 12 months', async () => {
    const { buyer, voucherId, orderId } = await buyOne();
    const now = new Date();
    const done = await requestVoucherCredit(db(), { voucherId, userId: buyer.user.id, now });

    expect(done.walletMinor).toBe(deal.unitTotalMinor);
    expect((await voucher(voucherId)).status).toBe('request_processed');
    expect(await history(voucherId)).toEqual([
      { from: 'ready', to: 'credit_requested', event: 'requestCredit' },
      { from: 'credit_requested', to: 'request_processed', event: 'processCredit' },
    ]);
    const [balance] = await walletBalances(db(), buyer.user.id, now);
    expect(balance).toMatchObject({ balance: deal.unitTotalMinor, refundableBalance: deal.unitTotalMinor });
    // spec 4: wallet credit expires 12 months after redemption.
    expect(await walletBalances(db(), buyer.user.id, new Date(addMonths(now, 12).getTime() + 1000))).toEqual([]);
    expect(heard.filter((e) => e.voucherId === voucherId)).toEqual([
      {
        orderId,
        voucherId,
        userId: buyer.user.id,
        amountPence: deal.unitTotalMinor,
        refundedTo: 'wallet',
        // docs/decisions/048: how far the order's refunds have gone (its one voucher: all of it).
        orderTotalPence: deal.unitTotalMinor,
        orderRefundedPence: deal.unitTotalMinor,
        isLastOfOrder: true,
      },
    ]);
    await expect(requestVoucherCredit(db(), { voucherId, userId: buyer.user.id, now })).rejects.toThrow(
      LIFECYCLE_COPY.notReturnable,
    );
  });

  it('spec 4: the expiry job expires vouchers; with consent the value is wallet credit for 14 days after expiry', async () => {
    const agreed = await buyOne();
    const declined = await buyOne();
    await setExpiryCreditConsent(db(), { voucherId: agreed.voucherId, userId: agreed.buyer.user.id, consent: true });
    const expiresAt = (await voucher(agreed.voucherId)).expiresAt;
    const dayAfter = new Date(expiresAt.getTime() + DAY);

    const run = await expireDueVouchers(db(), dayAfter);

    expect(run.credited).toBeGreaterThanOrEqual(1);
    expect((await voucher(agreed.voucherId)).status).toBe('expired');
    expect((await voucher(declined.voucherId)).status).toBe('expired');
    expect(await history(agreed.voucherId)).toEqual([{ from: 'ready', to: 'expired', event: 'expire' }]);
    expect(await history(declined.voucherId)).toEqual([{ from: 'ready', to: 'expired', event: 'expire' }]);
    const [credit] = await walletBalances(db(), agreed.buyer.user.id, dayAfter);
    expect(credit?.balance).toBe(deal.unitTotalMinor);
    expect(await walletBalances(db(), declined.buyer.user.id, dayAfter)).toEqual([]);
    // 14 days after the voucher's expiry the credit has gone.
    const lastMoment = new Date(expiresAt.getTime() + 14 * DAY - 1000);
    expect((await walletBalances(db(), agreed.buyer.user.id, lastMoment))[0]?.balance).toBe(deal.unitTotalMinor);
    expect(await walletBalances(db(), agreed.buyer.user.id, new Date(expiresAt.getTime() + 14 * DAY))).toEqual([]);
    // Nothing leaves Expired: not a refund, not a second credit.
    await expect(
      refundVoucherToCard(db(), providers, {
        voucherId: agreed.voucherId,
        userId: agreed.buyer.user.id,
        now: dayAfter,
      }),
    ).rejects.toThrow(LIFECYCLE_COPY.expired);
    const again = await expireDueVouchers(db(), dayAfter);
    expect(again.credited).toBe(0);
  });

  it('a product is returned (label, posted, received) and then refunded to the card', async () => {
    await db().update(deals).set({ deliveryType: 'postal' }).where(eq(deals.id, deal.dealId));
    try {
      const { buyer, voucherId } = await buyOne();
      const now = new Date();
      await expect(refundVoucherToCard(db(), providers, { voucherId, userId: buyer.user.id, now })).rejects.toThrow(
        LIFECYCLE_COPY.physicalNeedsReturn,
      );
      const reference = await requestReturn(db(), { voucherId, userId: buyer.user.id, now });
      expect(reference).toMatch(/^RT-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
      const label = await renderReturnsLabel(db(), { voucherId, userId: buyer.user.id });
      expect(
        Buffer.from(label?.bytes ?? [])
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      // spec 7 returns-label: the reference is the shopper's alone (no PDF drawn to read it).
      expect(await retrieveReturnReference(db(), { voucherId, userId: buyer.user.id })).toBe(reference);
      expect(await retrieveReturnReference(db(), { voucherId, userId: buyer.user.id + 1_000_000 })).toBeNull();
      await markReturnPosted(db(), { voucherId, userId: buyer.user.id, now });
      const refund = await receiveReturn(db(), providers, { voucherId, actor: 'operator', now });

      expect(refund.cardMinor).toBe(deal.unitTotalMinor);
      expect((await history(voucherId)).map((h) => h.to)).toEqual([
        'return_requested',
        'return_in_transit',
        'returned_to_merchant',
        'refunded',
      ]);
    } finally {
      await db().update(deals).set({ deliveryType: 'e-voucher' }).where(eq(deals.id, deal.dealId));
    }
  });

  it('a payment left authorising by a crash is found by its key at the gateway and voided', async () => {
    const provider = createSandboxProvider(db());
    const reached = await provider.authorise({
      nonce: 'fake-valid-visa-nonce',
      amount: { amountMinor: 1234, currency: 'GBP' },
      idempotencyKey: 'crashed-after-sale',
      reference: 'test',
    });
    expect(reached.kind).toBe('authorised');
    const old = new Date(Date.now() - 3600_000);
    await db()
      .insert(payments)
      .values([
        {
          idempotencyKey: 'crashed-after-sale',
          provider: 'BRAINTREE',
          method: 'credit_card',
          status: 'authorising',
          amountMinor: 1234,
          updatedAt: old,
        },
        {
          idempotencyKey: 'crashed-before-sale',
          provider: 'BRAINTREE',
          method: 'credit_card',
          status: 'authorising',
          amountMinor: 1234,
          updatedAt: old,
        },
      ]);
    const { voidAbandonedAuthorisations } = await import('../../src/server/orders');
    expect(await voidAbandonedAuthorisations(db(), provider)).toBe(1);

    const rows = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.provider, 'BRAINTREE')));
    const byKey = new Map(rows.map((row) => [row.idempotencyKey, row]));
    expect(byKey.get('crashed-after-sale')?.status).toBe('voided');
    expect(byKey.get('crashed-before-sale')).toMatchObject({ status: 'failed', responseCode: 'never_reached' });
    const [sale] = await db()
      .select()
      .from(sandboxTransactions)
      .where(eq(sandboxTransactions.idempotencyKey, 'crashed-after-sale'));
    expect(sale?.status).toBe('voided');
  });
});
