/**
 * spec 7 POST subscription/cancel (spec 2 Cancel Renewal): VIP stays until the paid period ends;
 * without a subscription, 404 "No subscription found".
 */
import type { SubscriptionResponse } from '@/contracts/subscription';
import { getDb } from '@/server/db';
import { endpoint } from '@/server/http';
import { cancelRenewal } from '@/server/subscriptions';

export const POST = endpoint({
  who: 'customer',
  area: 'subscriptions',
  unexpected: 'Error on user subscription.',
  handler: async ({ user }): Promise<SubscriptionResponse> => {
    const { db } = await getDb();
    const sub = await cancelRenewal(db, user.id, new Date());
    return {
      status: sub.status,
      valid: sub.isValid,
      renews: sub.renews,
      priceMinor: sub.priceMinor,
      currentPeriodEnd: sub.currentPeriodEnd.toISOString(),
    };
  },
});
