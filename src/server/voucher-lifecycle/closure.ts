/**
 * The refund of a voucher whose merchant closed (docs/decisions/045). Unlike the shopper's refund
 * (./refunds.ts) no return window applies and a Booked voucher is refunded too: the merchant can no
 * longer honour it. Each part goes back where it came from (the CMA's 2021 undertakings: cash to the
 * original payment method, not site credit): the card, PayPal or pay-later part through the provider,
 * the wallet part to the wallet, and promotional credit back as promotional credit.
 *
 * It writes in the caller's transaction (the closure job's batch), so the voucher's move, its refund
 * row (unique per voucher: refunded once, whichever run gets there first), the wallet credits, the
 * order's status and the `voucher.refunded` event commit with the job's own record of it. The caller
 * pays the provider's part after commit with `payRefund`; a failure stays pending for
 * `payPendingRefunds`.
 */
import { walletRefundParts } from '@/domain/refund-money';
import { splitRefund } from '@/domain/voucher-lifecycle';
import type { Tx } from '@/server/db';
import { moveVoucher } from '@/server/vouchers';
import { listOrderWalletSpend } from '@/server/wallet';
import { loadVoucherContext } from './context';
import { giveWalletPartBack, recordVoucherRefunded, settleOrderStatus } from './refunds';
import { voucherRefunds } from './schema';

/** What a closure refund gave back, and what the caller pays and mails after commit. */
export interface ClosureRefund {
  voucherId: number;
  userId: number;
  orderId: number;
  code: string;
  currency: 'GBP' | 'EUR';
  /** Owed by the provider (paid after commit). */
  cardMinor: number;
  /** Back to the wallet as refundable credit (what cash or refundable credit paid, or a card part with no payment). */
  walletMinor: number;
  /** Back to the wallet as promotional credit. */
  promoMinor: number;
  /** BRAINTREE (card, PayPal), KLARNA, CLEARPAY; null when no provider paid. */
  provider: string | null;
  refundId: number;
  eventIds: number[];
}

/** Statuses a closed merchant's voucher is refunded from: not yet used, not already on its way back. */
export const CLOSURE_REFUNDABLE_STATUSES = ['ready', 'booked'] as const;

/**
 * Refunds one voucher because its merchant closed, in the caller's transaction. Answers null when the
 * voucher is no longer refundable this way (redeemed, refunded, expired meanwhile): a second run
 * finds it so and does nothing.
 */
export async function refundVoucherForClosure(
  tx: Tx,
  input: {
    voucherId: number;
    now: Date;
    /** The moment the voucher must have been unexpired at: when the closure was recorded. */
    validAt: Date;
    /** The audit row's note (which merchant closed). */
    note: string;
    /**
     * Why it is refunded in full with no window, when not a closure: a shipment the shopper cancelled
     * as late (Consumer Rights Act 2015 s28; docs/decisions/051) is refunded by this same rule, marked
     * LATE_DELIVERY, its wallet credit described "not dispatched in time".
     */
    reason?: { refundType: string; description: string };
  },
): Promise<ClosureRefund | null> {
  const context = await loadVoucherContext(tx, input.voucherId, null);
  if (context === null) return null;
  const { voucher, order } = context;
  if (!(CLOSURE_REFUNDABLE_STATUSES as readonly string[]).includes(voucher.status)) return null;
  if (voucher.expiresAt.getTime() <= input.validAt.getTime()) return null;
  await moveVoucher(tx, {
    voucherId: voucher.id,
    event: 'refund',
    actor: 'operator',
    actorUserId: null,
    now: input.now,
    note: input.note,
  });
  let { cardMinor, walletMinor } = splitRefund(
    context.valueMinor,
    { cashAmountMinor: order.cashAmountMinor, cashRefundedMinor: context.cashRefundedMinor },
    'card',
  );
  if (context.payment === null) {
    walletMinor += cardMinor;
    cardMinor = 0;
  }
  // The wallet part comes back as what it was (docs/decisions/048); the split is read for the report
  // and the email by the same rule `giveWalletPartBack` writes it with.
  const parts = walletRefundParts(
    await listOrderWalletSpend(tx, voucher.userId, order.id),
    context.walletRefundedMinor,
    walletMinor,
  );
  const promoMinor = parts.reduce((sum, part) => sum + (part.kind === 'marketing' ? part.amountMinor : 0), 0);
  await giveWalletPartBack(
    tx,
    context,
    walletMinor,
    input.now,
    `Refund of voucher ${voucher.code}: ${input.reason?.description ?? 'the merchant closed'}`,
  );
  const refundedTo = cardMinor > 0 ? 'card' : 'wallet';
  const [refund] = await tx
    .insert(voucherRefunds)
    .values({
      voucherId: voucher.id,
      orderId: order.id,
      userId: voucher.userId,
      refundedTo,
      refundType: input.reason?.refundType ?? 'MERCHANT_CLOSED',
      currency: order.currency,
      cardMinor,
      walletMinor,
      paymentId: cardMinor > 0 ? (context.payment?.id ?? null) : null,
      status: cardMinor > 0 ? 'pending' : 'done',
      completedAt: cardMinor > 0 ? null : input.now,
      createdAt: input.now,
    })
    .returning({ id: voucherRefunds.id });
  if (refund === undefined) throw new Error('refund insert returned nothing');
  await settleOrderStatus(tx, order.id);
  // The event takes back the voucher's share of what the order earned (promotional credit, loyalty points).
  const eventIds = await recordVoucherRefunded(tx, context, { amountPence: cardMinor + walletMinor, refundedTo });
  return {
    voucherId: voucher.id,
    userId: voucher.userId,
    orderId: order.id,
    code: voucher.code,
    currency: order.currency,
    cardMinor,
    walletMinor: walletMinor - promoMinor,
    promoMinor,
    provider: cardMinor > 0 ? (context.payment?.provider ?? null) : null,
    refundId: refund.id,
    eventIds,
  };
}
