/**
 * What an order takes inside its transaction besides the catalogue's stock (catalog's `takeStock`):
 * the buyer's spec 5 per-user total and a dated stay's nights. Each is one conditional write, so
 * concurrent buyers can never go over a limit (docs/decisions/012). The per-user total is taken by
 * the hold before the card is authorised, and given back when the hold is released (docs/decisions/044).
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PricedLineBreakdown } from '@/domain/pricing';
import { balanceDueDate, roomsFor } from '@/domain/stays';
import type { Tx } from '@/server/db';
import { takeNightStock } from '@/server/travel';
import type { OrderLineSource } from './lines';
import { userDealPurchases } from './schema';

/**
 * spec 5 per-user maximum: adds to what this account has bought of the deal, only if it stays
 * within `maxPerUser` (null: no limit, still recorded). Returns false when it would go over.
 */
export async function recordUserPurchase(
  tx: Tx,
  purchase: { userId: number; dealId: number; quantity: number; maxPerUser: number | null },
  /**
   * A write to make in the same statement only when the purchase was recorded, given the condition
   * that says so (the order counts the deal's bought units this way, docs/decisions/072).
   */
  then?: (recorded: SQL) => SQL,
): Promise<boolean> {
  const { userId, dealId, quantity, maxPerUser } = purchase;
  if (maxPerUser !== null && quantity > maxPerUser) return false;
  const limit = maxPerUser ?? 2_147_483_647;
  const upsert = sql`
    insert into user_deal_purchases (user_id, deal_id, quantity) values (${userId}, ${dealId}, ${quantity})
    on conflict (user_id, deal_id) do update set quantity = user_deal_purchases.quantity + excluded.quantity
    where user_deal_purchases.quantity + excluded.quantity <= ${limit}
    returning quantity`;
  if (then === undefined) return (await tx.execute<{ quantity: number }>(upsert)).rows.length > 0;
  // The upsert first (the main query reads it), then the write that depends on it: the same lock order
  // as two statements.
  const result = await tx.execute<{ recorded: number }>(sql`
    with recorded as (${upsert}),
    followed as (${then(sql`exists (select 1 from recorded)`)})
    select count(*)::int as recorded from recorded
  `);
  return Number(result.rows[0]?.recorded ?? 0) > 0;
}

/** Takes a released hold's units off what this account has bought of the deal (never below none). */
export async function returnUserPurchase(
  tx: Tx,
  purchase: { userId: number; dealId: number; quantity: number },
): Promise<void> {
  await tx
    .update(userDealPurchases)
    .set({ quantity: sql`greatest(0, ${userDealPurchases.quantity} - ${purchase.quantity})` })
    .where(and(eq(userDealPurchases.userId, purchase.userId), eq(userDealPurchases.dealId, purchase.dealId)));
}

/**
 * A line with a check-in date and nights on an option sold by date takes `roomsFor` rooms
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
