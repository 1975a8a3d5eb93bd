/**
 * Placing an order (issue 7 part 4; ARCHITECTURE "Money and state"):
 *   1. price the basket from the database and check it (spec 5 caps), refuse a stale total;
 *   2. authorise the card for the cash part (recorded first as `authorising`, so an authorisation
 *      whose order never commits is found and voided by `voidAbandonedAuthorisations`);
 *   3. ONE transaction: lock the basket, re-price, write the order, lines, payment link, wallet
 *      debit, vouchers and the confirmation email, mark the basket ordered, and last (so the rows
 *      every buyer contends for stay locked only briefly) take stock with conditional updates and
 *      record the buyer's per-deal purchases;
 *   4. capture after commit, or void when the transaction failed.
 * The caller wraps this in an idempotency key, so a double click places one order and one charge.
 */
import { eq, sql } from 'drizzle-orm';
import { splitPayment } from '@/domain/checkout';
import { describeError as describeOrderFailure, OrderError } from '@/domain/errors';
import { MESSAGES } from '@/domain/messages';
import { checkOrderLine } from '@/domain/order-lines';
import type { PaymentMethod } from '@/domain/payment-methods';
import { describePaymentFailure } from '@/domain/payment-outcome';
import type { Db } from '@/server/db';
import { baskets, deals, orderLines, orders, payments, vouchers } from '@/server/db';
import { rememberInstrument, touchInstrument } from '@/server/instruments';
import { logError } from '@/server/log';
import type { InstrumentDetails, PaymentProvider, PaymentProviders, VaultedInstrument } from '@/server/payments';
import { issueVouchers } from '@/server/vouchers';
import { debitWallet, InsufficientWalletBalance, walletBalances } from '@/server/wallet';
import { enqueueConfirmation } from './confirmation';
import { loadOrderLines, type OrderLineSource, type Tx } from './lines';
import { recordUserPurchase, takeStock } from './stock';

export interface PlaceOrderRequest {
  basketToken: string;
  buyer: { id: number; email: string; firstName: string };
  useWallet: boolean;
  /** spec 3 payment data as the shopper saw it; a different server figure refuses the order. */
  expected: { totalMinor: number; walletUsedMinor: number; cashAmountMinor: number };
  /** How the cash part is paid; null when the wallet pays everything. */
  payment: OrderPayment | null;
  idempotencyKey: string;
  now: Date;
  /** Site origin for the links in the confirmation email. */
  origin: string;
}

/** The cash part's payment: an approval's nonce or token (mode NEW), or a saved instrument (EXISTING). */
export interface OrderPayment {
  method: PaymentMethod;
  /** The gateway nonce, Klarna authorization token or Clearpay order token (instrument mode NEW). */
  nonce?: string;
  /** A saved instrument of the buyer's (instrument mode EXISTING), already checked as theirs. */
  savedInstrument?: { id: number; token: string };
  billingPostcode?: string;
  /** Keep the instrument for next time (a signed-in shopper paying by card or PayPal). */
  save?: boolean;
}

interface Authorisation {
  paymentId: number;
  transactionId: string;
  cardType: string;
  instrument: InstrumentDetails;
  vaulted: VaultedInstrument | null;
}

/** spec 3 order response fields, plus what the confirmation page needs. */
export interface PlacedOrder {
  id: number;
  totalMinor: number;
  walletUsedMinor: number;
  cashAmountMinor: number;
  currency: 'GBP' | 'EUR';
  cardType: string | null;
  voucherIds: number[];
}

export type PlaceOrderResult =
  | { ok: true; order: PlacedOrder }
  | { ok: false; status: number; message: string; reason: string | null };

function refused(error: OrderError): PlaceOrderResult {
  return { ok: false, ...describeOrderFailure(error), reason: null };
}

/** Sum of the lines after checking each against spec 5; throws notEnoughLeft for the first that fails. */
function priceLines(lines: OrderLineSource[]): number {
  if (lines.length === 0) throw new OrderError('emptyBasket');
  let total = 0;
  for (const line of lines) {
    const verdict = checkOrderLine(line);
    if (!verdict.ok) throw new OrderError('notEnoughLeft', { title: line.headline, available: verdict.available });
    total += verdict.lineTotalMinor;
  }
  return total;
}

