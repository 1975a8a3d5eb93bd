/** spec 7 POST /reward/viewDeal (body viewDeal): club engagement, points once per deal a day. */
import { ViewDealRequestSchema } from '@/contracts/loyalty';
import { getDb } from '@/server/db';
import { endpoint } from '@/server/http';
import { recordEngagement } from '@/server/loyalty';

export const POST = endpoint({
  who: 'customer',
  input: ViewDealRequestSchema,
  area: 'loyalty',
  handler: async ({ input, user }) => {
    const { db } = await getDb();
    return { pointsEarned: await recordEngagement(db, user.id, 'viewDeal', input.viewDeal.dealId) };
  },
});
