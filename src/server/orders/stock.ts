/**
 * Taking stock inside the order transaction (issue 7: "concurrent buyers can never oversell").
 * Each decrement is one conditional UPDATE: it only happens if enough is left, and PostgreSQL's
 * row lock makes a concurrent buyer wait and then re-check the condition against the new value.
 */
import { eq, sql } from 'drizzle-orm';
import type { PricedLineBreakdown } from '@/domain/pricing';
import { remainingForDayOf } from '@/domain/purchase-cap';
import { balanceDueDate, roomsFor } from '@/domain/stays';
import { dealProductStock } from '@/server/catalog/schema';
import type { Tx } from '@/server/db';
import { takeNightStock } from '@/server/travel';
import type { OrderLineSource } from './lines';

/**
 * Takes `quantity` of a product from its stock and today's allowance (a new day resets the
 * allowance to the daily limit). Returns null when taken (a product without a stock row is
 * unlimited), else how many are left now.
 */
export async function takeStock(tx: Tx, productId: number, quantity: number, now: Date): Promise<number | null> {
  const today = now.toISOString().slice(0, 10);
  const taken = await tx.execute<{ product_id: number }>(sql`
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
    returning product_id
  `);
  if (taken.rows.length > 0) return null;
  const [stock] = await tx.select().from(dealProductStock).where(eq(dealProductStock.productId, productId));
  return stock === undefined ? null : (remainingForDayOf(stock, now) ?? 0);
}

/**
 * spec 5 per-user maximum: adds to what this account has bought of the deal, only if it stays
 * within `maxPerUser` (null: no limit, still recorded). Returns false when it would go over.
 */
export async function recordUserPurchase(
  tx: Tx,
  purchase: { userId: number; dealId: number; quantity: number; maxPerUser: number | null },
): Promise<boolean> {
  const { userId, dealId, quantity, maxPerUser } = purchase;
  if (maxPerUser !== null && quantity > maxPerUser) return false;
  const limit = maxPerUser ?? 2_147_483_647;
  const result = await tx.execute<{ quantity: number }>(sql`
    insert into user_deal_purchases (user_id, deal_id, quantity) values (${userId}, ${dealId}, ${quantity})
    on conflict (user_id, deal_id) do update set quantity = user_deal_purchases.quantity + excluded.quantity
    where user_deal_purchases.quantity + excluded.quantity <= ${limit}
    returning quantity
  `);
  return result.rows.length > 0;
}

/**
 * Issue 24: a line with a check-in date and nights on an option sold by date takes `roomsFor` rooms
 * from each night (the travel service's conditional UPDATE). True when taken or not a dated stay.
 */
export async function takeStayNights(tx: Tx, line: OrderLineSource): Promise<boolean> {
  if (line.checkInDate === null || line.numberOfNights === null) return true;
  return takeNightStock(tx, {
    productId: line.dealProductId,
    checkInDate: line.checkInDate,
    nights: line.numberOfNights,
    rooms: roomsFor(line.quantity, line.pricePerPerson),
  });
}

/** What an order line keeps of the stay: nights, airport, and a deposit's balance and its due date. */
export function stayFieldsOf(line: OrderLineSource, priced: PricedLineBreakdown, now: Date) {
  const balanceDueMinor = priced.paysDeposit ? Math.max(0, priced.listPriceMinor - priced.priceMinor) : null;
  return {
    numberOfNights: line.numberOfNights,
    departureAirport: line.departureAirport,
    balanceDueMinor,
    balanceDueDate: balanceDueMinor === null ? null : balanceDueDate(now.toISOString().slice(0, 10), line.checkInDate),
  };
}
