/**
 * Placing an order (ARCHITECTURE "Money and state"), as five named steps (docs/decisions/012):
 *   1. `priceOrder`: price the basket through the one pricing pipeline and check it (spec 5 caps,
 *      "on sale"), refuse a total the shopper did not see (./price.ts);
 *   2. `holdPurchase`: hold the units, the buyer's spec 5 per-user allowance and the promotion
 *      code's use, so a lost race is refused before any card is touched (./hold.ts,
 *      docs/decisions/026, 044);
 *   3. `authorisePayment`: authorise the cash part (./authorise.ts);
 *   4. `commitOrder`: ONE transaction writes the order and its events, consuming the holds (./commit.ts);
 *   5. `capturePayment` after commit, or `voidPayment` when the transaction failed (./settle.ts).
 * Then the `order.placed` subscribers (listed in src/server/subscribers.ts, docs/decisions/037: the
 * confirmation email, loyalty points, credit, gifts) are handed to the process's drain and run just
 * after the answer (docs/decisions/063); a failure there is retried by the hourly jobs and never
 * fails the order.
 * The caller wraps this in an idempotency key, so a double click places one order and one charge.
 */
import { eq } from 'drizzle-orm';
import { OrderError, refusalOf } from '@/domain/errors';
import { MESSAGES } from '@/domain/messages';
import { type Db, withPreparedStatements } from '@/server/db';
import { expectEvents, handleEventsSoon } from '@/server/events';
import { logError } from '@/server/log';
import type { PaymentProviders } from '@/server/payments';
import { vouchers } from '@/server/vouchers/schema';
import { InsufficientWalletBalance } from '@/server/wallet';
import { authorisePayment } from './authorise';
import { commitOrder } from './commit';
import { holdExpiry, holdPurchase, releaseHold } from './hold';
import { loadOpenOrderLines } from './lines';
import { matchesExpected, priceOrder } from './price';
import type { Authorisation, OrderPricing, PlacedOrder, PlaceOrderRequest, PlaceOrderResult } from './request';
import { orders } from './schema';
import { capturePayment, voidPayment } from './settle';

export type { OrderPayment, PaymentRefusal, PlacedOrder, PlaceOrderRequest, PlaceOrderResult } from './request';

function refused(error: OrderError): PlaceOrderResult {
  return refusalOf(error);
}

/**
 * Places the order described by the request; never throws for a shopper's failure. Its statements are
 * the same every time, so they are kept prepared on PostgreSQL (docs/decisions/075).
 */
export function placeOrder(db: Db, providers: PaymentProviders, request: PlaceOrderRequest): Promise<PlaceOrderResult> {
  // Its follow-ups are on the way: the drain gathers them with other orders' (docs/decisions/075).
  const handedIn = expectEvents();
  return withPreparedStatements(() => placeOrderNow(db, providers, request)).finally(handedIn);
}

