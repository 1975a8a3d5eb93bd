/**
 * spec 7 POST /reward/bulkPublishEvents ("POST club engagement"): the browser's stored viewDeal and
 * shareDeal records in one call, for signed-in members only (spec 6); each counts once per deal a day.
 */
import { ClubEngagementSchema } from '@/contracts/loyalty';
import { getDb } from '@/server/db';
import { endpoint } from '@/server/http';
import { recordEngagement } from '@/server/loyalty';

export const POST = endpoint({
  who: 'customer',
  input: ClubEngagementSchema,
  area: 'loyalty',
  handler: async ({ input, user }) => {
    const { db } = await getDb();
    let pointsEarned = 0;
    for (const view of input.viewDeal) pointsEarned += await recordEngagement(db, user.id, 'viewDeal', view.dealId);
    for (const share of input.shareDeal) pointsEarned += await recordEngagement(db, user.id, 'shareDeal', share.dealId);
    return { pointsEarned };
  },
});
