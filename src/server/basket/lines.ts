/**
 * Writing basket lines under spec 4's merge rules and spec 5's bounds. Every line that is added or
 * changed is checked against the catalogue now: unknown, ended, disabled, VIP-only or sold-out
 * options are refused (or skipped, when merging a guest basket at login), and quantities are
 * brought inside the option's bounds.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { BasketProductInput } from '@/contracts/basket';
import { mergeBasketLines } from '@/domain/basket';
import {
  type DynamicPriceVariant,
  isShownPriceHeld,
  type ShownPrice,
  shownPriceToKeep,
  variantUnitPrice,
} from '@/domain/dynamic-price';
import { BasketError } from '@/domain/errors';
import { clampQuantity } from '@/domain/purchase-cap';
import type { DbOrTx } from '@/server/db';
import { loadOfferings, type Offering, type Shopper, userIdForCustomerToken } from './offerings';
import { type BasketLineRow, type BasketRow, basketLines, baskets } from './schema';

export interface ApplyOptions {
  /** Skip lines that cannot be bought instead of refusing the whole change (login merge). */
  skipUnavailable?: boolean;
  /**
   * spec 4: the dynamic price variant the shopper was shown the options at (decision 058). Lines added
   * or changed keep the lower price it showed; absent: nothing is shown below the catalogue price.
   */
  dynamicPrice?: DynamicPriceVariant;
  /** Shown prices carried from another basket of the shopper's (the login merge), by option id. */
  carriedShownPrices?: ReadonlyMap<number, ShownPrice>;
}

/** The shown price a line keeps after this change (decision 058): never above the catalogue price. */
function shownPriceOf(
  offering: Offering,
  held: Pick<BasketLineRow, 'shownUnitPriceMinor' | 'shownPriceAt'> | null,
  options: ApplyOptions,
  now: Date,
) {
  const catalogue = offering.product.priceMinor;
  const variant = options.dynamicPrice;
  const shownNow = variant === undefined ? catalogue : variantUnitPrice(catalogue, variant, offering.product);
  const before =
    held?.shownUnitPriceMinor != null && held.shownPriceAt != null
      ? { unitPriceMinor: held.shownUnitPriceMinor, shownAt: held.shownPriceAt }
      : null;
  const carried = options.carriedShownPrices?.get(offering.product.id) ?? null;
  const kept = shownPriceToKeep(catalogue, shownNow, lowerHeld(before, carried, now), now);
  return { shownUnitPriceMinor: kept?.unitPriceMinor ?? null, shownPriceAt: kept?.shownAt ?? null };
}

/** The shopper a basket buys for: its VIP flag and the customer behind its token. */
export async function shopperOf(db: DbOrTx, basket: BasketRow): Promise<Shopper> {
  return { eligibleForVip: basket.eligibleForVip, userId: await userIdForCustomerToken(db, basket.customerToken) };
}

/** The lower of two shown prices that still hold, or whichever holds. */
function lowerHeld(a: ShownPrice | null, b: ShownPrice | null, now: Date): ShownPrice | null {
  const held = [a, b].filter((p): p is ShownPrice => p !== null && isShownPriceHeld(p, now));
  return held.sort((x, y) => x.unitPriceMinor - y.unitPriceMinor)[0] ?? null;
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
  const now = new Date();
  for (const { existing, next } of merge.update) {
    const offering = offerings.get(next.dealProductId);
    const line = checkedLine(next, offering, options);
    if (line === null || offering === undefined) continue;
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
        ...shownPriceOf(offering, existing, options, now),
        ...(next.gift === undefined ? {} : { gift: next.gift }),
        ...(next.deliveryOptionType === undefined ? {} : { deliveryOptionType: next.deliveryOptionType }),
      })
      .where(eq(basketLines.id, existing.id));
  }
  for (const next of merge.add) {
    const offering = offerings.get(next.dealProductId);
    const line = checkedLine(next, offering, options);
    if (line === null || offering === undefined) continue;
    const values = {
      ...line,
      ...shownPriceOf(offering, null, options, now),
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
          shownUnitPriceMinor: values.shownUnitPriceMinor,
          shownPriceAt: values.shownPriceAt,
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
