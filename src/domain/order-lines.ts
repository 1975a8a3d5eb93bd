/**
 * Pricing and checking an order's lines (issue 7): the same spec 5 purchase-cap rule the deal page
 * and basket use, applied to what is really left at the moment of the order.
 */
import { purchaseCap, quantityBounds } from './purchase-cap';

/** What one line needs to be priced and checked. */
export interface OrderLineCheck {
  quantity: number;
  unitPriceMinor: number;
  postageMinor: number;
  /** Live, not closed, the option enabled and visible. */
  isOnSale: boolean;
  pricePerPerson: boolean;
  minPeople: number;
  productCap: number | null;
  dealCap: number | null;
  /** Units on sale today (daily allowance or stock left, the lower); null: unlimited. */
  remainingForDay: number | null;
  /** spec 5: for a signed-in buyer, how many more of the deal they may buy; null: no limit. */
  userRemaining: number | null;
}

export type LineVerdict = { ok: true; lineTotalMinor: number } | { ok: false; available: number };

/** Postage is charged per voucher, so a line costs (price + postage) x quantity. */
export function lineTotalMinor(line: Pick<OrderLineCheck, 'quantity' | 'unitPriceMinor' | 'postageMinor'>): number {
  return (line.unitPriceMinor + line.postageMinor) * line.quantity;
}

/** spec 5: whether the line's quantity may be bought now, and if not, how many could. */
export function checkOrderLine(line: OrderLineCheck): LineVerdict {
  if (!line.isOnSale) return { ok: false, available: 0 };
  const cap = purchaseCap({
    productCap: line.productCap,
    dealCap: line.dealCap,
    remainingForDay: line.remainingForDay,
    userMaxQuantity: line.userRemaining ?? undefined,
  });
  const bounds = quantityBounds(line.pricePerPerson, line.minPeople, cap);
  if (!bounds.canBuy) return { ok: false, available: 0 };
  const fits = line.quantity >= bounds.min && (bounds.max === null || line.quantity <= bounds.max);
  return fits ? { ok: true, lineTotalMinor: lineTotalMinor(line) } : { ok: false, available: bounds.max ?? 0 };
}
