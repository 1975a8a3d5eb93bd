/**
 * VIP and the loyalty club (docs/decisions/027-vip-subscription-and-loyalty-club.md): join VIP (the
 * subscription deal goes into the shopper's basket and is paid at checkout; the order's event starts
 * the subscription), cancel its renewal (spec 2 My Subscriptions), and exchange points for wallet
 * credit (spec 5 Loyalty exchange).
 */

import { defineAction } from 'astro:actions';
import { z } from 'zod';
import { MESSAGES } from '@/domain/messages';
import { VIP_SUBSCRIPTION_DEAL_ID } from '@/domain/subscription';
import { getDb } from '@/server/db';
import { addToRequestBasket, requireSignedIn } from '@/server/http';
import { exchangePoints } from '@/server/loyalty';
import { paymentProviders } from '@/server/payments';
import { flushOutbox } from '@/server/runtime';
import { cancelRenewal, cancelVip } from '@/server/subscriptions';
import { answer } from './answer';

export const vipActions = {
  /** Join VIP: the subscription deal into the basket (once), then on to the checkout. */
  joinVip: defineAction({
    accept: 'form',
    input: z.object({}),
    handler: (_input, context) =>
      answer(
        'subscriptions',
        async () => {
          const user = await requireSignedIn(context);
          const { db } = await getDb();
          const product = {
            dealId: VIP_SUBSCRIPTION_DEAL_ID,
            dealProductId: VIP_SUBSCRIPTION_DEAL_ID,
            quantity: 1,
            purchaseUrl: '/myaccount/subscriptions',
          };
          await addToRequestBasket(context, db, { user, brand: context.locals.brand, product, unlessPresent: true });
          return { next: '/checkout?vipChecked=true' as const };
        },
        MESSAGES.subscriptionError,
      ),
  }),

  /** Cancel VIP's renewal: VIP stays until the paid period ends. */
  cancelVipRenewal: defineAction({
    accept: 'form',
    input: z.object({}),
    handler: (_input, context) =>
      answer(
        'subscriptions',
        async () => {
          const user = await requireSignedIn(context);
          const { db } = await getDb();
          const view = await cancelRenewal(db, user.id, new Date());
          return { until: view.currentPeriodEnd.toISOString() };
        },
        MESSAGES.subscriptionError,
      ),
  }),

  /**
   * Cancel VIP in one step from My Subscriptions (decision 047): within the cooling-off the unused
   * part is refunded and VIP ends now; outside it the renewal stops. A second submit changes nothing.
   * (The reminder email's link posts to /vip/cancel with its token instead; no sign-in there.)
   */
  cancelVip: defineAction({
    accept: 'form',
    input: z.object({}),
    handler: (_input, context) =>
      answer(
        'subscriptions',
        async () => {
          const user = await requireSignedIn(context);
          const { db } = await getDb();
          const outcome = await cancelVip(db, paymentProviders(), { userId: user.id, now: new Date() });
          if (outcome.kind !== 'alreadyCancelled') await flushOutbox();
          return outcome;
        },
        MESSAGES.subscriptionError,
      ),
  }),

  /** Points for wallet credit; the form's key makes a resubmit the same exchange. */
  exchangePoints: defineAction({
    accept: 'form',
    input: z.object({
      points: z.coerce.number({ message: 'Enter a number of points.' }),
      requestKey: z.string().trim().min(8).max(64),
    }),
    handler: ({ points, requestKey }, context) =>
      answer('loyalty', async () => {
        const user = await requireSignedIn(context);
        const { db } = await getDb();
        return exchangePoints(db, { userId: user.id, points, requestKey });
      }),
  }),
};
