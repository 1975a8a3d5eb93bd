/** Money is integer minor units (pence) with a currency; formatting happens only here. */
/** An amount in integer minor units (pence) with its currency (the contracts' MoneySchema has this shape). */
export interface Money {
  amountMinor: number;
  currency: 'GBP' | 'EUR';
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: Money['currency'], wholePounds: boolean): Intl.NumberFormat {
  const key = `${currency}:${wholePounds}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat('en-GB', {
      style: 'currency',
      currency,
      minimumFractionDigits: wholePounds ? 0 : 2,
      maximumFractionDigits: 2,
    });
    formatters.set(key, f);
  }
  return f;
}

/** £12.50, or £12 when the amount is whole pounds (how UK deal sites show prices). */
export function formatMoney(money: Money): string {
  const whole = money.amountMinor % 100 === 0;
  return formatter(money.currency, whole).format(money.amountMinor / 100);
}

/** £ for GBP, € for EUR (spec 1). */
export function currencySymbol(currency: Money['currency']): string {
  return currency === 'EUR' ? '€' : '£';
}

export function pence(amountMinor: number, currency: Money['currency'] = 'GBP'): Money {
  if (!Number.isInteger(amountMinor)) throw new RangeError(`Money must be whole minor units, got ${amountMinor}`);
  return { amountMinor, currency };
}

/** Whole-number discount from an original and a sale price. */
export function discountPercentage(original: number, price: number): number {
  if (original <= 0 || price >= original) return 0;
  return Math.round(((original - price) / original) * 100);
}

/** A sum of amounts in one currency (the basket's subtotal, postage and total). */
export function sumMoney(amounts: readonly Money[], currency: Money['currency'] = 'GBP'): Money {
  let amountMinor = 0;
  for (const money of amounts) {
    if (money.currency !== currency) throw new RangeError(`Cannot add ${money.currency} to ${currency}`);
    amountMinor += money.amountMinor;
  }
  return { amountMinor, currency };
}

/** An amount times a whole quantity (a line's price for N units). */
export function multiplyMoney(money: Money, quantity: number): Money {
  if (!Number.isInteger(quantity)) throw new RangeError(`Quantity must be whole, got ${quantity}`);
  return { amountMinor: money.amountMinor * quantity, currency: money.currency };
}

/**
 * spec 9 "long values are rounded on small screens" (decision 057): a price is long when it is at
 * least £1,000 (four digits of pounds) and has pence, e.g. £1,234.50. Whole-pound prices already
 * show without pence and are never long.
 */
export const LONG_PRICE_FROM_MINOR = 100_000;

/**
 * The rounded text a long price shows on small screens (£1,234.50 -> £1,235, half a pound up), or
 * null when the price is not long. Display only: what is charged keeps its pence.
 */
export function formatRoundedMoney(money: Money): string | null {
  if (money.amountMinor < LONG_PRICE_FROM_MINOR || money.amountMinor % 100 === 0) return null;
  return formatMoney({ ...money, amountMinor: Math.round(money.amountMinor / 100) * 100 });
}
