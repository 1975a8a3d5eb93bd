/**
 * spec 7 GET subscription (and the user subscription check, field valid): the shopper's VIP
 * subscription status (spec 3); a guest is NOT_CHECKED. Writes spec 4's subscription-validity cookie.
 */

import type { SubscriptionResponse } from '@/contracts/subscription';
import { getDb } from '@/server/db';
import { currentUser, endpoint, rememberSubscriptionValidity } from '@/server/http';
import { retrieveSubscription } from '@/server/subscriptions';

export const GET = endpoint({
  who: 'anyone',
  area: 'subscriptions',
  unexpected: 'Error on user subscription.',
  handler: async ({ context }): Promise<SubscriptionResponse> => {
    const user = await currentUser(context);
    if (user === null) {
      return { status: 'NOT_CHECKED', valid: false, renews: null, priceMinor: null, currentPeriodEnd: null };
    }
    const { db } = await getDb();
    const sub = await retrieveSubscription(db, user.id, new Date());
    rememberSubscriptionValidity(context, sub?.isValid === true);
    if (sub === null)
      return { status: 'ELIGIBLE', valid: false, renews: null, priceMinor: null, currentPeriodEnd: null };
    return {
      status: sub.status,
      valid: sub.isValid,
      renews: sub.renews,
      priceMinor: sub.priceMinor,
      currentPeriodEnd: sub.currentPeriodEnd.toISOString(),
    };
  },
});
