/**
 * Return or credit (docs/decisions/026). Within 14 days of purchase (or later with Protect my
 * voucher) a shopper refunds a voucher to the card (Refunded, ON_DEMAND_REFUND through the
 * provider's refund) or takes its value as wallet credit (Credit Requested, then Request
 * Processed). Each move is one transaction with its audit row, its refund row (unique per voucher:
 * a voucher is refunded once) and its `voucher.refunded` event; the provider is paid after commit,
 * and the hourly jobs retry what it could not do then. Money follows every refund (docs/decisions/048):
 * the wallet part comes back as the credit it was (promotional as promotional), the event says how far
 * the order's refunds have gone so the credit and loyalty services take back the voucher's share of
 * what the order earned, and a voucher waiting in a gift is refunded only once the gift is cancelled.
 */
import { and, asc, eq, lt, ne, sql } from 'drizzle-orm';
import { LifecycleError } from '@/domain/errors';
import { walletRefundParts } from '@/domain/refund-money';
import { VIP_SUBSCRIPTION_DEAL_ID } from '@/domain/subscription';
import { returnRefusal, splitRefund, walletCreditExpiry } from '@/domain/voucher-lifecycle';
import type { VoucherActor } from '@/domain/voucher-status';
import type { Db, Tx } from '@/server/db';
import { EVENTS, handleEventsQuietly, recordEvent } from '@/server/events';
import { retrieveWaitingGift } from '@/server/gifting';
import { logError } from '@/server/log';
import { markOrderRefunded } from '@/server/orders';
import { payments } from '@/server/orders/schema';
import { type PaymentProviders, refundThrough } from '@/server/payments';
import { moveVoucher } from '@/server/vouchers';
import { vouchers } from '@/server/vouchers/schema';
import { creditWallet, listOrderWalletSpend } from '@/server/wallet';
import { loadVoucherContext, type VoucherContext } from './context';
import { voucherRefunds } from './schema';

export interface RefundRequest {
  voucherId: number;
  /** The shopper asking (their own vouchers only); null for support and the jobs. */
  userId: number | null;
  now: Date;
  actor?: VoucherActor;
}

export interface RefundOutcome {
  voucherId: number;
  refundedTo: 'card' | 'wallet';
  cardMinor: number;
  walletMinor: number;
  /** The card part is still owed by the provider (it did not answer; the hourly jobs retry). */
  cardPending: boolean;
}

function refusalOf(context: VoucherContext, now: Date): void {
  const refusal = returnRefusal(
    {
      status: context.voucher.status,
      createdAt: context.voucher.createdAt,
      expiresAt: context.voucher.expiresAt,
      isProtected: context.voucher.isProtected,
    },
    now,
  );
  if (refusal !== null) throw new LifecycleError(refusal);
}

/** Marks the order refunded once every voucher of it is (also after a closure refund, ./closure.ts). */
export async function settleOrderStatus(tx: Tx, orderId: number): Promise<void> {
  const [left] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(vouchers)
    .where(and(eq(vouchers.orderId, orderId), ne(vouchers.status, 'refunded')));
  if ((left?.n ?? 0) === 0) await markOrderRefunded(tx, orderId);
}

/** The VIP month's line is refunded only by cancelling the membership (docs/decisions/047). */
function refuseMembership(context: VoucherContext): void {
  if (context.voucher.dealId === VIP_SUBSCRIPTION_DEAL_ID) throw new LifecycleError('membership');
}

/**
 * A voucher waiting in a gift is not refunded or taken as credit until its sender cancels the gift
 * (docs/decisions/048): the money would leave while the friend still holds a code for it.
 */
async function refuseWhileGiftWaits(tx: Tx, context: VoucherContext): Promise<void> {
  const { voucher } = context;
  const gift = await retrieveWaitingGift(tx, {
    id: voucher.id,
    orderLineId: voucher.orderLineId,
    userId: voucher.userId,
  });
  if (gift !== null) throw new LifecycleError('giftWaiting');
}