/** Places the order described by the request; never throws for a shopper's failure. */
export async function placeOrder(
  db: Db,
  providers: PaymentProviders,
  request: PlaceOrderRequest,
): Promise<PlaceOrderResult> {
  const provider = request.payment === null ? null : providers.forMethod(request.payment.method);
  const { buyer, now, idempotencyKey } = request;
  // A retry whose first attempt committed but never answered (the process died): the order stands.
  const already = await retrievePlacedOrder(db, idempotencyKey);
  if (already !== null) return { ok: true, order: already };

  // 1. Price and check before any money moves.
  let totalMinor: number;
  let lines: OrderLineSource[];
  try {
    const [basket] = await db
      .select({ status: baskets.status })
      .from(baskets)
      .where(eq(baskets.id, request.basketToken));
    if (basket === undefined || basket.status !== 'open') throw new OrderError('emptyBasket');
    lines = await loadOrderLines(db, request.basketToken, buyer.id, now);
    totalMinor = priceLines(lines);
  } catch (error) {
    if (error instanceof OrderError) return refused(error);
    throw error;
  }
  const currency = lines[0]?.currency ?? 'GBP';
  const balance = request.useWallet
    ? ((await walletBalances(db, buyer.id, now)).find((w) => w.currency === currency)?.balance ?? 0)
    : 0;
  const split = splitPayment(totalMinor, balance, request.useWallet);
  const { expected } = request;
  if (
    expected.totalMinor !== totalMinor ||
    expected.walletUsedMinor !== split.walletUsedMinor ||
    expected.cashAmountMinor !== split.cashAmountMinor
  ) {
    return refused(new OrderError('basketChanged'));
  }
  if (split.cashAmountMinor > 0 && request.payment === null) return refused(new OrderError('paymentRequired'));

  // 2. Authorise the cash part.
  let authorisation: Authorisation | null = null;
  if (split.cashAmountMinor > 0 && request.payment !== null && provider !== null) {
    const [payment] = await db
      .insert(payments)
      .values({
        idempotencyKey,
        provider: provider.type,
        method: request.payment.method,
        status: 'authorising',
        amountMinor: split.cashAmountMinor,
        currency,
      })
      .onConflictDoUpdate({ target: payments.idempotencyKey, set: { updatedAt: sql`now()` } })
      .returning({ id: payments.id });
    if (payment === undefined) throw new Error('payments insert returned nothing');
    const result = await provider.authorise({
      nonce: request.payment.nonce ?? '',
      paymentMethodToken: request.payment.savedInstrument?.token,
      storeInVault: request.payment.save === true && request.payment.savedInstrument === undefined,
      amount: { amountMinor: split.cashAmountMinor, currency },
      idempotencyKey,
      reference: `order for basket ${request.basketToken.slice(0, 8)}`,
      billingPostcode: request.payment.billingPostcode,
    });
    if (result.kind !== 'authorised') {
      await db
        .update(payments)
        .set({
          status: result.kind === 'processorDeclined' || result.kind === 'invalidInstrument' ? 'declined' : 'failed',
          responseCode: 'code' in result ? result.code : result.kind,
          updatedAt: sql`now()`,
        })
        .where(eq(payments.id, payment.id));
      const failure = describePaymentFailure(result);
      return { ok: false, status: 402, message: failure.message, reason: failure.reason };
    }
    const { instrument } = result;
    await db
      .update(payments)
      .set({
        status: 'authorised',
        transactionId: result.transactionId,
        cardType: instrument.cardType,
        lastFour: instrument.lastFour,
        expiryMonth: instrument.expiryMonth,
        expiryYear: instrument.expiryYear,
        updatedAt: sql`now()`,
      })
      .where(eq(payments.id, payment.id));
    authorisation = {
      paymentId: payment.id,
      transactionId: result.transactionId,
      cardType: instrument.cardType,
      instrument,
      vaulted: result.vaulted ?? null,
    };
  }

  // 3. One transaction for everything the order changes.
  let placed: PlacedOrder;
  try {
    placed = await db.transaction((tx) => writeOrder(tx, request, { totalMinor, currency, ...split }, authorisation));
  } catch (error) {
    if (authorisation !== null && provider !== null) {
      await releaseAuthorisation(db, provider, authorisation, idempotencyKey);
    }
    const orderError =
      error instanceof OrderError
        ? error
        : error instanceof InsufficientWalletBalance
          ? new OrderError('walletShort')
          : null;
    if (orderError === null) logError('orders', 'order transaction failed', error, { withStack: true });
    const described = orderError ? describeOrderFailure(orderError) : null;
    if (authorisation !== null) {
      // PAYMENTS.md: authorised, but our order failed afterwards (voided).
      return {
        ok: false,
        status: described?.status ?? 500,
        message: MESSAGES.paymentProblemOrderNotPlaced,
        reason: described?.message ?? null,
      };
    }
    return orderError
      ? refused(orderError)
      : { ok: false, status: 500, message: MESSAGES.purchaseNotCompleted, reason: null };
  }

  // 4. Settle now that the order exists.
  if (authorisation !== null && provider !== null) {
    try {
      await provider.capture(authorisation.transactionId, `${idempotencyKey}:capture`);
      await db
        .update(payments)
        .set({ status: 'settled', updatedAt: sql`now()` })
        .where(eq(payments.id, authorisation.paymentId));
    } catch (error) {
      // The order stands; the payment stays `authorised` with its order, for the capture retry.
      logError('orders', 'capture failed, left for retry', error);
    }
  }
  return { ok: true, order: placed };
}

