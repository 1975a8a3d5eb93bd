/**
 * spec 5 "Quantity and cap": how many of one deal option a shopper may buy in one go.
 * Pure: the page, the chooser island and (later) the basket all ask the same rule.
 */

/** What limits a purchase; null means "no limit from this source". */
export interface PurchaseCapInput {
  /** The option's own cap per order. */
  productCap: number | null;
  /** The deal's cap per order. */
  dealCap: number | null;
  /** Units still on sale today (the daily allowance, or the stock left if lower). */
  remainingForDay: number | null;
  /** spec 5: only for logged-in users, the most this user may still buy; undefined for guests. */
  userMaxQuantity?: number | null;
}

export interface PurchaseCap {
  /** The most that may be bought now; null when nothing limits it. */
  cap: number | null;
  /** spec 5: sold out for this user when the cap is 0, or the user's max is 0. */
  isSoldOut: boolean;
}

/**
 * spec 5: the purchase cap is the minimum of product cap, deal cap, remaining-for-day and, for
 * logged-in users, the max quantity the user may buy. Negative inputs count as 0.
 */
export function purchaseCap(input: PurchaseCapInput): PurchaseCap {
  const limits = [input.productCap, input.dealCap, input.remainingForDay, input.userMaxQuantity].filter(
    (limit): limit is number => typeof limit === 'number',
  );
  const cap = limits.length === 0 ? null : Math.max(0, Math.min(...limits));
  const userMaxIsZero = typeof input.userMaxQuantity === 'number' && input.userMaxQuantity <= 0;
  return { cap, isSoldOut: cap === 0 || userMaxIsZero };
}

/** spec 5: a per-person-priced deal always has at least 2 people; an option may ask for more. */
export function minimumQuantity(pricePerPerson: boolean, minPeople = 1): number {
  return Math.max(pricePerPerson ? 2 : 1, Math.floor(minPeople));
}

export interface QuantityBounds {
  min: number;
  /** null: no upper limit. */
  max: number | null;
  /** False when the cap is below the minimum (a per-person option capped at 1 cannot be bought). */
  canBuy: boolean;
}

/** The quantities a chooser may offer for one option. */
export function quantityBounds(pricePerPerson: boolean, minPeople: number, cap: PurchaseCap): QuantityBounds {
  const min = minimumQuantity(pricePerPerson, minPeople);
  const canBuy = !cap.isSoldOut && (cap.cap === null || cap.cap >= min);
  return { min, max: cap.cap, canBuy };
}

/** A wanted quantity brought inside the bounds (whole numbers only; nonsense becomes the minimum). */
export function clampQuantity(wanted: number, bounds: QuantityBounds): number {
  if (!Number.isFinite(wanted)) return bounds.min;
  const whole = Math.floor(wanted);
  const upper = bounds.max === null ? whole : Math.min(whole, bounds.max);
  return Math.max(bounds.min, upper);
}

/**
 * spec 5 remaining-for-day from a stock row: the daily allowance (reset to the daily limit on a new
 * UTC day) or the stock left, whichever is lower; null when neither limits it. The deal page, the
 * basket and the order all read stock through this, so they agree with what an order may take.
 */
export function remainingForDayOf(
  stock: {
    quantityRemaining: number | null;
    dailyLimit: number | null;
    remainingForDay: number | null;
    stockDay: string | null;
  } | null,
  now: Date,
): number | null {
  if (stock === null) return null;
  const today = now.toISOString().slice(0, 10);
  const daily =
    stock.dailyLimit === null ? null : stock.stockDay === today ? (stock.remainingForDay ?? 0) : stock.dailyLimit;
  const limits = [stock.quantityRemaining, daily].filter((n): n is number => n !== null);
  return limits.length === 0 ? null : Math.max(0, Math.min(...limits));
}
