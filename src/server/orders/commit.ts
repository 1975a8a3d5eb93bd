/**
 * Step 3 of an order (docs/decisions/012): ONE transaction for everything the order changes. Take
 * the basket (locked and marked ordered), re-price it (what was authorised must still be the price),
 * write the order, its lines, the payment link, its vouchers and its `order.placed` rows in one
 * statement that also consumes what the submit held before its card was authorised (docs/decisions/
 * 044, 080, 086; the subscribers run after commit, docs/decisions/037), then the wallet debit and
 * shipments, and last (so the rows every buyer contends for stay locked only briefly) count the
 * code's use and take the stock and the buyer's purchases the holds did not cover.
 */
import { OrderError } from '@/domain/errors';
import { takeOpenBasket } from '@/server/basket';
import { countDealPurchase, countDealPurchaseStatement, takeStock } from '@/server/catalog';
import type { Db, Tx } from '@/server/db';
import { recordShipments } from '@/server/fulfilment';
import { rememberInstrument, touchInstrument } from '@/server/instruments';
import { redeemPromoCode, releasePromoHold } from '@/server/promotions';
import { drawVouchers, type IssueLine, issueVouchers } from '@/server/vouchers';
import { debitWallet } from '@/server/wallet';
import type { ConsumedHold } from './hold';
import { loadOrderLines, type OrderLineSource } from './lines';
import { type WrittenOrder, writeOrderRows } from './order-statement';
import { priceCheckedLines } from './price';
import type { Authorisation, OrderPricing, PlacedOrder, PlaceOrderRequest } from './request';
import { recordUserPurchase, takeStayNights } from './stock';

export interface CommittedOrder {
  order: PlacedOrder;
  /** The order's event rows, to handle now that it has committed. */
  eventIds: number[];
}

/** Writes the order in one transaction; throws OrderError (or InsufficientWalletBalance) and writes nothing. */
export function commitOrder(
  db: Db,
  request: PlaceOrderRequest,
  pricing: OrderPricing,
  authorisation: Authorisation | null,
): Promise<CommittedOrder> {
  return db.transaction((tx) => writeOrder(tx, request, pricing, authorisation));
}

async function writeOrder(
  tx: Tx,
  request: PlaceOrderRequest,
  pricing: OrderPricing,
  authorisation: Authorisation | null,
): Promise<CommittedOrder> {
  const { buyer, now, basketToken } = request;
  const { breakdown } = pricing;
  // Locked and marked ordered at once; the transaction rolls the mark back if the order fails.
  if (!(await takeOpenBasket(tx, basketToken))) throw new OrderError('emptyBasket');

  // Re-priced under the lock: what was authorised must still be the price.
  const repriced = priceCheckedLines(
    await loadOrderLines(tx, basketToken, buyer.id, now, request.idempotencyKey),
    null,
    pricing.promotion,
  );
  if (repriced.breakdown.totalMinor !== breakdown.totalMinor) throw new OrderError('basketChanged');
  const { lines } = repriced;

  const placed = {
    userId: buyer.id,
    basketId: basketToken,
    currency: breakdown.currency,
    totalMinor: breakdown.totalMinor,
    walletUsedMinor: breakdown.paidBy.walletMinor,
    cashAmountMinor: breakdown.paidBy.cashMinor,
    paymentMethod: authorisation === null ? 'wallet' : (request.payment?.method ?? 'credit_card'),
    cardType: authorisation?.cardType ?? null,
    // decision 043: whether the card payment was authenticated, and liability shifted to the issuer.
    threeDSecureStatus: authorisation?.threeDSecure?.status ?? null,
    liabilityShifted: authorisation?.threeDSecure?.liabilityShifted ?? false,
    idempotencyKey: request.idempotencyKey,
    createdAt: now,
  };
  // The order, its lines, the payment's link to it, its vouchers and its event's rows in ONE statement
  // of fixed text (docs/decisions/063, 080): the vouchers' codes are drawn here and go with it.
  const issueLines = lines.map((line) => ({
    dealId: line.dealId,
    dealProductId: line.dealProductId,
    quantity: line.quantity,
    // docs/decisions/029: a deal booked after purchase is Booked only when the merchant confirms the date.
    isTravel: line.isTravel && !line.bookingCalendarOnRedemption,
    validityDays: line.voucherValidityDays,
  }));
  const written = await writeOrderRows(tx, {
    order: placed,
    lines,
    priced: repriced.breakdown.lines,
    paymentId: authorisation?.paymentId ?? null,
    vouchers: drawVouchers({ now, lines: issueLines }),
    // What follows the order (the confirmation email, ...) is owed from this commit on.
    placedEvent: {
      buyer: { id: buyer.id, email: buyer.email, firstName: buyer.firstName },
      origin: request.origin,
      confirmEmail: request.confirmEmail ?? false,
      ...(request.brand === undefined ? {} : { brand: request.brand }),
      // What the subscribers would otherwise read back from the rows just written (docs/decisions/072).
      order: {
        userId: buyer.id,
        totalMinor: placed.totalMinor,
        currency: placed.currency,
        placedAt: now.toISOString(),
        dealIds: [...new Set(lines.map((line) => line.dealId))],
      },
    },
  });
  const { orderId } = written;
  const order = { id: orderId, ...placed };

  if (authorisation !== null) {
    // A saved instrument is remembered (or its last use noted) with the order, never without it.
    const saved = request.payment?.savedInstrument;
    if (saved !== undefined) await touchInstrument(tx, saved.id, now);
    else if (authorisation.vaulted !== null && request.payment?.save === true) {
      await rememberInstrument(tx, {
        userId: buyer.id,
        vaulted: authorisation.vaulted,
        details: authorisation.instrument,
        now,
      });
    }
  }
  if (order.walletUsedMinor > 0) {
    await debitWallet(tx, {
      userId: buyer.id,
      currency: order.currency,
      amountMinor: order.walletUsedMinor,
      orderId: order.id,
      description: `Order ${order.id}`,
      now,
    });
  }
  const voucherIds = [
    ...written.vouchers.map((voucher) => voucher.id),
    ...(await issueCollidedVouchers(tx, buyer.id, now, issueLines, written)),
  ];
  // docs/decisions/051: the address and each posted line's promise are the order's, in its transaction.
  await recordShipments(tx, {
    orderId: order.id,
    now,
    address: request.delivery ?? null,
    lines: lines.flatMap((line, i) =>
      line.shipping === null
        ? []
        : [
            {
              orderLineId: written.lineIds[i] ?? 0,
              merchantId: line.shipping.merchantId,
              title: `${line.headline}: ${line.productTitle}`,
              quantity: line.quantity,
              method: line.shipping.method,
              dispatchDays: line.shipping.dispatchDays,
            },
          ],
    ),
  });
  // docs/decisions/021: the code's use is counted here, in the order's transaction, late, so the
  // code's row stays locked only for the commit; the use held before the card was authorised
  // (docs/decisions/044) is consumed, so the use is recorded once.
  if (pricing.promotion !== null && breakdown.promotion !== null && breakdown.promotion.discountMinor > 0) {
    await redeemPromoCode(tx, {
      promoCodeId: pricing.promotion.promoCodeId,
      userId: buyer.id,
      orderId: order.id,
      discountMinor: breakdown.promotion.discountMinor,
      now,
      idempotencyKey: request.idempotencyKey,
    });
  } else if (pricing.promotion !== null) {
    // A code that took nothing off records no use, so it keeps no held one either.
    await releasePromoHold(tx, request.idempotencyKey);
  }
  // Units and allowances held before the card was authorised (docs/decisions/026, 044) are the
  // order's now (its statement consumed them, docs/decisions/086); the rest are taken here.
  await takeContendedRows(tx, lines, buyer.id, now, written.held);

  return {
    eventIds: written.eventIds,
    order: {
      id: order.id,
      totalMinor: order.totalMinor,
      walletUsedMinor: order.walletUsedMinor,
      cashAmountMinor: order.cashAmountMinor,
      currency: order.currency,
      cardType: order.cardType,
      voucherIds,
    },
  };
}

