/**
 * spec 7 POST update-vip-status (the basket's VIP status, body vipStatus): VIP pricing on or off for
 * the member's open baskets, on only while their subscription is valid. Without a value: "args malformed".
 */
import { VipStatusRequestSchema } from '@/contracts/subscription';
import { getDb } from '@/server/db';
import { endpoint } from '@/server/http';
import { updateBasketVipStatus } from '@/server/subscriptions';

export const POST = endpoint({
  who: 'customer',
  input: VipStatusRequestSchema,
  invalid: 'firstField',
  area: 'subscriptions',
  handler: async ({ input, user }) => {
    const { db } = await getDb();
    return updateBasketVipStatus(db, user, input.vipStatus, new Date());
  },
});
