/**
 * GET /api/v1/socialcue/deal?dealId= (spec 7 socialcue/deal; decision 022): how many vouchers of the
 * deal were bought in the last 24 hours, from real orders, and the cue to show ("N bought in the last
 * 24 hours", or null when none were). Cached for a minute.
 */
import { SocialCueQuerySchema } from '@/contracts/wishlist';
import { SOCIAL_CUE_WINDOW_HOURS, socialCueMessage } from '@/domain/social-cue';
import { getDb } from '@/server/db';
import { endpoint, json } from '@/server/http';
import { countDealPurchasesSince } from '@/server/orders';

export const GET = endpoint({
  who: 'anyone',
  input: SocialCueQuerySchema,
  area: 'orders',
  handler: async ({ input: { dealId } }) => {
    const { db } = await getDb();
    const since = new Date(Date.now() - SOCIAL_CUE_WINDOW_HOURS * 60 * 60 * 1000);
    const count = await countDealPurchasesSince(db, dealId, since);
    return json({ dealId, count, message: socialCueMessage(count) }, { cacheSeconds: 60 });
  },
});
