/**
 * What a lifecycle move needs to know about a voucher: the voucher (locked), what it was bought for,
 * its order and the card payment that paid for it, and what has already gone back from that order.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { deals } from '@/server/catalog/schema';
import type { Tx } from '@/server/db';
import { orderLines, orders, payments } from '@/server/orders/schema';
import { lockVoucher } from '@/server/vouchers';
import type { VoucherRow } from '@/server/vouchers/schema';
import { voucherRefunds } from './schema';

/** The advisory lock's first key: an order's refunds (the second is the order's id). */
const ORDER_REFUND_LOCK = 4801;

export interface VoucherContext {
  voucher: VoucherRow;
  order: { id: number; totalMinor: number; cashAmountMinor: number; currency: 'GBP' | 'EUR' };
  /** The voucher's share: its line's unit price and postage, never more than what is left of the order. */
  valueMinor: number;
  unitPriceMinor: number;
  /** A product sent by post (deal delivery type postal): returned before it is refunded. */
  isPhysical: boolean;
  /** The captured card payment of the order, when one paid for it. */
  payment: { id: number; transactionId: string; provider: string } | null;
  /** What the order's card has had back already. */
  cashRefundedMinor: number;
  /** What the order's refunds have put in the wallet already (docs/decisions/048). */
  walletRefundedMinor: number;
}

/** Locks the voucher and reads its context; null when it is not this shopper's (or not at all). */
export async function loadVoucherContext(
  tx: Tx,
  voucherId: number,
  userId: number | null,
): Promise<VoucherContext | null> {
  const voucher = await lockVoucher(tx, voucherId);
  if (voucher === null || (userId !== null && voucher.userId !== userId)) return null;
  // One refund of an order at a time: each reads what the order's earlier refunds gave back
  // (docs/decisions/048: the shares of what it earned add up exactly).
  await tx.execute(sql`select pg_advisory_xact_lock(${ORDER_REFUND_LOCK}, ${voucher.orderId})`);
  const [row] = await tx
    .select({
      orderId: orders.id,
      totalMinor: orders.totalMinor,
      cashAmountMinor: orders.cashAmountMinor,
      currency: orders.currency,
      unitPriceMinor: orderLines.unitPriceMinor,
      postageMinor: orderLines.postageMinor,
      deliveryType: deals.deliveryType,
    })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.id, voucher.orderLineId))
    .innerJoin(deals, eq(deals.id, voucher.dealId))
    .where(eq(orders.id, voucher.orderId));
  if (row === undefined) return null;
  const [payment] = await tx
    .select({ id: payments.id, transactionId: payments.transactionId, provider: payments.provider })
    .from(payments)
    .where(and(eq(payments.orderId, row.orderId), inArray(payments.status, ['settled', 'authorised'])))
    .limit(1);
  const [refunded] = await tx
    .select({
      card: sql<number>`coalesce(sum(${voucherRefunds.cardMinor}), 0)`.mapWith(Number),
      wallet: sql<number>`coalesce(sum(${voucherRefunds.walletMinor}), 0)`.mapWith(Number),
      all: sql<number>`coalesce(sum(${voucherRefunds.cardMinor} + ${voucherRefunds.walletMinor}), 0)`.mapWith(Number),
    })
    .from(voucherRefunds)
    .where(eq(voucherRefunds.orderId, row.orderId));
  const orderLeft = Math.max(0, row.totalMinor - (refunded?.all ?? 0));
  return {
    voucher,
    order: {
      id: row.orderId,
      totalMinor: row.totalMinor,
      cashAmountMinor: row.cashAmountMinor,
      currency: row.currency,
    },
    valueMinor: Math.min(row.unitPriceMinor + row.postageMinor, orderLeft),
    unitPriceMinor: row.unitPriceMinor,
    isPhysical: row.deliveryType === 'postal',
    payment:
      payment !== undefined && payment.transactionId !== null
        ? { id: payment.id, transactionId: payment.transactionId, provider: payment.provider }
        : null,
    cashRefundedMinor: refunded?.card ?? 0,
    walletRefundedMinor: refunded?.wallet ?? 0,
  };
}
