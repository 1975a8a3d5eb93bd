/**
 * POST /api/internal/reviews/{id}/reject {reason}: an operator rejects a review, or takes a published
 * one down, with a reason the shopper sees on their voucher (docs/decisions/046). The deal's rating is
 * recomputed in the same transaction and its cached pages invalidated.
 */
import { ReviewRejectionSchema } from '@/contracts/reviews';
import { dealTag, LISTINGS_TAG } from '@/server/cache';
import { getDb } from '@/server/db';
import { endpoint } from '@/server/http';
import { rejectReview } from '@/server/reviews';

export const POST = endpoint({
  who: 'operator',
  input: ReviewRejectionSchema,
  invalid: 'firstField',
  area: 'operator',
  id: 'The review id must be a number.',
  handler: async ({ id, input, context: { cache } }) => {
    const { db } = await getDb();
    const done = await rejectReview(db, id, input.reason, new Date());
    if (cache.enabled) await cache.invalidate({ tags: [dealTag(done.dealId), LISTINGS_TAG] });
    return done;
  },
});
