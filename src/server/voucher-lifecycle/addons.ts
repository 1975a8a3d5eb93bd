/**
 * The add-ons a shopper buys for a voucher (spec 3 addonType): VVE moves its
 * expiry by 1 to 3 months (spec 9: up to 3 months in all), DVP (Protect my voucher, the e-commerce
 * terms' #protect-my-voucher) makes it refundable after the 14-day window until it expires. Priced by
 * the voucher's deal (src/domain/voucher-lifecycle.ts), paid as an order of its own on the normal
 * payment path (placeAddonOrder), applied in that order's transaction (docs/decisions/026).
 */
import { eq } from 'drizzle-orm';
import type { AddonQuoteResponse } from '@/contracts/voucher-lifecycle';
import { BRAND_INFO, type Brand, DEFAULT_BRAND } from '@/domain/brands';
import { CHECKOUT_COPY } from '@/domain/checkout-copy';
import { Invalid, LifecycleError } from '@/domain/errors';
import {
  type AddonType,
  addonPriceMinor,
  extendedExpiry,
  extensionMonthsLeft,
  extensionOptions,
  extensionRefusal,
  LIFECYCLE_COPY,
} from '@/domain/voucher-lifecycle';
import { users } from '@/server/accounts/schema';
import type { Db, Tx } from '@/server/db';
import { findOwnInstrument } from '@/server/instruments';
import { enqueueMail } from '@/server/mail';
import { type OrderPayment, type PaymentRefusal, placeAddonOrder } from '@/server/orders';
import { orders as ordersTable } from '@/server/orders/schema';
import type { PaymentProviders } from '@/server/payments';
import { extendVoucher, protectVoucher, retrieveVoucher } from '@/server/vouchers';
import { vouchers } from '@/server/vouchers/schema';
import { loadVoucherContext, type VoucherContext } from './context';
import { voucherAddons } from './schema';

/** What the add-on page shows: the voucher, and what each add-on would cost and do. */
export interface AddonQuote {
  voucherId: number;
  code: string;
  status: string;
  expiresAt: Date;
  currency: 'GBP' | 'EUR';
  unitPriceMinor: number;
  /** Months still available (0: no more extensions). */
  monthsLeft: number;
  /** VVE price for 1, 2, 3 months (only up to monthsLeft). */
  extensionPrices: { months: number; amountMinor: number; newExpiresAt: Date }[];
  protectionMinor: number;
  isProtected: boolean;
  /** Why each add-on cannot be bought now, or null. */
  extendRefusal: string | null;
  protectRefusal: string | null;
}

function refusals(context: VoucherContext, now: Date): { extend: string | null; protect: string | null } {
  const { voucher } = context;
  const live = voucher.expiresAt.getTime() > now.getTime();
  const extendRefusal = extensionRefusal(voucher, now);
  const extend = extendRefusal === null ? null : LIFECYCLE_COPY[extendRefusal];
  let protect: string | null = null;
  if (voucher.isProtected) protect = LIFECYCLE_COPY.alreadyProtected;
  else if (!live || voucher.status !== 'ready') protect = LIFECYCLE_COPY.notProtectable;
  return { extend, protect };
}

function quoteOf(context: VoucherContext, now: Date): AddonQuote {
  const { voucher } = context;
  const monthsLeft = extensionMonthsLeft(voucher.extendedMonths);
  const why = refusals(context, now);
  return {
    voucherId: voucher.id,
    code: voucher.code,
    status: voucher.status,
    expiresAt: voucher.expiresAt,
    currency: context.order.currency,
    unitPriceMinor: context.unitPriceMinor,
    monthsLeft,
    extensionPrices: extensionOptions(voucher, context.unitPriceMinor),
    protectionMinor: addonPriceMinor('DVP', context.unitPriceMinor),
    isProtected: voucher.isProtected,
    extendRefusal: why.extend,
    protectRefusal: why.protect,
  };
}

