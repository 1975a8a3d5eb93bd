/**
 * A basket's state as other services change it, through the basket service (docs/decisions/037):
 * the order that took it, a one-off basket given up, VIP pricing following a subscription.
 */
import { and, eq, sql } from 'drizzle-orm';
import { builtOnce, type Db, type DbOrTx, type Tx, UNNAMED } from '@/server/db';
import { baskets } from './schema';

/** The basket's take, built once per connection (docs/decisions/078, 080): every order sends it. */
const TAKE_OPEN = builtOnce((db: DbOrTx) =>
  db
    .update(baskets)
    .set({ status: 'ordered', updatedAt: sql`now()` })
    .where(and(eq(baskets.id, sql.placeholder('token')), eq(baskets.status, 'open')))
    .returning({ id: baskets.id })
    .prepare(UNNAMED),
);

/**
 * The order transaction takes this basket: marked ordered (the next purchase starts a new one) and
 * locked for the rest of the caller's transaction, in one statement. True when it was still open;
 * false when it is gone or another order took it first (that order's transaction is waited for).
 */
export async function takeOpenBasket(tx: Tx, token: string): Promise<boolean> {
  const taken = await TAKE_OPEN(tx).execute({ token });
  return taken.length > 0;
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