async function writeOrder(
  tx: Tx,
  request: PlaceOrderRequest,
  money: { totalMinor: number; currency: 'GBP' | 'EUR'; walletUsedMinor: number; cashAmountMinor: number },
  authorisation: Authorisation | null,
): Promise<PlacedOrder> {
  const { buyer, now, basketToken } = request;
  const locked = await tx.execute<{ status: string }>(
    sql`select status from baskets where id = ${basketToken} for update`,
  );
  if (locked.rows[0]?.status !== 'open') throw new OrderError('emptyBasket');

  // Re-priced under the lock: what was authorised must still be the price.
  const lines = await loadOrderLines(tx, basketToken, buyer.id, now);
  if (priceLines(lines) !== money.totalMinor) throw new OrderError('basketChanged');

  const [order] = await tx
    .insert(orders)
    .values({
      userId: buyer.id,
      basketId: basketToken,
      currency: money.currency,
      totalMinor: money.totalMinor,
      walletUsedMinor: money.walletUsedMinor,
      cashAmountMinor: money.cashAmountMinor,
      paymentMethod: authorisation === null ? 'wallet' : (request.payment?.method ?? 'credit_card'),
      cardType: authorisation?.cardType ?? null,
      idempotencyKey: request.idempotencyKey,
      createdAt: now,
    })
    .returning();
  if (order === undefined) throw new Error('orders insert returned nothing');

  const written = await tx
    .insert(orderLines)
    .values(
      lines.map((line) => ({
        orderId: order.id,
        dealId: line.dealId,
        dealProductId: line.dealProductId,
        title: `${line.headline}: ${line.productTitle}`,
        quantity: line.quantity,
        unitPriceMinor: line.unitPriceMinor,
        postageMinor: line.postageMinor,
        lineTotalMinor: (line.unitPriceMinor + line.postageMinor) * line.quantity,
        deliveryOptionType: line.deliveryOptionType,
        gift: line.gift,
        checkInDate: line.checkInDate,
        checkOutDate: line.checkOutDate,
      })),
    )
    .returning({ id: orderLines.id });

  if (authorisation !== null) {
    await tx
      .update(payments)
      .set({ orderId: order.id, updatedAt: sql`now()` })
      .where(eq(payments.id, authorisation.paymentId));
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
  if (money.walletUsedMinor > 0) {
    await debitWallet(tx, {
      userId: buyer.id,
      currency: money.currency,
      amountMinor: money.walletUsedMinor,
      orderId: order.id,
      description: `Order ${order.id}`,
      now,
    });
  }
  const issued = await issueVouchers(tx, {
    orderId: order.id,
    userId: buyer.id,
    now,
    lines: lines.map((line, i) => ({
      orderLineId: written[i]?.id ?? 0,
      dealId: line.dealId,
      dealProductId: line.dealProductId,
      quantity: line.quantity,
      isTravel: line.isTravel,
      validityDays: line.voucherValidityDays,
    })),
  });
  await tx.update(baskets).set({ status: 'ordered', updatedAt: sql`now()` }).where(eq(baskets.id, basketToken));
  await enqueueConfirmation(tx, { order, buyer, lines, vouchers: issued, origin: request.origin });
  await takeContendedRows(tx, lines, buyer.id, now);

  return {
    id: order.id,
    totalMinor: order.totalMinor,
    walletUsedMinor: order.walletUsedMinor,
    cashAmountMinor: order.cashAmountMinor,
    currency: money.currency,
    cardType: order.cardType,
    voucherIds: issued.map((v) => v.id),
  };
}

/**
 * The rows every buyer of a deal contends for (stock, the buyer's per-deal total, the bought
 * count), taken last so their locks are held only for the commit. Stock is taken in product order,
 * so two orders never wait on each other's rows in opposite orders.
 */
async function takeContendedRows(tx: Tx, lines: OrderLineSource[], buyerId: number, now: Date): Promise<void> {
  for (const line of [...lines].sort((a, b) => a.dealProductId - b.dealProductId)) {
    const left = await takeStock(tx, line.dealProductId, line.quantity, now);
    if (left !== null) throw new OrderError('notEnoughLeft', { title: line.headline, available: left });
  }
  const perDeal = new Map<number, { quantity: number; maxPerUser: number | null; title: string }>();
  for (const line of lines) {
    const entry = perDeal.get(line.dealId) ?? { quantity: 0, maxPerUser: line.maxPerUser, title: line.headline };
    entry.quantity += line.quantity;
    perDeal.set(line.dealId, entry);
  }
  for (const [dealId, entry] of [...perDeal].sort(([a], [b]) => a - b)) {
    const ok = await recordUserPurchase(tx, { userId: buyerId, dealId, ...entry });
    if (!ok) throw new OrderError('notEnoughLeft', { title: entry.title, available: 0 });
    await tx
      .update(deals)
      .set({ boughtCount: sql`${deals.boughtCount} + ${entry.quantity}` })
      .where(eq(deals.id, dealId));
  }
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

/** Voids an authorisation whose order was not written; a failure is left for the sweep. */
async function releaseAuthorisation(
  db: Db,
  provider: PaymentProvider,
  authorisation: { paymentId: number; transactionId: string },
  idempotencyKey: string,
): Promise<void> {
  try {
    await provider.void(authorisation.transactionId, `${idempotencyKey}:void`);
    await db
      .update(payments)
      .set({ status: 'voided', updatedAt: sql`now()` })
      .where(eq(payments.id, authorisation.paymentId));
  } catch (error) {
    logError('orders', 'void failed, left for the sweep', error);
  }
}