/**
 * Gives a refund's wallet part back (docs/decisions/048), inside the refund's transaction: what the
 * order spent from the wallet comes back as what it was, promotional credit as promotional credit with
 * the expiry it had, the rest (and anything the wallet did not pay) as refundable credit with spec 4's
 * 12 months. Where it starts is what the order's earlier refunds gave back, as the context read it.
 */
export async function giveWalletPartBack(
  tx: Tx,
  context: VoucherContext,
  walletMinor: number,
  now: Date,
  description: string,
): Promise<void> {
  const { voucher, order } = context;
  const spend = await listOrderWalletSpend(tx, voucher.userId, order.id);
  for (const part of walletRefundParts(spend, context.walletRefundedMinor, walletMinor)) {
    await creditWallet(tx, {
      userId: voucher.userId,
      currency: order.currency,
      kind: part.kind,
      amountMinor: part.amountMinor,
      expiresAt: part.kind === 'marketing' ? part.expiresAt : walletCreditExpiry(now),
      orderId: order.id,
      description: part.kind === 'marketing' ? `Promotional credit back: ${description}` : description,
    });
  }
}

/**
 * Records `voucher.refunded` for a refund whose row is written (docs/decisions/048): with how far the
 * order's refunds have gone, so the credit and loyalty services take back the voucher's share of what
 * the order earned, the order's last voucher what is left. Answers the event's rows for after commit.
 */
export async function recordVoucherRefunded(
  tx: Tx,
  context: VoucherContext,
  refund: { amountPence: number; refundedTo: 'card' | 'wallet' },
): Promise<number[]> {
  const { voucher, order } = context;
  const [progress] = await tx
    .select({
      refunded: sql<number>`coalesce(sum(${voucherRefunds.cardMinor} + ${voucherRefunds.walletMinor}), 0)`.mapWith(
        Number,
      ),
      vouchers: sql<number>`count(distinct ${voucherRefunds.voucherId})`.mapWith(Number),
    })
    .from(voucherRefunds)
    .where(eq(voucherRefunds.orderId, order.id));
  const [all] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(vouchers)
    .where(eq(vouchers.orderId, order.id));
  return recordEvent(tx, EVENTS.voucherRefunded, voucher.id, {
    orderId: order.id,
    voucherId: voucher.id,
    userId: voucher.userId,
    amountPence: refund.amountPence,
    refundedTo: refund.refundedTo,
    orderTotalPence: order.totalMinor,
    orderRefundedPence: progress?.refunded ?? refund.amountPence,
    isLastOfOrder: (progress?.vouchers ?? 0) >= (all?.n ?? 0),
  });
}

/**
 * The refund's transaction, shared by the shopper's refund and a returned product's: moves the voucher
 * to Refunded, writes the refund row, credits the wallet part, records the event.
 */