/** The add-on quote for a shopper's voucher, or null when it is not theirs. */
export async function quoteAddons(
  db: Db,
  input: { voucherId: number; userId: number; now: Date },
): Promise<AddonQuote | null> {
  return db.transaction(async (tx) => {
    const context = await loadVoucherContext(tx, input.voucherId, input.userId);
    return context === null ? null : quoteOf(context, input.now);
  });
}

export interface BuyAddonRequest {
  voucherId: number;
  userId: number;
  type: AddonType;
  /** VVE: 1 to 3. */
  months?: number;
  /** The price the shopper was shown; another price refuses the purchase before any money moves. */
  expectedMinor: number;
  payment: OrderPayment;
  idempotencyKey: string;
  now: Date;
  /** The brand the shopper is on: the confirmation email comes from it (decision 042). */
  brand?: Brand;
}

/** The add-on bought, or why not (`authenticationRequired`: the saved card's issuer asks to authenticate it). */
export type BuyAddonResult =
  | { ok: true; orderId: number; expiresAt: Date; isProtected: boolean; replayed: boolean }
  | PaymentRefusal;

/** Checks and applies the add-on to the locked voucher, inside the add-on's order transaction. */
async function applyAddon(tx: Tx, request: BuyAddonRequest, orderId: number): Promise<void> {
  const context = await loadVoucherContext(tx, request.voucherId, request.userId);
  if (context === null) throw new LifecycleError('notYours');
  const why = refusals(context, request.now);
  const { voucher } = context;
  if (request.type === 'VVE') {
    const months = request.months ?? 0;
    if (why.extend !== null) throw new LifecycleError('notExtendable', why.extend);
    const left = extensionMonthsLeft(voucher.extendedMonths);
    if (months < 1 || months > left) throw new LifecycleError('extensionUsed', LIFECYCLE_COPY.extensionTooLong(left));
    const newExpiresAt = extendedExpiry(voucher.expiresAt, months);
    await extendVoucher(tx, voucher, { months, expiresAt: newExpiresAt });
    await tx.insert(voucherAddons).values({
      voucherId: voucher.id,
      orderId,
      type: 'VVE',
      months,
      amountMinor: addonPriceMinor('VVE', context.unitPriceMinor, months),
      previousExpiresAt: voucher.expiresAt,
      newExpiresAt,
      createdAt: request.now,
    });
    await enqueueAddonConfirmation(tx, request, orderId, { months, expiresAt: newExpiresAt });
    return;
  }
  if (why.protect !== null) throw new LifecycleError('notProtectable', why.protect);
  await protectVoucher(tx, voucher.id);
  await tx.insert(voucherAddons).values({
    voucherId: voucher.id,
    orderId,
    type: 'DVP',
    amountMinor: addonPriceMinor('DVP', context.unitPriceMinor),
    previousExpiresAt: voucher.expiresAt,
    newExpiresAt: voucher.expiresAt,
    createdAt: request.now,
  });
  await enqueueAddonConfirmation(tx, request, orderId, { months: 0, expiresAt: voucher.expiresAt });
}

/**
 * The add-on's confirmation email (decision 042), written to the outbox in the add-on order's own
 * transaction (so it is owed exactly when the order exists) and sent after commit, like the order
 * confirmation; a snapshot of what was bought and charged, drawn by the `addonConfirmation` template.
 */
