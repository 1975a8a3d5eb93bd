/**
 * A deal option's stock (spec 5: quantity remaining, the daily limit and its allowance, the sold
 * count) and a deal's bought count, changed only here (docs/decisions/037). The orders service takes
 * and gives back units inside its own transactions. Each decrement is one conditional UPDATE: it only
 * happens if enough is left, and PostgreSQL's row lock makes a concurrent buyer wait and then re-check
 * the condition against the new value, so concurrent buyers can never oversell (docs/decisions/012).
 */
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { remainingForDayOf } from '@/domain/purchase-cap';
import type { Db, DbOrTx, Tx } from '@/server/db';
import { refreshFromPrice } from './from-price';
import { dealProductStock, dealProducts } from './schema';

/**
 * The conditional UPDATE that takes `quantity` of a product from its stock and today's allowance (a
 * new day resets the allowance to the daily limit), returning `product_id, quantity_remaining` when
 * taken and no row when not. `unless` adds a condition under which nothing is taken. The orders
 * service runs it as the first part of one statement that also records its hold
 * (docs/decisions/063), so the catalogue still writes its own table's SQL; after it, call
 * `afterStockTaken` with what it returned.
 */
export function takeStockStatement(productId: number, quantity: number, now: Date, unless?: SQL): SQL {
  const today = now.toISOString().slice(0, 10);
  return sql`
    update deal_product_stock set
      quantity_remaining = case when quantity_remaining is null then null else quantity_remaining - ${quantity} end,
      remaining_for_day = case
        when daily_limit is null then remaining_for_day
        when stock_day = ${today}::date then remaining_for_day - ${quantity}
        else daily_limit - ${quantity} end,
      stock_day = case when daily_limit is null then stock_day else ${today}::date end,
      sold_count = sold_count + ${quantity},
      updated_at = now()
    where product_id = ${productId}
      and (quantity_remaining is null or quantity_remaining >= ${quantity})
      and (daily_limit is null
        or (case when stock_day = ${today}::date then coalesce(remaining_for_day, 0) else daily_limit end) >= ${quantity})
      ${unless === undefined ? sql`` : sql`and not (${unless})`}
    returning product_id, quantity_remaining
  `;
}

/** After units were taken: the last unit of an option went, so the deal's "from" price moves to an option still for sale. */
export async function afterStockTaken(tx: DbOrTx, productId: number, quantityRemaining: number | null): Promise<void> {
  if (quantityRemaining === 0) await refreshFromPriceOf(tx, productId);
}

/** How many of a product are left for sale now (after a take was refused); null when it has no stock row (unlimited). */
export async function stockLeft(db: DbOrTx, productId: number, now: Date): Promise<number | null> {
  const [stock] = await db.select().from(dealProductStock).where(eq(dealProductStock.productId, productId));
  return stock === undefined ? null : (remainingForDayOf(stock, now) ?? 0);
}

/**
 * Takes `quantity` of a product from its stock and today's allowance (a new day resets the
 * allowance to the daily limit). Returns null when taken (a product without a stock row is
 * unlimited), else how many are left now.
 */
export async function takeStock(tx: Tx, productId: number, quantity: number, now: Date): Promise<number | null> {
  const taken = await tx.execute<{ product_id: number; quantity_remaining: number | null }>(
    takeStockStatement(productId, quantity, now),
  );
  if (taken.rows.length > 0) {
    await afterStockTaken(tx, productId, taken.rows[0]?.quantity_remaining ?? null);
    return null;
  }
  return stockLeft(tx, productId, now);
}

/**
 * Gives units taken on `stockDay` back to stock, and to the day's allowance when it is still that
 * day (a released hold).
 */
