/**
 * Issue 18.2 and 18.3: the add-ons a shopper buys for a voucher (spec 3 addonType): VVE moves its
 * expiry by 1 to 3 months (spec 9: up to 3 months in all), DVP (Protect my voucher, the e-commerce
 * terms' #protect-my-voucher) makes it refundable after the 14-day window until it expires. Priced by
 * the voucher's deal (src/domain/voucher-lifecycle.ts), paid as an order of its own on the normal
 * payment path (placeAddonOrder), applied in that order's transaction.
 */
import { eq } from 'drizzle-orm';
import { LifecycleError } from '@/domain/errors';
import {
  type AddonType,
  addonPriceMinor,
  extendedExpiry,
  extensionMonthsLeft,
  LIFECYCLE_COPY,
} from '@/domain/voucher-lifecycle';
import type { Db } from '@/server/db';
import { orders as ordersTable, voucherAddons, vouchers } from '@/server/db';
import { type OrderPayment, placeAddonOrder } from '@/server/orders';
import type { PaymentProviders } from '@/server/payments';
import { loadVoucherContext, type Tx, type VoucherContext } from './context';

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
  let extend: string | null = null;
  if (!live || (voucher.status !== 'ready' && voucher.status !== 'booked')) extend = LIFECYCLE_COPY.notExtendable;
  else if (extensionMonthsLeft(voucher.extendedMonths) === 0) extend = LIFECYCLE_COPY.extensionUsed;
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
    extensionPrices: Array.from({ length: monthsLeft }, (_, i) => ({
      months: i + 1,
      amountMinor: addonPriceMinor('VVE', context.unitPriceMinor, i + 1),
      newExpiresAt: extendedExpiry(voucher.expiresAt, i + 1),
    })),
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
}

export type BuyAddonResult =
  | { ok: true; orderId: number; expiresAt: Date; isProtected: boolean }
  | { ok: false; status: number; message: string; reason: string | null };

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
    await tx
      .update(vouchers)
      .set({ expiresAt: newExpiresAt, extendedMonths: voucher.extendedMonths + months })
      .where(eq(vouchers.id, voucher.id));
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
    return;
  }
  if (why.protect !== null) throw new LifecycleError('notProtectable', why.protect);
  await tx.update(vouchers).set({ isProtected: true }).where(eq(vouchers.id, voucher.id));
  await tx.insert(voucherAddons).values({
    voucherId: voucher.id,
    orderId,
    type: 'DVP',
    amountMinor: addonPriceMinor('DVP', context.unitPriceMinor),
    previousExpiresAt: voucher.expiresAt,
    newExpiresAt: voucher.expiresAt,
    createdAt: request.now,
  });
}

/**
 * Buys an add-on: checks it is on offer at the price shown, then pays for it as an order of its own
 * and applies it in that order's transaction (a refusal there voids the card). A repeat of the key
 * answers the first purchase and charges nothing more.
 */
export async function buyAddon(db: Db, providers: PaymentProviders, request: BuyAddonRequest): Promise<BuyAddonResult> {
  const quote = await quoteAddons(db, request);
  if (quote === null) return { ok: false, status: 404, message: LIFECYCLE_COPY.notYours, reason: null };
  const months = request.months ?? 0;
  let amountMinor: number;
  if (request.type === 'VVE') {
    const price = quote.extensionPrices.find((p) => p.months === months);
    const refusal =
      quote.extendRefusal ?? (price === undefined ? LIFECYCLE_COPY.extensionTooLong(quote.monthsLeft) : null);
    if (refusal !== null || price === undefined) {
      return await replayOr(db, request, {
        ok: false,
        status: 409,
        message: refusal ?? LIFECYCLE_COPY.notExtendable,
        reason: null,
      });
    }
    amountMinor = price.amountMinor;
  } else {
    if (quote.protectRefusal !== null) {
      return await replayOr(db, request, { ok: false, status: 409, message: quote.protectRefusal, reason: null });
    }
    amountMinor = quote.protectionMinor;
  }
  if (amountMinor !== request.expectedMinor) {
    return { ok: false, status: 409, message: 'The price has changed. Check it and try again.', reason: null };
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
  return done === undefined ? refusal : { ok: true, ...done };
}