/**
 * The vouchers the order's statement skipped because their codes were taken already (1 in 2^40 each):
 * drawn again for their lines, as `issueVouchers` does. Nothing is sent when every voucher was written.
 */
async function issueCollidedVouchers(
  tx: Tx,
  userId: number,
  now: Date,
  lines: Omit<IssueLine, 'orderLineId'>[],
  written: WrittenOrder,
): Promise<number[]> {
  const missing = lines.flatMap((line, i) => {
    const orderLineId = written.lineIds[i] ?? 0;
    const issued = written.vouchers.filter((voucher) => voucher.orderLineId === orderLineId).length;
    return issued < line.quantity ? [{ ...line, orderLineId, quantity: line.quantity - issued }] : [];
  });
  if (missing.length === 0) return [];
  return (await issueVouchers(tx, { orderId: written.orderId, userId, now, lines: missing })).map((v) => v.id);
}

/**
 * The rows every buyer of a deal contends for (stock, the buyer's per-deal total, the bought
 * count), taken last so their locks are held only for the commit; what the submit held is its
 * already. Stock is taken in product order, so two orders never wait on each other's rows in
 * opposite orders.
 */
async function takeContendedRows(
  tx: Tx,
  lines: OrderLineSource[],
  buyerId: number,
  now: Date,
  held: ConsumedHold,
): Promise<void> {
  for (const line of [...lines].sort((a, b) => a.dealProductId - b.dealProductId)) {
    if (!held.products.has(line.dealProductId)) {
      const left = await takeStock(tx, line.dealProductId, line.quantity, now);
      if (left !== null) throw new OrderError('notEnoughLeft', { title: line.headline, available: left });
    }
    // docs/decisions/029: a dated stay takes a room from each of its nights, in the same
    // transaction (a hold before authorising covers the option's units only, so the nights are
    // always taken here).
    if (!(await takeStayNights(tx, line))) {
      throw new OrderError('notEnoughLeft', { title: `${line.headline} on your dates`, available: 0 });
    }
  }
  const perDeal = new Map<number, { quantity: number; maxPerUser: number | null; title: string }>();
  for (const line of lines) {
    const entry = perDeal.get(line.dealId) ?? { quantity: 0, maxPerUser: line.maxPerUser, title: line.headline };
    entry.quantity += line.quantity;
    perDeal.set(line.dealId, entry);
  }
  for (const [dealId, entry] of [...perDeal].sort(([a], [b]) => a - b)) {
    if (held.deals.has(dealId)) {
      await countDealPurchase(tx, dealId, entry.quantity);
      continue;
    }
    // The buyer's total and the deal's bought count in one statement (docs/decisions/072), in that
    // order as before; the count is made only when the total was.
    const ok = await recordUserPurchase(tx, { userId: buyerId, dealId, ...entry }, (recorded) =>
      countDealPurchaseStatement(dealId, entry.quantity, recorded),
    );
    if (!ok) throw new OrderError('notEnoughLeft', { title: entry.title, available: 0 });
  }
}
