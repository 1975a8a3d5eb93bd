/**
 * spec 7 POST subscription/apply-vip-discount: VIP prices on the member's baskets while their
 * subscription is valid (and off when it is not), so the basket and checkout show VIP prices.
 */
import { getDb } from '@/server/db';
import { endpoint } from '@/server/http';
import { applyVipDiscount } from '@/server/subscriptions';

export const POST = endpoint({
  who: 'customer',
  area: 'subscriptions',
  unexpected: 'Error on user subscription.',
  handler: async ({ user }) => {
    const { db } = await getDb();
    return applyVipDiscount(db, user.id, new Date());
  },
});
