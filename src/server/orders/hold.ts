/**
 * Hold stock before the card is authorised, so a buyer who loses the race for the last
 * units is refused before any money is held ("a rush of 200 on 50 voids none or almost none"). The
 * hold takes the units with the catalogue's conditional update (`takeStock`) in a short transaction of
 * its own and records them under the submit's idempotency key. The order transaction consumes the
 * hold; a decline or a failed order releases it; holds a crash left behind are released by the hourly
 * jobs once they expire. Written down in docs/decisions/026.
 */
import { eq, lte } from 'drizzle-orm';
import { OrderError } from '@/domain/errors';
import { returnStock, takeStock } from '@/server/catalog';
import type { Db, DbOrTx, Tx } from '@/server/db';
import type { OrderLineSource } from './lines';
import { stockHolds } from './schema';

/** How long a hold waits for its order (an authorisation takes seconds; a pay-later approval longer). */
export const STOCK_HOLD_SECONDS = 15 * 60;

/**
 * Holds the lines' units for this key (again: nothing more when it already holds them). Throws
 * OrderError('notEnoughLeft') and holds nothing when a line cannot be had.
 */
export async function holdStock(db: Db, key: string, lines: readonly OrderLineSource[], now: Date): Promise<void> {
  const wanted = new Map<number, { quantity: number; title: string }>();
  for (const line of lines) {
    const entry = wanted.get(line.dealProductId) ?? { quantity: 0, title: line.headline };
    entry.quantity += line.quantity;
    wanted.set(line.dealProductId, entry);
  }
  await db.transaction(async (tx) => {
    const held = await tx
      .select({ productId: stockHolds.productId })
      .from(stockHolds)
      .where(eq(stockHolds.idempotencyKey, key));
    if (held.length > 0) return;
    const stockDay = now.toISOString().slice(0, 10);
    const expiresAt = new Date(now.getTime() + STOCK_HOLD_SECONDS * 1000);
    // In product order, as the order transaction takes them, so two holds never wait on each other in a cycle.
    for (const [productId, { quantity, title }] of [...wanted].sort(([a], [b]) => a - b)) {
      const left = await takeStock(tx, productId, quantity, now);
      if (left !== null) throw new OrderError('notEnoughLeft', { title, available: left });
      await tx.insert(stockHolds).values({ idempotencyKey: key, productId, quantity, stockDay, expiresAt });
    }
  });
}

/** Gives held units back to stock (and to the day's allowance, when it is still that day). */
async function giveBack(tx: Tx, holds: { productId: number; quantity: number; stockDay: string }[]): Promise<void> {
  for (const hold of holds) await returnStock(tx, hold);
}

/** Releases this key's hold (a declined card, a failed order); releasing nothing is harmless. */
export async function releaseHold(db: Db, key: string): Promise<void> {
  await db.transaction(async (tx) => {
    const released = await tx.delete(stockHolds).where(eq(stockHolds.idempotencyKey, key)).returning();
    await giveBack(tx, released);
  });
}

/**
 * Inside the order transaction: the products this key holds, consumed (their units are the order's
 * now). Products whose hold expired and was released are taken again by the order as before.
 */
export async function consumeHold(tx: DbOrTx, key: string): Promise<Set<number>> {
  const consumed = await tx
    .delete(stockHolds)
    .where(eq(stockHolds.idempotencyKey, key))
    .returning({ productId: stockHolds.productId });
  return new Set(consumed.map((row) => row.productId));
}

/** The hourly jobs: releases holds past their expiry (their submit crashed or never finished). */
export async function releaseExpiredHolds(db: Db, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const released = await tx.delete(stockHolds).where(lte(stockHolds.expiresAt, now)).returning();
    await giveBack(tx, released);
    return released.length;
  });
}