async function placeOrderNow(
  db: Db,
  providers: PaymentProviders,
  request: PlaceOrderRequest,
): Promise<PlaceOrderResult> {
  const provider = request.payment === null ? null : providers.forMethod(request.payment.method);
  const { idempotencyKey } = request;
  // The open basket's lines, and in the same statement the order this key placed already
  // (docs/decisions/072).
  const open = await loadOpenOrderLines(db, request.basketToken, request.buyer.id, request.now, idempotencyKey);
  // A retry whose first attempt committed but never answered (the process died): the order stands.
  // Its basket was marked ordered in that order's transaction, so it has no open lines left.
  if (open.placedOrderId !== null || open.lines.length === 0) {
    const already = await retrievePlacedOrder(db, idempotencyKey);
    if (already !== null) return { ok: true, order: already };
  }

  // 1. Price and check before any money moves.
  let pricing: OrderPricing;
  try {
    pricing = await priceOrder(db, request, open.lines);
  } catch (error) {
    if (error instanceof OrderError) return refused(error);
    throw error;
  }
  if (!matchesExpected(pricing, request.expected)) return refused(new OrderError('basketChanged'));
  const { cashMinor } = pricing.breakdown.paidBy;
  if (cashMinor > 0 && request.payment === null) return refused(new OrderError('paymentRequired'));
  // docs/decisions/051: a posted product needs its address before any money moves.
  if (request.delivery == null && pricing.lines.some((line) => line.shipping !== null)) {
    return refused(new OrderError('deliveryAddressRequired'));
  }

  // 2. Hold what the order contends for, so a buyer who cannot have it is refused before their card
  // is touched. The code's use is held only when the order will record it (it takes money off).
  const takesOff = (pricing.breakdown.promotion?.discountMinor ?? 0) > 0;
  const authorises = cashMinor > 0 && request.payment !== null && provider !== null;
  let held: Awaited<ReturnType<typeof holdPurchase>>;
  try {
    held = await holdPurchase(db, {
      key: idempotencyKey,
      buyerId: request.buyer.id,
      lines: pricing.lines,
      promoCodeId: takesOff ? (pricing.promotion?.promoCodeId ?? null) : null,
      now: request.now,
      expiresAt: holdExpiry(request.payment?.method ?? null, request.now),
      // The usual hold writes the payment's `authorising` row with it (docs/decisions/072).
      authorising:
        authorises && request.payment !== null && provider !== null
          ? {
              provider: provider.type,
              method: request.payment.method,
              amountMinor: cashMinor,
              currency: pricing.breakdown.currency,
            }
          : null,
    });
  } catch (error) {
    if (error instanceof OrderError) return refused(error);
    throw error;
  }

  // 3. Authorise the cash part.
  let authorisation: Authorisation | null = null;
  if (authorises && request.payment !== null && provider !== null) {
    const authorised = await authorisePayment(
      db,
      provider,
      { ...request, payment: request.payment, reference: `order for basket ${request.basketToken.slice(0, 8)}` },
      {
        amountMinor: cashMinor,
        currency: pricing.breakdown.currency,
      },
      held.paymentId,
    );
    if (!authorised.ok) {
      await releaseHoldQuietly(db, idempotencyKey);
      return authorised;
    }
    authorisation = authorised.authorisation;
  }

  // 4. One transaction for everything the order changes.
  let committed: Awaited<ReturnType<typeof commitOrder>>;
  try {
    committed = await commitOrder(db, request, pricing, authorisation);
  } catch (error) {
    if (authorisation !== null && provider !== null) {
      await voidPayment(db, provider, authorisation, idempotencyKey);
    }
    await releaseHoldQuietly(db, idempotencyKey);
    return failedCommit(error, authorisation !== null);
  }

  // 5. Settle now that the order exists.
  if (authorisation !== null && provider !== null) {
    await capturePayment(db, provider, authorisation, idempotencyKey);
  }
  // What follows the order runs after this answer (docs/decisions/063); a subscriber that fails is
  // retried by the hourly jobs.
  handleEventsSoon(db, committed.eventIds);
  return { ok: true, order: committed.order };
}

/** Gives a failed submit's holds back; a failure here is left for the hourly release of expired holds. */
async function releaseHoldQuietly(db: Db, idempotencyKey: string): Promise<void> {
  try {
    await releaseHold(db, idempotencyKey);
  } catch (error) {
    logError('orders', 'hold left for the hourly release', error);
  }
}

/** The shopper's answer when the order transaction failed (after any authorisation was voided). */
function failedCommit(error: unknown, wasAuthorised: boolean): PlaceOrderResult {
  const orderError =
    error instanceof OrderError
      ? error
      : error instanceof InsufficientWalletBalance
        ? new OrderError('walletShort')
        : null;
  if (orderError === null) logError('orders', 'order transaction failed', error, { withStack: true });
  if (wasAuthorised) {
    // PAYMENTS.md: authorised, but our order failed afterwards (voided).
    return {
      ok: false,
      kind: orderError?.kind ?? 'failed',
      message: MESSAGES.paymentProblemOrderNotPlaced,
      reason: orderError?.message ?? null,
    };
  }
  return orderError
    ? refused(orderError)
    : { ok: false, kind: 'failed', message: MESSAGES.purchaseNotCompleted, reason: null };
}

/** The order an idempotency key already placed, or null. */
export async function retrievePlacedOrder(db: Db, idempotencyKey: string): Promise<PlacedOrder | null> {
  const [order] = await db.select().from(orders).where(eq(orders.idempotencyKey, idempotencyKey));
  if (order === undefined) return null;
  const issued = await db.select({ id: vouchers.id }).from(vouchers).where(eq(vouchers.orderId, order.id));
  return {
    id: order.id,
    totalMinor: order.totalMinor,
    walletUsedMinor: order.walletUsedMinor,
    cashAmountMinor: order.cashAmountMinor,
    currency: order.currency,
    cardType: order.cardType,
    voucherIds: issued.map((v) => v.id),
  };
}
