/** spec 7 GET /reward/details: the signed-in member's Loyalty status (spec 3) with their activity. */
import type { LoyaltyStatusResponse } from '@/contracts/loyalty';
import { getDb } from '@/server/db';
import { endpoint } from '@/server/http';
import { listLoyaltyActivity, retrieveLoyaltyStatus } from '@/server/loyalty';

export const GET = endpoint({
  who: 'customer',
  area: 'loyalty',
  handler: async ({ user }): Promise<LoyaltyStatusResponse> => {
    const { db } = await getDb();
    const [status, activity] = await Promise.all([
      retrieveLoyaltyStatus(db, user.id),
      listLoyaltyActivity(db, user.id),
    ]);
    return {
      ...status,
      loyaltyActivityDescriptions: activity.map((a) => ({
        description: a.description,
        points: a.points,
        date: a.at.toISOString(),
      })),
      playerActivityCount: activity.length,
    };
  },
});
