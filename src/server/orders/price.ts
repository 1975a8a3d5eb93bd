/**
 * Step 1 of an order (docs/decisions/012): price the basket from the database through the one
 * pricing pipeline (src/domain/pricing.ts) and check every line against spec 5's caps and "on
 * sale", before any money moves. The same function re-prices under the lock inside the order
 * transaction.
 */
import { OrderError } from '@/domain/errors';
import { checkOrderLine } from '@/domain/order-lines';
import { type PricingWallet, priceLines } from '@/domain/pricing';
import type { DbOrTx } from '@/server/db';
import { checkPromoCode, type PricingPromotion, type PromoLine } from '@/server/promotions';
import { walletBalances } from '@/server/wallet';
import { loadOrderLines, type OrderLineSource } from './lines';
import type { OrderPricing, PlaceOrderRequest } from './request';

/** The lines checked and priced; throws emptyBasket, or notEnoughLeft for the first line that fails. */
export function priceCheckedLines(
  lines: OrderLineSource[],
  wallet: PricingWallet | null = null,
  promotion: PricingPromotion | null = null,
): OrderPricing {
  if (lines.length === 0) throw new OrderError('emptyBasket');
  for (const line of lines) {
    const verdict = checkOrderLine(line);
    if (!verdict.ok) throw new OrderError('notEnoughLeft', { title: line.headline, available: verdict.available });
  }
  return { lines, promotion, breakdown: priceLines({ lines: lines.map((line) => line.pricing), wallet, promotion }) };
}

/** The order lines as a promotion code reads them: categories and price before the code. */
export function promoLinesOf(lines: readonly OrderLineSource[]): PromoLine[] {
  const { lines: priced } = priceLines({ lines: lines.map((line) => line.pricing) });
  return lines.map((line, i) => ({
    id: line.pricing.id,
    categoryId: line.categoryId,
    subCategoryId: line.subCategoryId,
    currency: line.currency,
    priceMinor: priced[i]?.priceMinor ?? 0,
  }));
}

/**
 * The order's price and payment split for this request, or an OrderError: the basket must be open
 * and every line on sale within its caps; the wallet (when asked) pays what it can.
 */
export async function priceOrder(
  db: DbOrTx,
  request: PlaceOrderRequest,
  /** The open basket's lines when the caller read them already (`loadOpenOrderLines`, docs/decisions/072). */
  openLines?: OrderLineSource[],
): Promise<OrderPricing> {
  // A basket that is gone or already ordered has no open lines: priceCheckedLines refuses it as empty.
  const lines =
    openLines ??
    (await loadOrderLines(db, request.basketToken, request.buyer.id, request.now, request.idempotencyKey, true));
  const balances = request.useWallet ? await walletBalances(db, request.buyer.id, request.now) : [];
  // docs/decisions/021: a code that does not apply refuses the order before any money moves, in its own words.
  let promotion: PricingPromotion | null = null;
  if (request.promoCode) {
    const verdict = await checkPromoCode(db, {
      code: request.promoCode,
      userId: request.buyer.id,
      lines: promoLinesOf(lines),
      now: request.now,
      // A retry of a submit that already holds the code's use (docs/decisions/044) still has it.
      heldFor: request.idempotencyKey,
    });
    if (!verdict.ok) throw new OrderError('promotionRefused', { message: verdict.message });
    promotion = verdict.promotion;
  }
  return priceCheckedLines(
    lines,
    { use: request.useWallet, balances: balances.map((b) => ({ currency: b.currency, balanceMinor: b.balance })) },
    promotion,
  );
}

/** spec 3: the figures the shopper confirmed must be the server's, to the penny. */
export function matchesExpected(pricing: OrderPricing, expected: PlaceOrderRequest['expected']): boolean {
  const { totalMinor, paidBy } = pricing.breakdown;
  return (
    expected.totalMinor === totalMinor &&
    expected.walletUsedMinor === paidBy.walletMinor &&
    expected.cashAmountMinor === paidBy.cashMinor
  );
}
