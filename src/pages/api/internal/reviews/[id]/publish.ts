/**
 * POST /api/internal/reviews/{id}/publish: an operator publishes a pending review (docs/decisions/046).
 * The deal's rating is recomputed in the same transaction, and the cached pages that show it
 * (the deal page, the listings with its card) are invalidated.
 */
import { dealTag, LISTINGS_TAG } from '@/server/cache';
import { getDb } from '@/server/db';
import { endpoint } from '@/server/http';
import { publishReview } from '@/server/reviews';

export const POST = endpoint({
  who: 'operator',
  area: 'operator',
  id: 'The review id must be a number.',
  handler: async ({ id, context: { cache } }) => {
    const { db } = await getDb();
    const done = await publishReview(db, id, new Date());
    if (cache.enabled) await cache.invalidate({ tags: [dealTag(done.dealId), LISTINGS_TAG] });
    return done;
  },
});
