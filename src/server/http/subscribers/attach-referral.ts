/**
 * At sign-in (refer a friend, docs/decisions/021): a friend who arrived through a referral link is
 * attached to the referrer before spec 4's login flow clears the referral cookie.
 */
import { IDENTITY_COOKIES } from '@/domain/cookies';
import { attachReferral } from '@/server/credit';
import { EVENTS } from '@/server/events';
import type { SignedIn } from '../sign-in-hooks';

export const config = { event: EVENTS.signedIn, subscriberId: 'referral' } as const;

export default async function attachArrivingReferral({ context, db, user }: SignedIn): Promise<void> {
  const referral = context.cookies.get(IDENTITY_COOKIES.referralCode)?.value;
  if (referral) await attachReferral(db, { code: referral, friendUserId: user.id });
}