async function writeRefund(
  tx: Tx,
  context: VoucherContext,
  request: RefundRequest,
): Promise<{ refundId: number; eventIds: number[]; outcome: RefundOutcome }> {
  const { voucher } = context;
  await moveVoucher(tx, {
    voucherId: voucher.id,
    event: 'refund',
    actor: request.actor ?? 'shopper',
    actorUserId: request.userId,
    now: request.now,
    note: 'ON_DEMAND_REFUND to card',
  });
  // The card takes back what it paid; an order paid (in part) from the wallet gets that part back there.
  let { cardMinor, walletMinor } = splitRefund(
    context.valueMinor,
    { cashAmountMinor: context.order.cashAmountMinor, cashRefundedMinor: context.cashRefundedMinor },
    'card',
  );
  if (context.payment === null) {
    walletMinor += cardMinor;
    cardMinor = 0;
  }
  // An order the wallet paid for wholly goes back to the wallet: the record and the event say so.
  const refundedTo = cardMinor > 0 ? 'card' : 'wallet';
  const [refund] = await tx
    .insert(voucherRefunds)
    .values({
      voucherId: voucher.id,
      orderId: context.order.id,
      userId: voucher.userId,
      refundedTo,
      currency: context.order.currency,
      cardMinor,
      walletMinor,
      paymentId: cardMinor > 0 ? (context.payment?.id ?? null) : null,
      status: cardMinor > 0 ? 'pending' : 'done',
      completedAt: cardMinor > 0 ? null : request.now,
      createdAt: request.now,
    })
    .returning({ id: voucherRefunds.id });
  if (refund === undefined) throw new Error('refund insert returned nothing');
  await giveWalletPartBack(tx, context, walletMinor, request.now, `Refund of voucher ${voucher.code}`);
  await settleOrderStatus(tx, context.order.id);
  const eventIds = await recordVoucherRefunded(tx, context, { amountPence: cardMinor + walletMinor, refundedTo });
  return {
    refundId: refund.id,
    eventIds,
    outcome: { voucherId: voucher.id, refundedTo, cardMinor, walletMinor, cardPending: cardMinor > 0 },
  };
}

/**
 * Refunds a voucher to the card it was paid with (the wallet part to the wallet). Throws
 * LifecycleError (a second refund: alreadyRefunded; outside the window: windowClosed; a product:
 * physicalNeedsReturn). The provider's refund follows the commit.
 */
export async function refundVoucherToCard(
  db: Db,
  providers: PaymentProviders,
  request: RefundRequest,
): Promise<RefundOutcome> {
  const written = await db.transaction(async (tx) => {
    const context = await loadVoucherContext(tx, request.voucherId, request.userId);
    if (context === null) throw new LifecycleError('notYours');
    refuseMembership(context);
    refusalOf(context, request.now);
    if (context.isPhysical) throw new LifecycleError('physicalNeedsReturn');
    await refuseWhileGiftWaits(tx, context);
    return writeRefund(tx, context, request);
  });
  const paid = await payRefund(db, providers, written.refundId);
  await handleEventsQuietly(db, written.eventIds);
  return { ...written.outcome, cardPending: written.outcome.cardMinor > 0 && !paid };
}

/** The returned product's refund (Returned to the Merchant -> Refunded), by support or the jobs. */
export async function refundReturnedProduct(
  db: Db,
  providers: PaymentProviders,
  request: RefundRequest,
): Promise<RefundOutcome> {
  const written = await db.transaction(async (tx) => {
    const context = await loadVoucherContext(tx, request.voucherId, null);
    if (context === null) throw new LifecycleError('notYours');
    return writeRefund(tx, context, { ...request, actor: request.actor ?? 'system' });
  });
  const paid = await payRefund(db, providers, written.refundId);
  await handleEventsQuietly(db, written.eventIds);
  return { ...written.outcome, cardPending: written.outcome.cardMinor > 0 && !paid };
}

/**
 * Asks the provider to pay a pending refund's card part (idempotent per refund: the key is the
 * refund's). Answers whether it is done; a failure is kept on the row for the hourly retry.
 */
export async function payRefund(db: Db, providers: PaymentProviders, refundId: number): Promise<boolean> {
  const [row] = await db
    .select({ refund: voucherRefunds, provider: payments.provider, transactionId: payments.transactionId })
    .from(voucherRefunds)
    .innerJoin(payments, eq(payments.id, voucherRefunds.paymentId))
    .where(and(eq(voucherRefunds.id, refundId), eq(voucherRefunds.status, 'pending')));
  if (row === undefined) return true;
  const outcome = await refundThrough(providers, {
    provider: row.provider,
    transactionId: row.transactionId,
    amountMinor: row.refund.cardMinor,
    key: `refund:voucher:${row.refund.voucherId}`,
  });
  const attempts = sql`${voucherRefunds.attempts} + 1`;
  if (outcome.ok) {
    await db
      .update(voucherRefunds)
      .set({
        status: 'done',
        providerRefundId: outcome.providerRefundId,
        completedAt: new Date(),
        attempts,
        lastError: null,
      })
      .where(eq(voucherRefunds.id, refundId));
    return true;
  }
  await db.update(voucherRefunds).set({ attempts, lastError: outcome.error }).where(eq(voucherRefunds.id, refundId));
  logError('vouchers', `refund ${refundId} left for the hourly retry`, outcome.error);
  return false;
}

