/** spec 7 POST /reward/shareDeal (body shareDeal): club engagement, points once per deal a day. */
import { ShareDealRequestSchema } from '@/contracts/loyalty';
import { getDb } from '@/server/db';
import { endpoint } from '@/server/http';
import { recordEngagement } from '@/server/loyalty';

export const POST = endpoint({
  who: 'customer',
  input: ShareDealRequestSchema,
  area: 'loyalty',
  handler: async ({ input, user }) => {
    const { db } = await getDb();
    return { pointsEarned: await recordEngagement(db, user.id, 'shareDeal', input.shareDeal.dealId) };
  },
});
