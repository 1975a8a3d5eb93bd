/**
 * An add-on bought for a voucher (spec 3 addonType: extend, protect) is an order of its own on the
 * normal payment path: authorise (./authorise.ts), ONE transaction that writes the order, links the
 * payment and applies the add-on (the caller's `apply`, which may refuse), then capture, or void when
 * the transaction failed. One idempotency key, one order, one charge (docs/decisions/012, 026).
 */
import { eq, sql } from 'drizzle-orm';
import { AppError } from '@/domain/errors';
import { MESSAGES } from '@/domain/messages';
import type { Db, Tx } from '@/server/db';
import { touchInstrument } from '@/server/instruments';
import { logError } from '@/server/log';
import type { PaymentProviders } from '@/server/payments';
import { authorisePayment } from './authorise';
import type { OrderPayment, PaymentRefusal } from './request';
import { orders, payments } from './schema';
import { capturePayment, voidPayment } from './settle';

export interface AddonOrderRequest {
  buyerId: number;
  payment: OrderPayment;
  idempotencyKey: string;
  amount: { amountMinor: number; currency: 'GBP' | 'EUR' };
  now: Date;
  /** Our reference at the provider, e.g. "extension of voucher TP-7KQ4-M9XD". */
  reference: string;
  /** What the add-on changes, inside the order's transaction; throw an AppError to refuse (the card is voided). */
  apply: (tx: Tx, orderId: number) => Promise<void>;
}

export type AddonOrderResult = { ok: true; orderId: number; replayed: boolean } | PaymentRefusal;

/** Places an add-on's order; never throws for a shopper's failure. */
export async function placeAddonOrder(
  db: Db,
  providers: PaymentProviders,
  request: AddonOrderRequest,
): Promise<AddonOrderResult> {
  const { idempotencyKey } = request;
  const [already] = await db.select({ id: orders.id }).from(orders).where(eq(orders.idempotencyKey, idempotencyKey));
  if (already !== undefined) return { ok: true, orderId: already.id, replayed: true };
  const provider = providers.forMethod(request.payment.method);
  const authorised = await authorisePayment(db, provider, request, request.amount);
  if (!authorised.ok) return authorised;
  const { authorisation } = authorised;
  let orderId: number;
  try {
    orderId = await db.transaction(async (tx) => {
      const [order] = await tx
        .insert(orders)
        .values({
          userId: request.buyerId,
          basketId: null,
          currency: request.amount.currency,
          totalMinor: request.amount.amountMinor,
          walletUsedMinor: 0,
          cashAmountMinor: request.amount.amountMinor,
          paymentMethod: request.payment.method,
          cardType: authorisation.cardType,
          // decision 043: whether the card payment was authenticated, and liability shifted to the issuer.
          threeDSecureStatus: authorisation.threeDSecure?.status ?? null,
          liabilityShifted: authorisation.threeDSecure?.liabilityShifted ?? false,
          idempotencyKey,
          createdAt: request.now,
        })
        .returning({ id: orders.id });
      if (order === undefined) throw new Error('orders insert returned nothing');
      await tx
        .update(payments)
        .set({ orderId: order.id, updatedAt: sql`now()` })
        .where(eq(payments.id, authorisation.paymentId));
      if (request.payment.savedInstrument !== undefined) {
        await touchInstrument(tx, request.payment.savedInstrument.id, request.now);
      }
      await request.apply(tx, order.id);
      return order.id;
    });
  } catch (error) {
    await voidPayment(db, provider, authorisation, idempotencyKey);
    if (error instanceof AppError) {
      return { ok: false, kind: error.kind, message: MESSAGES.paymentProblemOrderNotPlaced, reason: error.message };
    }
    logError('orders', 'add-on order failed', error, { withStack: true });
    return { ok: false, kind: 'failed', message: MESSAGES.paymentProblemOrderNotPlaced, reason: null };
  }
  await capturePayment(db, provider, authorisation, idempotencyKey);
  return { ok: true, orderId, replayed: false };
}
