/** An order's status as other services change it, through the orders service (docs/decisions/037). */
import { eq } from 'drizzle-orm';
import type { Tx } from '@/server/db';
import { orders } from './schema';

/** spec 3 order status: every voucher of the order was refunded (the refund's transaction says so). */
export async function markOrderRefunded(tx: Tx, orderId: number): Promise<void> {
  await tx.update(orders).set({ status: 'refunded' }).where(eq(orders.id, orderId));
}
