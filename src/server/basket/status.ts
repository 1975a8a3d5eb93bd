/**
 * A basket's state as other services change it, through the basket service (docs/decisions/037):
 * the order that took it, a one-off basket given up, VIP pricing following a subscription.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '@/server/db';
import { baskets } from './schema';

/**
 * Locks the basket for the rest of the caller's transaction; true when it is still open (an order
 * may take it), false when it is gone or already ordered.
 */
export async function lockOpenBasket(tx: Tx, token: string): Promise<boolean> {
  const locked = await tx.execute<{ status: string }>(sql`select status from baskets where id = ${token} for update`);
  return locked.rows[0]?.status === 'open';
}

/** The order transaction took this basket: it is closed, and the next purchase starts a new one. */
export async function markBasketOrdered(tx: Tx, token: string): Promise<void> {
  await tx.update(baskets).set({ status: 'ordered', updatedAt: sql`now()` }).where(eq(baskets.id, token));
}

/** Throws away a basket that is still open (a one-off basket whose purchase did not go ahead). */
export async function discardOpenBasket(db: Db, token: string): Promise<void> {
  await db.delete(baskets).where(and(eq(baskets.id, token), eq(baskets.status, 'open')));
}

/**
 * spec 3 basket eligibleForVip: VIP prices and VIP-exclusive options follow the customer's
 * subscription. `openOnly` leaves baskets already ordered as they were.
 */
export async function setBasketsVipEligibility(
  tx: DbOrTx,
  customerToken: string,
  eligibleForVip: boolean,
  options: { openOnly: boolean },
): Promise<void> {
  await tx
    .update(baskets)
    .set({ eligibleForVip })
    .where(
      options.openOnly
        ? and(eq(baskets.customerToken, customerToken), eq(baskets.status, 'open'))
        : eq(baskets.customerToken, customerToken),
    );
}
