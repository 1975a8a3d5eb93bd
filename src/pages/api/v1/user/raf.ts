/**
 * spec 7 "GET refer-a-friend status": the signed-in shopper's code, link, share and open counts,
 * friends referred and referral credit earned and pending (spec 1: up to 200 pounds).
 */
import { REFERRAL_MESSAGE } from '@/domain/credit';
import { retrieveReferralSummary } from '@/server/credit';
import { getDb } from '@/server/db';
import { endpoint } from '@/server/http';
import { publicOrigin } from '@/server/runtime';

export const GET = endpoint({
  who: 'customer',
  area: 'referral',
  handler: async ({ user }) => {
    const { db } = await getDb();
    const summary = await retrieveReferralSummary(db, user.id);
    return { ...summary, link: `${publicOrigin()}/refer-a-friend?raf=${summary.code}`, message: REFERRAL_MESSAGE };
  },
});
