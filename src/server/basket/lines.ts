/**
 * Writing basket lines under spec 4's merge rules and spec 5's bounds. Every line that is added or
 * changed is checked against the catalogue now: unknown, ended, disabled, VIP-only or sold-out
 * options are refused (or skipped, when merging a guest basket at login), and quantities are
 * brought inside the option's bounds.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { BasketProductInput } from '@/contracts/basket';
import { mergeBasketLines } from '@/domain/basket';
import { BasketError } from '@/domain/errors';
import { clampQuantity } from '@/domain/purchase-cap';
import type { DbOrTx } from '@/server/db';
import { loadOfferings, type Offering, type Shopper, userIdForCustomerToken } from './offerings';
import { type BasketLineRow, type BasketRow, basketLines, baskets } from './schema';

export interface ApplyOptions {
  /** Skip lines that cannot be bought instead of refusing the whole change (login merge). */
  skipUnavailable?: boolean;
}

/** The shopper a basket buys for: its VIP flag and the customer behind its token. */
export async function shopperOf(db: DbOrTx, basket: BasketRow): Promise<Shopper> {
  return { eligibleForVip: basket.eligibleForVip, userId: await userIdForCustomerToken(db, basket.customerToken) };
}

/** The checked values of one wanted line, or null when it is skipped. */
function checkedLine(product: BasketProductInput, offering: Offering | undefined, options: ApplyOptions) {
  const refuse = (error: BasketError) => {
    if (options.skipUnavailable) return null;
    throw error;
  };
  if (offering === undefined || (product.dealId !== undefined && product.dealId !== offering.deal.id)) {
    return refuse(new BasketError('unknownProduct'));
  }
  if (offering.unavailable !== null) return refuse(new BasketError(offering.unavailable));
  const options_ = offering.product.deliveryOptions;
  if (product.deliveryOptionType !== undefined && !options_.includes(product.deliveryOptionType)) {
    return refuse(new BasketError('deliveryOptionUnavailable'));
  }
  const { product: option } = offering;
  return {
    dealId: offering.deal.id,
    dealProductId: option.id,
    // spec 5: inside the product cap, deal cap, remaining-for-day and the user's max; per-person at least 2.
    quantity: clampQuantity(product.quantity, offering.bounds),
    // A travel option carries its own dates and nights; a caller's choice wins when given.
    checkInDate: product.checkInDate ?? option.checkInDate,
    checkOutDate: product.checkOutDate ?? option.checkOutDate,
    numberOfNights: product.numberOfNights ?? option.numberOfNights,
    departureAirport: product.departureAirport ?? null,
    giftClaim: product.giftClaim ?? false,
    // A deposit can only be paid on an option that takes one.
    payDeposit: (product.payDeposit ?? false) && option.hasDeposit,
  };
}

/** The basket's lines, oldest first. */
export async function linesOf(db: DbOrTx, basketId: string): Promise<BasketLineRow[]> {
  return db.select().from(basketLines).where(eq(basketLines.basketId, basketId)).orderBy(basketLines.id);
}

/**
 * spec 4 "Basket creation": merges wanted lines into the basket (matched by option: zero removes,
 * otherwise updated; new zero lines dropped). With `replace`, lines not mentioned are removed too.
 */
export async function applyLines(
  tx: DbOrTx,
  basket: BasketRow,
  wanted: readonly BasketProductInput[],
  options: ApplyOptions & { replace?: boolean } = {},
): Promise<void> {
  const current = await linesOf(tx, basket.id);
  const merge = mergeBasketLines(current, wanted);
  const toRemove = options.replace ? [...merge.remove, ...merge.keep] : merge.remove;
  const changing = [...merge.update.map((u) => u.next), ...merge.add];
  const offerings = await loadOfferings(
    tx,
    changing.map((line) => line.dealProductId),
    await shopperOf(tx, basket),
  );

  if (toRemove.length > 0) {
    await tx.delete(basketLines).where(
      inArray(
        basketLines.id,
        toRemove.map((line) => line.id),
      ),
    );
  }
  for (const { existing, next } of merge.update) {
    const line = checkedLine(next, offerings.get(next.dealProductId), options);
    if (line === null) continue;
    await tx
      .update(basketLines)
      .set({
        quantity: line.quantity,
        checkInDate: line.checkInDate,
        checkOutDate: line.checkOutDate,
        numberOfNights: line.numberOfNights,
        departureAirport: line.departureAirport,
        giftClaim: line.giftClaim,
        payDeposit: line.payDeposit,
        ...(next.gift === undefined ? {} : { gift: next.gift }),
        ...(next.deliveryOptionType === undefined ? {} : { deliveryOptionType: next.deliveryOptionType }),
      })
      .where(eq(basketLines.id, existing.id));
  }
  for (const next of merge.add) {
    const line = checkedLine(next, offerings.get(next.dealProductId), options);
    if (line === null) continue;
    const values = {
      ...line,
      gift: next.gift ?? false,
      deliveryOptionType: next.deliveryOptionType ?? 'none',
      purchaseLocation: next.purchaseLocation ?? null,
      purchaseUrl: next.purchaseUrl ?? null,
      purchaseGclid: next.purchaseGclid ?? null,
      sessionPurchaseSource: next.sessionPurchaseSource ?? null,
    };
    // Two tabs adding the same option at once: the second one updates the line the first made.
    await tx
      .insert(basketLines)
      .values({ basketId: basket.id, ...values })
      .onConflictDoUpdate({
        target: [basketLines.basketId, basketLines.dealProductId],
        set: {
          quantity: values.quantity,
          checkInDate: values.checkInDate,
          checkOutDate: values.checkOutDate,
          numberOfNights: values.numberOfNights,
          departureAirport: values.departureAirport,
          payDeposit: values.payDeposit,
        },
      });
  }
  await touch(tx, basket.id);
}

/** Marks the basket changed (the customer's latest basket is the most recently changed open one). */
export async function touch(tx: DbOrTx, basketId: string): Promise<void> {
  await tx.update(baskets).set({ updatedAt: sql`now()` }).where(eq(baskets.id, basketId));
}

/** One line of an open basket, or a lineNotFound refusal. */
export async function lineOf(tx: DbOrTx, basketId: string, lineId: number): Promise<BasketLineRow> {
  const [line] = await tx
    .select()
    .from(basketLines)
    .where(and(eq(basketLines.basketId, basketId), eq(basketLines.id, lineId)))
    .limit(1);
  if (!line) throw new BasketError('lineNotFound');
  return line;
}
