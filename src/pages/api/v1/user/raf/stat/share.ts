/**
 * spec 7 user/raf/stat/share: the signed-in shopper shared their refer-a-friend link
 * (decision 021); the share buttons post the channel (email, whatsapp, facebook, x, copy).
 */
import { z } from 'zod';
import { recordReferralEvent } from '@/server/credit';
import { getDb } from '@/server/db';
import { endpoint } from '@/server/http';

export const ShareSchema = z.object({ channel: z.enum(['email', 'whatsapp', 'facebook', 'x', 'copy', 'native']) });

export const POST = endpoint({
  who: 'customer',
  input: ShareSchema,
  area: 'referral',
  handler: async ({ input, user }) => {
    const { db } = await getDb();
    await recordReferralEvent(db, { kind: 'share', channel: input.channel, userId: user.id });
    return { recorded: true };
  },
});
