/**
 * Checking an order's lines (decision 012): the same spec 5 purchase-cap rule the deal page and basket
 * use, and the one "on sale" rule (`on-sale.ts`), applied to what is really left at the moment of
 * the order. Pricing is the pricing pipeline's (`pricing.ts`).
 */
import { isOnSale, type SaleFacts } from './on-sale';
import { purchaseCap, type QuantityBounds, quantityBounds } from './purchase-cap';

/** What one line needs to be checked. */
export interface OrderLineCheck {
  quantity: number;
  /** The deal, the option and the shopper, for "on sale" (live, not closed, enabled, VIP rule). */
  sale: Omit<SaleFacts, 'bounds'>;
  pricePerPerson: boolean;
  minPeople: number;
  productCap: number | null;
  dealCap: number | null;
  /** Units on sale today (daily allowance or stock left, the lower); null: unlimited. */
  remainingForDay: number | null;
  /** spec 5: for a signed-in buyer, how many more of the deal they may buy; null: no limit. */
  userRemaining: number | null;
}

export type LineVerdict = { ok: true } | { ok: false; available: number };

/** spec 5 quantity bounds of the line for this buyer now. */
export function orderLineBounds(line: OrderLineCheck): QuantityBounds {
  const cap = purchaseCap({
    productCap: line.productCap,
    dealCap: line.dealCap,
    remainingForDay: line.remainingForDay,
    userMaxQuantity: line.userRemaining ?? undefined,
  });
  return quantityBounds(line.pricePerPerson, line.minPeople, cap);
}

/** spec 5: whether the line's quantity may be bought now, and if not, how many could. */
export function checkOrderLine(line: OrderLineCheck): LineVerdict {
  const bounds = orderLineBounds(line);
  if (!isOnSale({ ...line.sale, bounds })) return { ok: false, available: 0 };
  const fits = line.quantity >= bounds.min && (bounds.max === null || line.quantity <= bounds.max);
  return fits ? { ok: true } : { ok: false, available: bounds.max ?? 0 };
}
