/**
 * spec 7 /deal/gift-redeem (decision 028): the signed-in recipient claims a gift with its code; the
 * vouchers move to their account. Once: a second claim is 409 "This gift has already been claimed."
 */
import { GiftCodeSchema } from '@/contracts/gifting';
import { getDb } from '@/server/db';
import { claimGift } from '@/server/gifting';
import { endpoint } from '@/server/http';

export const POST = endpoint({
  who: 'customer',
  input: GiftCodeSchema,
  area: 'gifting',
  handler: async ({ input, user }) => {
    const { db } = await getDb();
    return claimGift(db, { code: input.code, userId: user.id, now: new Date() });
  },
});
