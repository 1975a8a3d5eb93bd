/**
 * What an order is made of, read inside the order transaction: each basket line with the
 * catalogue's current price, caps and stock, and how much of the deal the buyer already bought.
 * The browser's idea of the price never enters here (docs/decisions/012: priced from the database);
 * the price itself comes from the one pricing pipeline (src/domain/pricing.ts).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { chosenMethod, POSTAL_DELIVERY_TYPE, type ShippingMethod } from '@/domain/delivery';
import type { OrderLineCheck } from '@/domain/order-lines';
import { type PricingLine, pricingLineOf } from '@/domain/pricing';
import { remainingForDayOf } from '@/domain/purchase-cap';
import type { GiftDetails } from '@/server/basket/schema';
import { basketLines, baskets } from '@/server/basket/schema';
import { dealProductStock, dealProducts, deals } from '@/server/catalog/schema';
import { builtOnce, type DbOrTx, UNNAMED } from '@/server/db';
import { retrieveStayExtras } from '@/server/travel';
import { orders, purchaseCapHolds, stockHolds, userDealPurchases } from './schema';

export interface OrderLineSource extends OrderLineCheck {
  basketLineId: number;
  dealId: number;
  dealProductId: number;
  headline: string;
  productTitle: string;
  currency: 'GBP' | 'EUR';
  deliveryOptionType: string;
  gift: boolean;
  /** The line's gift wrap and pack quantities and its gift's details (e-gift recipient, pack address). */
  giftWrapQuantity: number;
  giftPackQuantity: number;
  giftDetails: GiftDetails | null;
  checkInDate: string | null;
  checkOutDate: string | null;
  /** The stay's nights and the departure airport chosen (its name; docs/decisions/029). */
  numberOfNights: number | null;
  departureAirport: string | null;
  /** The date is booked with the merchant after purchase, so the voucher starts Ready to Redeem. */
  bookingCalendarOnRedemption: boolean;
  isTravel: boolean;
  voucherValidityDays: number;
  maxPerUser: number | null;
  /** For promotion codes limited by category (docs/decisions/021). */
  categoryId: number;
  subCategoryId: number | null;
  /** The line as the pricing pipeline reads it (the basket reads it the same way). */
  pricing: PricingLine;
  /**
   * How the line ships when it is a posted product (docs/decisions/051): the method chosen (standard
   * unless next day is asked for and offered), the deal's dispatch promise and its merchant; null
   * for a line that does not ship.
   */
  shipping: { method: ShippingMethod; dispatchDays: number; merchantId: number } | null;
}

/** The basket's lines priced and capped from the catalogue, oldest line first. */
export async function loadOrderLines(
  db: DbOrTx,
  basketToken: string,
  userId: number | null,
  now: Date,
  /** The submit whose holds (stock, per-user allowance) count as still its own (the order transaction's). */
  heldFor?: string,
  /** Only while the basket is open (pricing before any money moves: a closed basket has no lines to buy). */
  openOnly = false,
): Promise<OrderLineSource[]> {
  return (await readOrderLines(db, basketToken, userId, now, heldFor, openOnly, null)).lines;
}

/**
 * The open basket's lines as pricing reads them (`loadOrderLines` with `openOnly`), and in the same
 * statement the order this submit's key placed already, if any (docs/decisions/072: the retry of a
 * submit whose order committed but never answered is found without a statement of its own). A basket
 * that was ordered has no open lines, so `placedOrderId` is null when `lines` is empty: the caller
 * then looks the key up itself.
 */
export async function loadOpenOrderLines(
  db: DbOrTx,
  basketToken: string,
  userId: number | null,
  now: Date,
  idempotencyKey: string,
): Promise<{ lines: OrderLineSource[]; placedOrderId: number | null }> {
  return readOrderLines(db, basketToken, userId, now, idempotencyKey, true, idempotencyKey);
}

/**
 * The basket's priced lines as one query per shape (open baskets only or not, with the placed-order
 * column or not), built once per connection (docs/decisions/078): building this join's SQL cost more
 * of this process's CPU than anything else an order sends. The values are placeholders: the basket,
 * the submit whose holds are its own ('' for none), the buyer (-1 for none) and the key looked up.
 */
const LINES_QUERIES = {
  open: { placed: buildLinesQuery(true, true), alone: buildLinesQuery(true, false) },
  any: { placed: buildLinesQuery(false, true), alone: buildLinesQuery(false, false) },
};