async function enqueueAddonConfirmation(
  tx: Tx,
  request: BuyAddonRequest,
  orderId: number,
  done: { months: number; expiresAt: Date },
): Promise<void> {
  const [row] = await tx
    .select({
      email: users.email,
      firstName: users.firstName,
      totalMinor: ordersTable.totalMinor,
      currency: ordersTable.currency,
      paymentMethod: ordersTable.paymentMethod,
      cardType: ordersTable.cardType,
      placedAt: ordersTable.createdAt,
    })
    .from(ordersTable)
    .innerJoin(users, eq(users.id, ordersTable.userId))
    .where(eq(ordersTable.id, orderId));
  const voucher = await retrieveVoucher(tx, request.voucherId);
  if (row === undefined || voucher === null) throw new Error(`voucher ${request.voucherId} gone in its add-on order`);
  const addon = request.type === 'VVE' ? { type: 'VVE' as const, months: done.months } : { type: 'DVP' as const };
  const what =
    addon.type === 'VVE'
      ? `Extension of voucher ${voucher.code} by ${done.months} ${done.months === 1 ? 'month' : 'months'}`
      : `Protect my voucher for voucher ${voucher.code}`;
  const brand = request.brand ?? DEFAULT_BRAND;
  await enqueueMail(tx, {
    userId: request.userId,
    kind: 'addon_confirmation',
    recipient: row.email,
    subject: `Your ${BRAND_INFO[brand].displayName} order ${orderId}: voucher ${voucher.code} ${addon.type === 'VVE' ? 'extended' : 'protected'}`,
    brand,
    template: 'addonConfirmation',
    data: {
      orderId,
      placedAt: row.placedAt.toISOString(),
      firstName: row.firstName,
      addon,
      voucher: { code: voucher.code, headline: voucher.dealHeadline, option: voucher.productTitle },
      expiresAt: done.expiresAt.toISOString(),
      // An add-on is paid wholly by card, as one line (placeAddonOrder).
      summary: {
        currency: row.currency,
        lines: [{ title: what, quantity: 1, amountMinor: row.totalMinor }],
        postageMinor: 0,
        giftingMinor: 0,
        promotion: null,
        totalMinor: row.totalMinor,
        walletMinor: 0,
        promotionalCreditMinor: 0,
        chargedMinor: row.totalMinor,
        payment: { method: row.paymentMethod, cardType: row.cardType, lastFour: null },
        balancesDue: [],
      },
    },
  });
}

/**
 * How the shopper pays for an add-on: a saved instrument of theirs (checked as theirs, paid
 * customer-initiated on its vault token, with the saved card's 3-D Secure authentication when its
 * issuer asked for one: decision 043), or a new card's one-time nonce with its 3-D Secure
 * authentication, which the card provider checks before the sale (PAYMENTS.md "3-D Secure 2").
 * Shared by the /order-addon form and the spec 7 JSON calls.
 */
export async function addonPayment(
  db: Db,
  userId: number,
  choice: { instrumentId?: number | null; nonce?: string | null; threeDSecureAuthenticationId?: string | null },
): Promise<OrderPayment> {
  if (choice.instrumentId !== undefined && choice.instrumentId !== null) {
    const saved = await findOwnInstrument(db, userId, choice.instrumentId);
    if (saved === null) throw new Invalid(CHECKOUT_COPY.instrumentNotFound);
    const { threeDSecureAuthenticationId } = choice;
    return {
      method: saved.type === 'paypal' ? 'paypal' : 'credit_card',
      savedInstrument: { id: saved.id, token: saved.token },
      ...(saved.type === 'card' && threeDSecureAuthenticationId ? { threeDSecureAuthenticationId } : {}),
    };
  }
  if (!choice.nonce) throw new Invalid('Choose a saved card or enter a new card.');
  const { threeDSecureAuthenticationId } = choice;
  return {
    method: 'credit_card',
    nonce: choice.nonce,
    ...(threeDSecureAuthenticationId ? { threeDSecureAuthenticationId } : {}),
  };
}

/**
 * Buys an add-on: checks it is on offer at the price shown, then pays for it as an order of its own
 * and applies it in that order's transaction (a refusal there voids the card). A repeat of the key
 * answers the first purchase and charges nothing more.
 */
