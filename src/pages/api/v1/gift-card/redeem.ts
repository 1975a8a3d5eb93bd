/**
 * spec 7 /gift-card/redeem (decision 028): a gift card's value becomes the signed-in shopper's
 * wallet credit; refused when redeemed already or past its 6 months (spec 4).
 */
import { GiftCodeSchema } from '@/contracts/gifting';
import { getDb } from '@/server/db';
import { redeemGiftCard } from '@/server/gifting';
import { endpoint } from '@/server/http';

export const POST = endpoint({
  who: 'customer',
  input: GiftCodeSchema,
  area: 'gifting',
  handler: async ({ input, user }) => {
    const { db } = await getDb();
    return redeemGiftCard(db, { code: input.code, userId: user.id, now: new Date() });
  },
});
