/**
 * A merchant closes and everyone is refunded (docs/decisions/045; spec 3 and 4 voucher statuses and
 * refunds) on embedded PGlite. An operator closes the merchant through the internal API; its deals
 * close at once; the refund job gives back every voucher that was unredeemed and unexpired (Ready to
 * Redeem or Booked) to where it was paid from, exactly once however often it runs or wherever it
 * stopped; each shopper gets one email; bookings and waiting gifts are cancelled.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedCatalogue } from '../../scripts/seed';
import { CLOSURE_MESSAGES } from '../../src/domain/merchant-closure';
import { listDeals, retrieveDeal } from '../../src/server/catalog';
import type { Database } from '../../src/server/db/client';
import {
  deals,
  gifts,
  merchantClosureRefunds,
  outbox,
  voucherBookings,
  voucherRefunds,
  voucherStatusChanges,
  vouchers,
  walletEntries,
} from '../../src/server/db/schema';
import { giftVoucher } from '../../src/server/gifting';
import { runHourlyJobs, takeLease } from '../../src/server/jobs';
import { CLOSURE_LEASE_MS, refundClosedMerchants, retrieveClosureReport } from '../../src/server/merchants';
import { placeOrder } from '../../src/server/orders';
import { type PaymentProviders, singleProvider } from '../../src/server/payments';
import { searchDeals } from '../../src/server/search';
import { moveVoucher } from '../../src/server/vouchers';
import { creditWallet, walletBalances } from '../../src/server/wallet';
import { createBuyers, type LimitedDeal, prepareLimitedDeal, type ScenarioBuyer } from '../fixtures/purchase-scenario';
import { createSandboxProvider } from '../fixtures/sandbox-gateway';
import { embedded } from './databases';
import { mailText } from './support/mail';
import { callAsOperator } from './support/shop-call';
import { serveTestDatabase } from './support/test-database';

// The internal API's bearer token, as the server would read it from OPERATOR_TOKEN.
const TOKEN = 'closure-test-token';
vi.mock('astro:env/server', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  OPERATOR_TOKEN: 'closure-test-token',
}));

const { GET: findRoute } = await import('../../src/pages/api/internal/merchants');
const { GET: reportRoute, POST: closeRoute } = await import('../../src/pages/api/internal/merchants/[id]/closure');
const { POST: refundsRoute } = await import('../../src/pages/api/internal/merchants/[id]/closure/refunds');

describe.each(embedded)('a merchant closes and everyone is refunded on $name', (engine) => {
  const shared: { database?: Database | null } = {};
  serveTestDatabase(shared);
  let deal: LimitedDeal;
  let merchantId: number;
  let providers: PaymentProviders;
  const db = () => {
    if (!shared.database) throw new Error('database not open');
    return shared.database.db;
  };
  /** The five shoppers whose vouchers are refunded; the wallet payer is the last. */
  const refundable: { buyer: ScenarioBuyer; voucherId: number; orderId: number }[] = [];
  let untouched: number[] = [];
  let walletPayer: { buyer: ScenarioBuyer; orderId: number; cashMinor: number };
  const WALLET_CASH = 100;
  const WALLET_PROMO = 200;
  const now = new Date();
  const lease = (name: string) => takeLease(db(), name, CLOSURE_LEASE_MS, new Date());

  async function buy(buyer: ScenarioBuyer, walletMinor = 0) {
    const placed = await placeOrder(db(), providers, {
      basketToken: buyer.basketToken,
      buyer: buyer.user,
      useWallet: walletMinor > 0,
      expected: {
        totalMinor: deal.unitTotalMinor,
        walletUsedMinor: walletMinor,
        cashAmountMinor: deal.unitTotalMinor - walletMinor,
      },
      payment: { method: 'credit_card', nonce: 'fake-valid-visa-nonce' },
      idempotencyKey: `closure-${buyer.basketToken}`,
      now,
      origin: 'http://shop.test',
    });
    if (!placed.ok) throw new Error(placed.message);
    const voucherId = placed.order.voucherIds[0];
    if (voucherId === undefined) throw new Error('no voucher');
    return { voucherId, orderId: placed.order.id };
  }

  beforeAll(async () => {
    shared.database = await engine.open();
    await seedCatalogue(db(), { deals: 60, seed: 45 });
    deal = await prepareLimitedDeal(db(), 40);
    const [row] = await db().select({ merchantId: deals.merchantId }).from(deals).where(eq(deals.id, deal.dealId));
    if (row === undefined) throw new Error('no deal');
    merchantId = row.merchantId;
    providers = singleProvider(createSandboxProvider(db()));
    const buyers = await createBuyers(db(), deal, 8, { prefix: 'closure' });
    const [a, b, c, d, e, f, g, h] = buyers;
    if (!a || !b || !c || !d || !e || !f || !g || !h) throw new Error('eight buyers expected');
    // Shopper e pays partly from the wallet: promotional credit and refundable credit, the rest by card.
    await creditWallet(db(), {
      userId: e.user.id,
      currency: 'GBP',
      kind: 'marketing',
      amountMinor: WALLET_PROMO,
      description: 'Promotional credit',
    });
    await creditWallet(db(), {
      userId: e.user.id,
      currency: 'GBP',
      kind: 'refundable',
      amountMinor: WALLET_CASH,
      description: 'An earlier refund',
    });
    for (const buyer of [a, b, c, d]) refundable.push({ buyer, ...(await buy(buyer)) });
    const paidByWallet = await buy(e, WALLET_CASH + WALLET_PROMO);
    refundable.push({ buyer: e, ...paidByWallet });
    walletPayer = {
      buyer: e,
      orderId: paidByWallet.orderId,
      cashMinor: deal.unitTotalMinor - WALLET_CASH - WALLET_PROMO,
    };
    // Shopper a has booked a date the merchant confirmed (spec 3 Booked).
    const bookedVoucher = refundable[0]?.voucherId ?? 0;
    await db()
      .insert(voucherBookings)
      .values({ voucherId: bookedVoucher, merchantId, requestedDate: '2099-01-10', status: 'confirmed' });
    await db().transaction((tx) =>
      moveVoucher(tx, { voucherId: bookedVoucher, event: 'book', actor: 'merchant', now }),
    );
    // Shopper b sent theirs as a gift that has not been claimed.
    await giftVoucher(db(), {
      voucherId: refundable[1]?.voucherId ?? 0,
      userId: b.user.id,
      recipientName: 'Robin',
      recipientEmail: 'robin.closure@example.test',
      message: 'Enjoy',
      origin: 'http://shop.test',
      now,
    });
    // Two redeemed at the till, one expired: none of them is refunded.
    untouched = [];
    for (const buyer of [f, g]) {
      const { voucherId } = await buy(buyer);
      await db().transaction((tx) => moveVoucher(tx, { voucherId, event: 'redeem', actor: 'merchant', now }));
      untouched.push(voucherId);
    }
    const expired = await buy(h);
    await db()
      .update(vouchers)
      .set({ expiresAt: new Date(now.getTime() - 86_400_000) })
      .where(eq(vouchers.id, expired.voucherId));
    await db().transaction((tx) =>
      moveVoucher(tx, { voucherId: expired.voucherId, event: 'expire', actor: 'system', now }),
    );
    untouched.push(expired.voucherId);
  }, 180_000);
  afterAll(async () => {
    await shared.database?.close();
  });

  it('the internal API refuses a caller without the operator token, and bad input with a clear 4xx', async () => {
    const params = { id: String(merchantId) };
    const body = { closedOn: '2026-01-05', reason: 'Ceased trading' };
    expect((await callAsOperator(closeRoute, '/c', null, { params, body })).status).toBe(401);
    expect((await callAsOperator(closeRoute, '/c', 'wrong', { params, body })).status).toBe(401);
    const badDate = await callAsOperator(closeRoute, '/c', TOKEN, { params, body: { ...body, closedOn: '5 Jan' } });
    expect(badDate.status).toBe(400);
    expect(String(badDate.body.message)).toContain('closedOn must be a date written YYYY-MM-DD');
    const future = await callAsOperator(closeRoute, '/c', TOKEN, { params, body: { ...body, closedOn: '2999-01-01' } });
    expect(future).toMatchObject({ status: 400, body: { message: CLOSURE_MESSAGES.futureDate } });
    const noReason = await callAsOperator(closeRoute, '/c', TOKEN, {
      params,
      body: { closedOn: '2026-01-05', reason: '' },
    });
    expect(noReason.status).toBe(400);
    expect(String(noReason.body.message)).toContain('reason');
    const unknown = await callAsOperator(closeRoute, '/c', TOKEN, { params: { id: '999999' }, body });
    expect(unknown).toMatchObject({ status: 404, body: { message: CLOSURE_MESSAGES.notFound } });
    const notClosed = await callAsOperator(reportRoute, '/c', TOKEN, { method: 'GET', params });
    expect(notClosed).toMatchObject({ status: 404, body: { message: CLOSURE_MESSAGES.notClosed } });
    // Nothing was closed by any of that.
    const [row] = await db().select({ status: deals.status }).from(deals).where(eq(deals.id, deal.dealId));
    expect(row?.status).toBe('live');
  });

  it('closing the merchant closes its deals at once: no longer listed, found or buyable', async () => {
    const found = await callAsOperator(findRoute, `/api/internal/merchants?q=${merchantId}`, TOKEN, { method: 'GET' });
    expect(found.status).toBe(200);
    expect((found.body.merchants as { id: number }[]).some((m) => m.id === merchantId)).toBe(true);

    const closed = await callAsOperator(closeRoute, '/c', TOKEN, {
      params: { id: String(merchantId) },
      body: { closedOn: '2026-01-05', reason: 'Ceased trading' },
    });
    expect(closed.status).toBe(201);
    expect(closed.body).toMatchObject({
      merchantId,
      closedOn: '2026-01-05',
      reason: 'Ceased trading',
      vouchersRefunded: 0,
      vouchersLeft: 5,
    });
    expect(closed.body.invalidated).toContain(`deal:${deal.dealId}`);
    const again = await callAsOperator(closeRoute, '/c', TOKEN, {
      params: { id: String(merchantId) },
      body: { closedOn: '2026-01-05', reason: 'Twice' },
    });
    expect(again).toMatchObject({ status: 409, body: { message: CLOSURE_MESSAGES.alreadyClosed } });

    const open = await db()
      .select({ id: deals.id })
      .from(deals)
      .where(and(eq(deals.merchantId, merchantId), eq(deals.status, 'live')));
    expect(open).toEqual([]);
    // The deal page still answers, as an ended deal does (not a 404), and listings leave it out.
    expect(await retrieveDeal(db(), deal.dealId)).toMatchObject({ id: deal.dealId, isClosed: true });
    const listed = await listDeals(db(), { limit: 500 });
    expect(listed.map((d) => d.id)).not.toContain(deal.dealId);
    const [headline] = await db().select({ headline: deals.headline }).from(deals).where(eq(deals.id, deal.dealId));
    const results = await searchDeals(db(), { q: headline?.headline ?? '' });
    expect(results.deals.map((d) => d.id)).not.toContain(deal.dealId);
    // spec 4: a closed deal cannot be bought.
    const [late] = await createBuyers(db(), deal, 1, { prefix: 'closure-late' });
    if (late === undefined) throw new Error('no buyer');
    const refused = await placeOrder(db(), providers, {
      basketToken: late.basketToken,
      buyer: late.user,
      useWallet: false,
      expected: { totalMinor: deal.unitTotalMinor, walletUsedMinor: 0, cashAmountMinor: deal.unitTotalMinor },
      payment: { method: 'credit_card', nonce: 'fake-valid-visa-nonce' },
      idempotencyKey: `closure-late-${late.basketToken}`,
      now: new Date(),
      origin: 'http://shop.test',
    });
    expect(refused.ok).toBe(false);
  });

  it('spec 4: a run stopped after one shopper, restarted twice at once (operator and hourly jobs) and once more, refunds exactly the 5, once', async () => {
    const first = await refundClosedMerchants(db(), providers, { now: new Date(), lease, maxShoppers: 1 });
    expect(first).toEqual([expect.objectContaining({ merchantId, vouchersRefunded: 1, shoppersMailed: 1 })]);
    const partway = await retrieveClosureReport(db(), merchantId);
    expect(partway).toMatchObject({ vouchersRefunded: 1, vouchersLeft: 4, finishedAt: null });

    // Started again twice at once: by the operator and by the hourly jobs.
    const [second, hourly] = await Promise.all([
      refundClosedMerchants(db(), providers, { now: new Date(), lease, merchantId }),
      runHourlyJobs(db(), new Date()),
    ]);
    const refundedNow = second.reduce((n, run) => n + run.vouchersRefunded, 0) + hourly.closureRefunds;
    expect(refundedNow).toBe(4);
    // The operator's "refund now" after everything is done: nothing more.
    const last = await callAsOperator(refundsRoute, '/r', TOKEN, { params: { id: String(merchantId) } });
    expect(last.status).toBe(200);
    expect(last.body.run).toMatchObject({ vouchersRefunded: 0, shoppersMailed: 0 });

    const ids = refundable.map((r) => r.voucherId);
    const statuses = await db()
      .select({ id: vouchers.id, status: vouchers.status })
      .from(vouchers)
      .where(inArray(vouchers.id, [...ids, ...untouched]));
    for (const { id, status } of statuses)
      expect(status).toBe(ids.includes(id) ? 'refunded' : untouched.indexOf(id) < 2 ? 'redeemed' : 'expired');
    const refunds = await db()
      .select()
      .from(voucherRefunds)
      .where(inArray(voucherRefunds.voucherId, [...ids, ...untouched]));
    expect(refunds.map((r) => r.voucherId).sort()).toEqual([...ids].sort());
    // The card parts went back through the provider at once (none left pending).
    expect(refunds.filter((r) => r.status !== 'done')).toEqual([]);
    const history = await db()
      .select()
      .from(voucherStatusChanges)
      .where(and(inArray(voucherStatusChanges.voucherId, ids), eq(voucherStatusChanges.toStatus, 'refunded')));
    expect(history).toHaveLength(5);

    const report = await retrieveClosureReport(db(), merchantId);
    const cardSum = refunds.reduce((n, r) => n + r.cardMinor, 0);
    expect(report).toMatchObject({
      vouchersRefunded: 5,
      shoppersRefunded: 5,
      cardMinor: cardSum,
      walletMinor: WALLET_CASH,
      promoMinor: WALLET_PROMO,
      bookingsCancelled: 1,
      giftsCancelled: 1,
      pendingCardRefunds: 0,
      vouchersLeft: 0,
    });
    expect(report?.finishedAt).not.toBeNull();
    expect(cardSum + WALLET_CASH + WALLET_PROMO).toBe(5 * deal.unitTotalMinor);
    const rows = await db().select().from(merchantClosureRefunds).where(inArray(merchantClosureRefunds.voucherId, ids));
    expect(rows).toHaveLength(5);
  });

  it('an order paid partly from the wallet and promotional credit gets each part back to where it came from', async () => {
    const [refund] = await db().select().from(voucherRefunds).where(eq(voucherRefunds.orderId, walletPayer.orderId));
    expect(refund).toMatchObject({
      cardMinor: walletPayer.cashMinor,
      walletMinor: WALLET_CASH + WALLET_PROMO,
      refundType: 'MERCHANT_CLOSED',
    });
    const credits = await db()
      .select({ kind: walletEntries.kind, amountMinor: walletEntries.amountMinor })
      .from(walletEntries)
      .where(and(eq(walletEntries.orderId, walletPayer.orderId), eq(walletEntries.userId, walletPayer.buyer.user.id)));
    expect(credits.filter((c) => c.amountMinor > 0)).toEqual(
      expect.arrayContaining([
        { kind: 'refundable', amountMinor: WALLET_CASH },
        { kind: 'marketing', amountMinor: WALLET_PROMO },
      ]),
    );
    const [balance] = await walletBalances(db(), walletPayer.buyer.user.id, new Date());
    expect(balance).toMatchObject({ marketingBalance: WALLET_PROMO, refundableBalance: WALLET_CASH });
  });

  it('each of the 5 shoppers has exactly one email naming their voucher, the refund and the cancelled booking', async () => {
    for (const [index, { buyer, voucherId }] of refundable.entries()) {
      const mail = await db()
        .select()
        .from(outbox)
        .where(and(eq(outbox.userId, buyer.user.id), eq(outbox.kind, 'merchant_closed_refund')));
      expect(mail).toHaveLength(1);
      const [row] = mail;
      if (row === undefined) continue;
      const text = await mailText(row);
      const [voucher] = await db().select({ code: vouchers.code }).from(vouchers).where(eq(vouchers.id, voucherId));
      expect(text).toContain(voucher?.code ?? 'a code');
      expect(text).toContain('closed on 5 January 2026');
      expect(text).toContain('To your card or PayPal');
      if (index === 0) expect(text).toMatch(/Bookings cancelled[\s\S]*Booked for 10 January 2099: cancelled/i);
      if (buyer === walletPayer.buyer) expect(text).toContain('Promotional credit, back in your wallet');
    }
    const others = await db()
      .select()
      .from(outbox)
      .where(
        and(
          eq(outbox.kind, 'merchant_closed_refund'),
          inArray(outbox.userId, untouched.length ? await ownersOf(untouched) : [0]),
        ),
      );
    expect(others).toEqual([]);
  });

  it('the booking is cancelled and the unclaimed gift no longer claims', async () => {
    const [booking] = await db()
      .select()
      .from(voucherBookings)
      .where(eq(voucherBookings.voucherId, refundable[0]?.voucherId ?? 0));
    expect(booking?.status).toBe('cancelled');
    const [gift] = await db()
      .select()
      .from(gifts)
      .where(eq(gifts.voucherId, refundable[1]?.voucherId ?? 0));
    expect(gift?.cancelledAt).not.toBeNull();
    expect(gift?.claimedAt).toBeNull();
  });

  async function ownersOf(voucherIds: number[]): Promise<number[]> {
    const rows = await db().select({ userId: vouchers.userId }).from(vouchers).where(inArray(vouchers.id, voucherIds));
    return rows.map((r) => r.userId);
  }
});
