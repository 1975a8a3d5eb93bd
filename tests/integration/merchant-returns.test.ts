/**
 * The merchant's Returns page (decision 026, products are returned before the refund) on embedded
 * PGlite. A merchant sees only its own products on their way back (Return Requested, Return in Transit)
 * and marks a parcel received: the voucher moves to Returned to the Merchant through the state machine,
 * audited with the member who did it, and the customer is refunded to the card by the existing rules.
 * Another merchant gets a 404 and moves nothing.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactions as sandboxTransactions } from '../../sandbox/db/schema';
import { seedCatalogue } from '../../scripts/seed';
import { LIFECYCLE_COPY } from '../../src/domain/voucher-lifecycle';
import type { Database } from '../../src/server/db/client';
import { deals, payments, voucherRefunds, voucherStatusChanges, vouchers } from '../../src/server/db/schema';
import { placeOrder } from '../../src/server/orders';
import { type PaymentProviders, singleProvider } from '../../src/server/payments';
import {
  listMerchantReturns,
  markReturnPosted,
  receiveMerchantReturn,
  requestReturn,
} from '../../src/server/voucher-lifecycle';
import { createBuyers, type LimitedDeal, prepareLimitedDeal } from '../fixtures/purchase-scenario';
import { createSandboxProvider } from '../fixtures/sandbox-gateway';
import { embedded } from './databases';
import { insertMerchantMember } from './merchant-fixtures';
import { TEST_ADDRESS } from './support/posted-order';

describe.each(embedded)('a merchant receives returned products on $name', (engine) => {
  let database: Database;
  let deal: LimitedDeal;
  let merchantId: number;
  let otherMerchantId: number;
  let providers: PaymentProviders;
  let bought = 0;
  const db = () => database.db;

  beforeAll(async () => {
    database = await engine.open();
    await seedCatalogue(db(), { deals: 60, seed: 17 });
    deal = await prepareLimitedDeal(db(), 40);
    // A product sent by post: it goes back to the merchant before its money comes back.
    const [row] = await db()
      .update(deals)
      .set({ deliveryType: 'postal' })
      .where(eq(deals.id, deal.dealId))
      .returning({ merchantId: deals.merchantId });
    if (row === undefined) throw new Error('no deal');
    merchantId = row.merchantId;
    const others = await db().select({ merchantId: deals.merchantId }).from(deals);
    const other = others.find((d) => d.merchantId !== merchantId);
    if (other === undefined) throw new Error('a second merchant expected in the seed');
    otherMerchantId = other.merchantId;
    providers = singleProvider(createSandboxProvider(db()));
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  /** A customer who bought the product by card today and started its return. */
  async function returnStarted(posted: boolean) {
    bought += 1;
    const [buyer] = await createBuyers(db(), deal, 1, { prefix: `return${bought}` });
    if (buyer === undefined) throw new Error('no buyer');
    const now = new Date();
    const placed = await placeOrder(db(), providers, {
      basketToken: buyer.basketToken,
      buyer: buyer.user,
      useWallet: false,
      expected: { totalMinor: deal.unitTotalMinor, walletUsedMinor: 0, cashAmountMinor: deal.unitTotalMinor },
      payment: { method: 'credit_card', nonce: 'fake-valid-visa-nonce' },
      // docs/decisions/051: a product by post is ordered with its delivery address.
      delivery: TEST_ADDRESS,
      idempotencyKey: `return-${buyer.basketToken}`,
      now,
      origin: 'http://shop.test',
    });
    if (!placed.ok) throw new Error(placed.message);
    const voucherId = placed.order.voucherIds[0];
    if (voucherId === undefined) throw new Error('no voucher');
    const reference = await requestReturn(db(), { voucherId, userId: buyer.user.id, now });
    if (posted) await markReturnPosted(db(), { voucherId, userId: buyer.user.id, now });
    return { voucherId, reference, orderId: placed.order.id, firstName: buyer.user.firstName };
  }

  async function history(voucherId: number) {
    return db()
      .select({
        to: voucherStatusChanges.toStatus,
        event: voucherStatusChanges.event,
        actor: voucherStatusChanges.actor,
        by: voucherStatusChanges.actorUserId,
      })
      .from(voucherStatusChanges)
      .where(eq(voucherStatusChanges.voucherId, voucherId))
      .orderBy(asc(voucherStatusChanges.id));
  }

  it('lists only its own returns on their way back, and another merchant can neither see nor receive them', async () => {
    const posted = await returnStarted(true);
    const waiting = await returnStarted(false);

    const mine = await listMerchantReturns(db(), merchantId);
    const listed = mine.filter((r) => r.voucherId === posted.voucherId || r.voucherId === waiting.voucherId);
    expect(listed.map((r) => [r.reference, r.status])).toEqual([
      [posted.reference, 'return_in_transit'],
      [waiting.reference, 'return_requested'],
    ]);
    expect(listed[0]?.customerFirstName).toBe(posted.firstName);
    expect(await listMerchantReturns(db(), otherMerchantId)).toEqual([]);

    const stranger = await insertMerchantMember(db(), otherMerchantId);
    await expect(
      receiveMerchantReturn(db(), providers, {
        merchantId: otherMerchantId,
        voucherId: posted.voucherId,
        userId: stranger.id,
        now: new Date(),
      }),
    ).rejects.toMatchObject({ kind: 'notFound', message: LIFECYCLE_COPY.noSuchReturn });
    const [unchanged] = await db().select().from(vouchers).where(eq(vouchers.id, posted.voucherId));
    expect(unchanged?.status).toBe('return_in_transit');
  });

  it('marking a parcel received moves it to Returned to the Merchant, audited, and refunds the card once', async () => {
    const { voucherId, orderId } = await returnStarted(true);
    const member = await insertMerchantMember(db(), merchantId);

    const refund = await receiveMerchantReturn(db(), providers, {
      merchantId,
      voucherId,
      userId: member.id,
      now: new Date(),
    });

    expect(refund).toMatchObject({ refundedTo: 'card', cardMinor: deal.unitTotalMinor, cardPending: false });
    expect(await history(voucherId)).toEqual([
      { to: 'return_requested', event: 'requestReturn', actor: 'shopper', by: expect.any(Number) },
      { to: 'return_in_transit', event: 'shipReturn', actor: 'shopper', by: expect.any(Number) },
      { to: 'returned_to_merchant', event: 'receiveReturn', actor: 'merchant', by: member.id },
      { to: 'refunded', event: 'refund', actor: 'system', by: null },
    ]);
    const [row] = await db().select().from(voucherRefunds).where(eq(voucherRefunds.voucherId, voucherId));
    expect(row).toMatchObject({ status: 'done', refundedTo: 'card', cardMinor: deal.unitTotalMinor });
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, orderId));
    const credits = await db()
      .select()
      .from(sandboxTransactions)
      .where(eq(sandboxTransactions.nonce, `refund:${payment?.transactionId}`));
    expect(credits.map((c) => c.amountMinor)).toEqual([deal.unitTotalMinor]);
    expect((await listMerchantReturns(db(), merchantId)).some((r) => r.voucherId === voucherId)).toBe(false);

    // A second press (another tab) finds nothing to receive and moves no money.
    await expect(
      receiveMerchantReturn(db(), providers, { merchantId, voucherId, userId: member.id, now: new Date() }),
    ).rejects.toMatchObject({ kind: 'notFound' });
    expect(await db().select().from(voucherRefunds).where(eq(voucherRefunds.voucherId, voucherId))).toHaveLength(1);
  });

  it('a parcel that arrives before the customer said it was posted is received too (the system moves it on first)', async () => {
    const { voucherId } = await returnStarted(false);
    const member = await insertMerchantMember(db(), merchantId);
    await receiveMerchantReturn(db(), providers, { merchantId, voucherId, userId: member.id, now: new Date() });
    expect((await history(voucherId)).map((h) => [h.event, h.actor])).toEqual([
      ['requestReturn', 'shopper'],
      ['shipReturn', 'system'],
      ['receiveReturn', 'merchant'],
      ['refund', 'system'],
    ]);
    expect((await db().select().from(vouchers).where(eq(vouchers.id, voucherId)))[0]?.status).toBe('refunded');
  });
});
