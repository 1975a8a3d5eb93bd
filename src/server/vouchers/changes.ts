/**
 * What other services change on a voucher, through the vouchers service (docs/decisions/037). A
 * status change is never here: it goes through the state machine (./transitions.ts).
 */
import { and, eq, gt, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '@/server/db';
import { type VoucherRow, vouchers } from './schema';

/**
 * A claimed gift's vouchers move to the person who claimed it (docs/decisions/028): every voucher of
 * the gifted order line, or one voucher sent from the voucher page, and that one only while its
 * sender still holds it Ready to Redeem and unexpired. Returns the ids that moved.
 */
export async function giveVouchers(
  tx: Tx,
  gift: { orderLineId: number } | { voucherId: number; fromUserId: number },
  toUserId: number,
  now: Date,
): Promise<number[]> {
  const which: SQL | undefined =
    'orderLineId' in gift
      ? eq(vouchers.orderLineId, gift.orderLineId)
      : and(
          eq(vouchers.id, gift.voucherId),
          eq(vouchers.userId, gift.fromUserId),
          eq(vouchers.status, 'ready'),
          gt(vouchers.expiresAt, now),
        );
  const moved = await tx
    .update(vouchers)
    .set({ userId: toUserId, statusChangedAt: now })
    .where(which)
    .returning({ id: vouchers.id });
  return moved.map((row) => row.id);
}

/** spec 4 voucher extension: a new expiry, and the months used so far. */
export async function extendVoucher(
  tx: Tx,
  voucher: Pick<VoucherRow, 'id' | 'extendedMonths'>,
  change: { months: number; expiresAt: Date },
): Promise<void> {
  await tx
    .update(vouchers)
    .set({ expiresAt: change.expiresAt, extendedMonths: voucher.extendedMonths + change.months })
    .where(eq(vouchers.id, voucher.id));
}

/** spec 4 refund protection bought for a voucher. */
export async function protectVoucher(tx: Tx, voucherId: number): Promise<void> {
  await tx.update(vouchers).set({ isProtected: true }).where(eq(vouchers.id, voucherId));
}

/** spec 4: the shopper agrees (or not) that an unused voucher becomes wallet credit at expiry. */
export async function setExpiryCreditConsent(
  db: Db,
  input: { voucherId: number; userId: number; consent: boolean },
): Promise<boolean> {
  const changed = await db
    .update(vouchers)
    .set({ expiryCreditConsent: input.consent })
    .where(and(eq(vouchers.id, input.voucherId), eq(vouchers.userId, input.userId)))
    .returning({ id: vouchers.id });
  return changed.length > 0;
}
