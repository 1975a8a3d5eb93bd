/**
 * A deal's rating as lists, cards and the JSON-LD show it (docs/decisions/046): the mean and count of
 * its published, verified reviews, kept on the deal so lists sort and show it without a join. The
 * reviews service works them out from its own rows and sets them here, in the transaction that
 * publishes or rejects a review.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '@/server/db';
import { deals } from './schema';

/** Sets a deal's rating: the average of its published reviews (null for none) and how many there are. */
export async function setDealRating(
  tx: Tx,
  dealId: number,
  rating: { average: number | null; count: number },
): Promise<void> {
  await tx
    .update(deals)
    .set({ reviewAverage: rating.count === 0 ? null : rating.average, reviewCount: rating.count })
    .where(eq(deals.id, dealId));
}