function buildLinesQuery(openOnly: boolean, withPlaced: boolean) {
  return builtOnce((db: DbOrTx) =>
    db
      .select({
        line: basketLines,
        eligibleForVip: baskets.eligibleForVip,
        deal: {
          headline: deals.headline,
          status: deals.status,
          closingDate: deals.closingDate,
          pricePerPerson: deals.pricePerPerson,
          purchaseCap: deals.purchaseCap,
          maxPerUser: deals.maxPerUser,
          isTravel: deals.isTravel,
          bookingCalendarOnRedemption: deals.bookingCalendarOnRedemption,
          voucherValidityDays: deals.voucherValidityDays,
          currency: deals.currency,
          categoryId: deals.categoryId,
          subCategoryId: deals.subCategoryId,
          merchantId: deals.merchantId,
          deliveryType: deals.deliveryType,
          dispatchDays: deals.dispatchDays,
        },
        product: {
          title: dealProducts.title,
          priceMinor: dealProducts.priceMinor,
          postagePriceMinor: dealProducts.postagePriceMinor,
          nextDayPostageMinor: dealProducts.nextDayPostageMinor,
          hasDeposit: dealProducts.hasDeposit,
          depositPriceMinor: dealProducts.depositPriceMinor,
          vipPriceMinor: dealProducts.vipPriceMinor,
          purchaseCap: dealProducts.purchaseCap,
          minPeople: dealProducts.minPeople,
          disabled: dealProducts.disabled,
          visibility: dealProducts.visibility,
          vipExclusive: dealProducts.vipExclusive,
        },
        stock: dealProductStock,
        held: stockHolds.quantity,
        bought: userDealPurchases.quantity,
        boughtHeld: purchaseCapHolds.quantity,
        placedOrderId: withPlaced
          ? sql<
              number | null
            >`(select ${orders.id} from ${orders} where ${orders.idempotencyKey} = ${sql.placeholder('placedUnder')})`
          : sql<number | null>`null::int`,
      })
      .from(basketLines)
      .innerJoin(baskets, eq(baskets.id, basketLines.basketId))
      .innerJoin(deals, eq(deals.id, basketLines.dealId))
      .innerJoin(dealProducts, eq(dealProducts.id, basketLines.dealProductId))
      .leftJoin(dealProductStock, eq(dealProductStock.productId, basketLines.dealProductId))
      .leftJoin(
        stockHolds,
        and(
          eq(stockHolds.productId, basketLines.dealProductId),
          eq(stockHolds.idempotencyKey, sql.placeholder('heldFor')),
        ),
      )
      .leftJoin(
        purchaseCapHolds,
        and(
          eq(purchaseCapHolds.dealId, basketLines.dealId),
          eq(purchaseCapHolds.idempotencyKey, sql.placeholder('heldFor')),
        ),
      )
      .leftJoin(
        userDealPurchases,
        and(eq(userDealPurchases.dealId, basketLines.dealId), eq(userDealPurchases.userId, sql.placeholder('userId'))),
      )
      .where(
        and(
          eq(basketLines.basketId, sql.placeholder('basketToken')),
          openOnly ? eq(baskets.status, 'open') : undefined,
        ),
      )
      .orderBy(asc(basketLines.id))
      .prepare(UNNAMED),
  );
}

async function readOrderLines(
  db: DbOrTx,
  basketToken: string,
  userId: number | null,
  now: Date,
  heldFor: string | undefined,
  openOnly: boolean,
  placedUnder: string | null,
): Promise<{ lines: OrderLineSource[]; placedOrderId: number | null }> {
  const rows = await LINES_QUERIES[openOnly ? 'open' : 'any'][placedUnder === null ? 'alone' : 'placed'](db).execute({
    basketToken,
    heldFor: heldFor ?? '',
    userId: userId ?? -1,
    placedUnder: placedUnder ?? '',
  });

  const extras = await retrieveStayExtras(
    db,
    rows.map(({ line }) => line),
  );
  const placedOrderId = rows[0]?.placedOrderId ?? null;
  const lines = rows.map(
    ({ line, eligibleForVip, deal, product, stock, held, bought, boughtHeld }): OrderLineSource => {
      const extra = extras.get(line.id);
      const currency = deal.currency === 'EUR' ? 'EUR' : 'GBP';
      // Units this submit holds are already out of stock, but they are its own.
      const remaining = remainingForDayOf(stock, now);
      return {
        basketLineId: line.id,
        dealId: line.dealId,
        dealProductId: line.dealProductId,
        headline: deal.headline,
        productTitle: product.title,
        currency,
        deliveryOptionType: line.deliveryOptionType,
        gift: line.gift,
        giftWrapQuantity: line.giftWrapQuantity,
        giftPackQuantity: line.giftPackQuantity,
        giftDetails: line.giftDetails,
        checkInDate: line.checkInDate,
        checkOutDate: line.checkOutDate,
        numberOfNights: line.numberOfNights,
        departureAirport: extra?.airportName ?? null,
        bookingCalendarOnRedemption: deal.bookingCalendarOnRedemption,
        isTravel: deal.isTravel,
        voucherValidityDays: deal.voucherValidityDays,
        maxPerUser: deal.maxPerUser,
        categoryId: deal.categoryId,
        subCategoryId: deal.subCategoryId,
        quantity: line.quantity,
        sale: {
          deal: { status: deal.status, closingDate: deal.closingDate },
          option: { disabled: product.disabled, visibility: product.visibility, vipExclusive: product.vipExclusive },
          shopper: { eligibleForVip },
          now,
        },
        pricePerPerson: deal.pricePerPerson,
        minPeople: product.minPeople,
        productCap: product.purchaseCap,
        dealCap: deal.purchaseCap,
        remainingForDay: remaining === null ? null : remaining + (held ?? 0),
        // What this submit holds of the buyer's allowance is counted in `bought` already, but it is its own.
        userRemaining:
          deal.maxPerUser === null || userId === null ? null : deal.maxPerUser - (bought ?? 0) + (boughtHeld ?? 0),
        shipping:
          deal.deliveryType === POSTAL_DELIVERY_TYPE
            ? {
                method: chosenMethod(line.shippingMethod, {
                  postagePriceMinor: product.postagePriceMinor,
                  nextDayPostageMinor: product.nextDayPostageMinor,
                }),
                dispatchDays: deal.dispatchDays,
                merchantId: deal.merchantId,
              }
            : null,
        // Every line of an order must be on sale (checked before pricing), so each one counts.
        pricing: pricingLineOf({
          line,
          option: product,
          deal,
          isOnSale: true,
          eligibleForVip,
          supplementMinor: extra?.supplementMinor ?? 0,
          now,
        }),
      };
    },
  );
  return { lines, placedOrderId: placedOrderId === null ? null : Number(placedOrderId) };
}