export async function buyAddon(db: Db, providers: PaymentProviders, request: BuyAddonRequest): Promise<BuyAddonResult> {
  const quote = await quoteAddons(db, request);
  if (quote === null) return { ok: false, kind: 'notFound', message: LIFECYCLE_COPY.notYours, reason: null };
  const months = request.months ?? 0;
  let amountMinor: number;
  if (request.type === 'VVE') {
    const price = quote.extensionPrices.find((p) => p.months === months);
    const refusal =
      quote.extendRefusal ?? (price === undefined ? LIFECYCLE_COPY.extensionTooLong(quote.monthsLeft) : null);
    if (refusal !== null || price === undefined) {
      return await replayOr(db, request, {
        ok: false,
        kind: 'conflict',
        message: refusal ?? LIFECYCLE_COPY.notExtendable,
        reason: null,
      });
    }
    amountMinor = price.amountMinor;
  } else {
    if (quote.protectRefusal !== null) {
      return await replayOr(db, request, { ok: false, kind: 'conflict', message: quote.protectRefusal, reason: null });
    }
    amountMinor = quote.protectionMinor;
  }
  if (amountMinor !== request.expectedMinor) {
    return { ok: false, kind: 'conflict', message: 'The price has changed. Check it and try again.', reason: null };
  }
  const placed = await placeAddonOrder(db, providers, {
    buyerId: request.userId,
    payment: request.payment,
    idempotencyKey: request.idempotencyKey,
    amount: { amountMinor, currency: quote.currency },
    now: request.now,
    reference: `${request.type === 'VVE' ? 'extension' : 'protection'} of voucher ${quote.code}`,
    apply: (tx, orderId) => applyAddon(tx, request, orderId),
  });
  if (!placed.ok) return placed;
  const [after] = await db
    .select({ expiresAt: vouchers.expiresAt, isProtected: vouchers.isProtected })
    .from(vouchers)
    .where(eq(vouchers.id, request.voucherId));
  return {
    ok: true,
    orderId: placed.orderId,
    expiresAt: after?.expiresAt ?? quote.expiresAt,
    isProtected: after?.isProtected ?? false,
    replayed: placed.replayed,
  };
}

/** A repeat of a key whose purchase already went through answers that purchase, not a refusal. */
async function replayOr(db: Db, request: BuyAddonRequest, refusal: BuyAddonResult): Promise<BuyAddonResult> {
  const [done] = await db
    .select({ orderId: voucherAddons.orderId, expiresAt: vouchers.expiresAt, isProtected: vouchers.isProtected })
    .from(voucherAddons)
    .innerJoin(vouchers, eq(vouchers.id, voucherAddons.voucherId))
    .innerJoin(ordersTable, eq(ordersTable.id, voucherAddons.orderId))
    .where(eq(ordersTable.idempotencyKey, request.idempotencyKey));
  return done === undefined ? refusal : { ok: true, ...done, replayed: true };
}

/** The quote as the spec 7 calls answer it (dates as ISO strings). */
export function addonQuoteResponse(quote: AddonQuote): AddonQuoteResponse {
  return {
    voucherId: quote.voucherId,
    code: quote.code,
    status: quote.status,
    expiresAt: quote.expiresAt.toISOString(),
    currency: quote.currency,
    monthsLeft: quote.monthsLeft,
    extensions: quote.extensionPrices.map((price) => ({
      months: price.months,
      amountMinor: price.amountMinor,
      newExpiresAt: price.newExpiresAt.toISOString(),
    })),
    protectionMinor: quote.protectionMinor,
    isProtected: quote.isProtected,
    extendRefusal: quote.extendRefusal,
    protectRefusal: quote.protectRefusal,
  };
}

/**
 * The spec 7 add-on calls (voucher/vve, order-addon): the payment chosen, then `buyAddon`, the path
 * the /order-addon form takes too. The Idempotency-Key is the shopper's own (kept apart per account).
 */
export async function orderAddon(
  db: Db,
  providers: PaymentProviders,
  input: {
    userId: number;
    voucherId: number;
    type: AddonType;
    months?: number;
    expectedMinor: number;
    instrumentId?: number;
    nonce?: string;
    threeDSecureAuthenticationId?: string;
    idempotencyKey: string;
    now: Date;
    brand?: Brand;
  },
): Promise<BuyAddonResult> {
  const payment = await addonPayment(db, input.userId, input);
  return buyAddon(db, providers, {
    voucherId: input.voucherId,
    userId: input.userId,
    type: input.type,
    months: input.type === 'VVE' ? input.months : undefined,
    expectedMinor: input.expectedMinor,
    payment,
    idempotencyKey: `addon:${input.userId}:${input.idempotencyKey}`,
    now: input.now,
    brand: input.brand,
  });
}