export async function returnStock(
  tx: Tx,
  units: { productId: number; quantity: number; stockDay: string },
): Promise<void> {
  const back = await tx.execute<{ quantity_remaining: number | null }>(sql`
    update deal_product_stock set
      quantity_remaining = case when quantity_remaining is null then null else quantity_remaining + ${units.quantity} end,
      remaining_for_day = case
        when daily_limit is null or stock_day is distinct from ${units.stockDay}::date then remaining_for_day
        else remaining_for_day + ${units.quantity} end,
      sold_count = greatest(sold_count - ${units.quantity}, 0),
      updated_at = now()
    where product_id = ${units.productId}
    returning quantity_remaining
  `);
  // An option that was sold out is for sale again: it may be the deal's "from" price once more.
  if (back.rows[0]?.quantity_remaining === units.quantity) await refreshFromPriceOf(tx, units.productId);
}

/** Rewrites the "from" price of the deal an option belongs to. */
async function refreshFromPriceOf(tx: DbOrTx, productId: number): Promise<void> {
  const [option] = await tx
    .select({ dealId: dealProducts.dealId })
    .from(dealProducts)
    .where(eq(dealProducts.id, productId));
  if (option !== undefined) await refreshFromPrice(tx, option.dealId);
}

/** spec 3 deal boughtCount: an order's units of the deal, counted in the order's transaction. */
export async function countDealPurchase(tx: Tx, dealId: number, quantity: number): Promise<void> {
  await tx.execute(countDealPurchaseStatement(dealId, quantity));
}

/**
 * `countDealPurchase` as SQL, for the orders service to run as part of one statement with the
 * buyer's per-deal total (docs/decisions/072), so the catalogue still writes its own table's SQL.
 * `when` adds a condition under which the count is made.
 */
export function countDealPurchaseStatement(dealId: number, quantity: number, when?: SQL): SQL {
  return sql`
    update deals set bought_count = bought_count + ${quantity}
    where id = ${dealId}${when === undefined ? sql`` : sql` and (${when})`}`;
}

/** A deal's stock as it is now (docs/decisions/048: "Only N left" comes from here, never a cached page). */
export interface LiveDealStock {
  dealId: number;
  /** Units left across its options; null when any option is unlimited. */
  remaining: number | null;
  isSoldOut: boolean;
  products: { productId: number; remaining: number | null; isSoldOut: boolean }[];
}

/** The live stock of these deals' visible options, read now (the deal page's and the cards' short-lived fetch). */
export async function listLiveStock(db: Db, dealIds: readonly number[], now: Date): Promise<LiveDealStock[]> {
  if (dealIds.length === 0) return [];
  const rows = await db
    .select({
      dealId: dealProducts.dealId,
      productId: dealProducts.id,
      stock: dealProductStock,
    })
    .from(dealProducts)
    .leftJoin(dealProductStock, eq(dealProductStock.productId, dealProducts.id))
    .where(
      and(
        inArray(dealProducts.dealId, [...dealIds]),
        eq(dealProducts.visibility, 'visible'),
        eq(dealProducts.disabled, false),
      ),
    )
    .orderBy(asc(dealProducts.dealId), asc(dealProducts.sortOrder), asc(dealProducts.id));
  const byDeal = new Map<number, LiveDealStock>();
  for (const row of rows) {
    const remaining = row.stock?.quantityRemaining ?? null;
    const forDay = remainingForDayOf(row.stock ?? null, now);
    const product = {
      productId: row.productId,
      remaining: remaining === null ? null : Math.max(remaining, 0),
      isSoldOut: (remaining !== null && remaining <= 0) || (forDay !== null && forDay <= 0),
    };
    const deal = byDeal.get(row.dealId) ?? { dealId: row.dealId, remaining: 0, isSoldOut: true, products: [] };
    deal.products.push(product);
    deal.remaining = deal.remaining === null || product.remaining === null ? null : deal.remaining + product.remaining;
    deal.isSoldOut = deal.isSoldOut && product.isSoldOut;
    byDeal.set(row.dealId, deal);
  }
  return [...byDeal.values()];
}
