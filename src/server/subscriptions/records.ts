/** The subscription rows as the service's modules share them (not exported from the service). */
import { eq } from 'drizzle-orm';
import type { SubscriptionFacts } from '@/domain/subscription';
import { setVipFlag } from '@/server/accounts';
import { setBasketsVipEligibility } from '@/server/basket';
import type { DbOrTx } from '@/server/db';
import type { SubscriptionRow } from './schema';
import { subscriptions } from './schema';

/** A row as the domain rules read it. */
export function factsOf(row: SubscriptionRow): SubscriptionFacts {
  return { currentPeriodEnd: row.currentPeriodEnd, renews: row.renews, lapsed: row.lapsedAt !== null };
}

/** The member's subscription row, or null when they never had one. */
export async function findSubscription(db: DbOrTx, userId: number): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row ?? null;
}

/**
 * spec 7 update-vip-status: the user's VIP flag and their open baskets' eligibleForVip (spec 3
 * basket), so VIP prices and VIP-exclusive options follow the subscription.
 */
export async function setVipStatus(tx: DbOrTx, userId: number, isVip: boolean): Promise<void> {
  const customerToken = await setVipFlag(tx, userId, isVip);
  if (customerToken === null) return;
  await setBasketsVipEligibility(tx, customerToken, isVip, { openOnly: false });
}
