/**
 * A gift whose voucher's merchant closed (docs/decisions/045). The voucher is refunded to the buyer
 * (the merchant can no longer honour it, so the gift is worth nothing to the friend), and the gift
 * still waiting to be claimed is cancelled in the same transaction: its code no longer claims.
 */
import { and, eq, isNull, or } from 'drizzle-orm';
import type { Tx } from '@/server/db';
import { gifts } from './schema';

/**
 * Cancels the unclaimed gift of this voucher: one sent from the voucher page, or the e-gift of its
 * checkout line (every voucher of a line is the same deal, so all are refunded together). Answers
 * whether one was cancelled.
 */
export async function cancelGiftsForClosure(
  tx: Tx,
  voucher: { id: number; orderLineId: number; userId: number },
  now: Date,
): Promise<boolean> {
  const cancelled = await tx
    .update(gifts)
    .set({ cancelledAt: now })
    .where(
      and(
        isNull(gifts.claimedAt),
        isNull(gifts.cancelledAt),
        or(
          eq(gifts.voucherId, voucher.id),
          and(
            isNull(gifts.voucherId),
            eq(gifts.orderLineId, voucher.orderLineId),
            eq(gifts.senderUserId, voucher.userId),
          ),
        ),
      ),
    )
    .returning({ id: gifts.id });
  return cancelled.length > 0;
}