/** The hourly jobs: pays card refunds the provider could not take at the time (up to 10 attempts). */
export async function payPendingRefunds(db: Db, providers: PaymentProviders): Promise<number> {
  const pending = await db
    .select({ id: voucherRefunds.id })
    .from(voucherRefunds)
    .where(and(eq(voucherRefunds.status, 'pending'), lt(voucherRefunds.attempts, 10)))
    .orderBy(asc(voucherRefunds.id))
    .limit(100);
  let paid = 0;
  for (const { id } of pending) if (await payRefund(db, providers, id)) paid += 1;
  return paid;
}

/** Takes a voucher's value as wallet credit: Ready to Redeem -> Credit Requested, processed at once after commit. */
export async function requestVoucherCredit(db: Db, request: RefundRequest): Promise<RefundOutcome> {
  await db.transaction(async (tx) => {
    const context = await loadVoucherContext(tx, request.voucherId, request.userId);
    if (context === null) throw new LifecycleError('notYours');
    refuseMembership(context);
    refusalOf(context, request.now);
    await refuseWhileGiftWaits(tx, context);
    await moveVoucher(tx, {
      voucherId: request.voucherId,
      event: 'requestCredit',
      actor: request.actor ?? 'shopper',
      actorUserId: request.userId,
      now: request.now,
    });
  });
  const processed = await processCreditRequest(db, request.voucherId, request.now);
  return {
    voucherId: request.voucherId,
    refundedTo: 'wallet',
    cardMinor: 0,
    walletMinor: processed ?? 0,
    cardPending: false,
  };
}

/**
 * Credit Requested -> Request Processed: the voucher's value as refundable wallet credit (spec 4: it
 * expires 12 months after this redemption), in one transaction with the audit and the event. Answers
 * the amount credited, or null when the voucher was not waiting (already processed).
 */
export async function processCreditRequest(db: Db, voucherId: number, now: Date): Promise<number | null> {
  const written = await db.transaction(async (tx) => {
    const context = await loadVoucherContext(tx, voucherId, null);
    if (context === null || context.voucher.status !== 'credit_requested') return null;
    const { voucher } = context;
    await moveVoucher(tx, { voucherId, event: 'processCredit', actor: 'system', now, note: 'wallet credit' });
    await tx.insert(voucherRefunds).values({
      voucherId,
      orderId: context.order.id,
      userId: voucher.userId,
      refundedTo: 'wallet',
      currency: context.order.currency,
      walletMinor: context.valueMinor,
      status: 'done',
      completedAt: now,
      createdAt: now,
    });
    await giveWalletPartBack(tx, context, context.valueMinor, now, `Credit for voucher ${voucher.code}`);
    const eventIds = await recordVoucherRefunded(tx, context, {
      amountPence: context.valueMinor,
      refundedTo: 'wallet',
    });
    return { amount: context.valueMinor, eventIds };
  });
  if (written === null) return null;
  await handleEventsQuietly(db, written.eventIds);
  return written.amount;
}

/** The hourly jobs: processes credit requests left waiting (a crash between the two steps). */
export async function processCreditRequests(db: Db, now: Date): Promise<number> {
  const waiting = await db
    .select({ id: vouchers.id })
    .from(vouchers)
    .where(eq(vouchers.status, 'credit_requested'))
    .orderBy(asc(vouchers.id))
    .limit(200);
  let processed = 0;
  for (const { id } of waiting) if ((await processCreditRequest(db, id, now)) !== null) processed += 1;
  return processed;
}
