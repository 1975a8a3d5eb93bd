/** A merchant's name as shoppers read it (a dispatch email, a packing slip; docs/decisions/051). */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db';
import { merchants } from './schema';

/** The merchant's trading name, or null when there is no such merchant. */
export async function retrieveMerchantName(db: DbOrTx, merchantId: number): Promise<string | null> {
  const [row] = await db.select({ name: merchants.name }).from(merchants).where(eq(merchants.id, merchantId));
  return row?.name ?? null;
}
