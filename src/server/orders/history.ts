/**
 * What a customer has bought (docs/decisions/022 personal rails): the deals of their placed orders,
 * most recently bought first, for Buy again and for the categories Recommended for you starts from.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db';

/** Deal ids from the customer's placed orders, each once, most recently bought first. */
export async function listBoughtDealIds(db: Db, userId: number, limit = 200): Promise<number[]> {
  const result = await db.execute<{ deal_id: number }>(sql`
    select l.deal_id, max(o.created_at) as last_bought
    from orders o join order_lines l on l.order_id = o.id
    where o.user_id = ${userId} and o.status = 'placed'
    group by l.deal_id
    order by last_bought desc, l.deal_id desc
    limit ${limit}
  `);
  return result.rows.map((row) => Number(row.deal_id));
}

/**
 * spec 7 socialcue/deal: vouchers of this deal bought in placed orders since `since` (refunded
 * orders do not count).
 */
export async function countDealPurchasesSince(db: Db, dealId: number, since: Date): Promise<number> {
  const result = await db.execute<{ count: number | string | null }>(sql`
    select coalesce(sum(l.quantity), 0) as count
    from order_lines l join orders o on o.id = l.order_id
    where l.deal_id = ${dealId} and o.status = 'placed' and o.created_at >= ${since.toISOString()}
  `);
  return Number(result.rows[0]?.count ?? 0);
}
