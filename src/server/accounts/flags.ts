/** Account flags other services set through the accounts service (docs/decisions/037). */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db';
import { users } from './schema';

/**
 * spec 3 user isVip, set by the VIP subscription as it starts and lapses. Returns the account's
 * customer token (its baskets follow the flag), or null when there is no such account.
 */
export async function setVipFlag(tx: DbOrTx, userId: number, isVip: boolean): Promise<string | null> {
  const [user] = await tx
    .update(users)
    .set({ isVip, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ customerToken: users.customerToken });
  return user?.customerToken ?? null;
}
