/**
 * The deal page's progressive forms as Astro Actions (issue 16.3): "Buy now" (issue 7) and, without
 * JavaScript, the sold-out sign-up (spec 4). Both post to the deal page itself (`?_action=`); the
 * page answers each with a 303 (to /checkout, or back to its own cached GET with the outcome in the
 * query), so a POST response is never a page the route cache could keep (decision 030).
 */

import { defineAction } from 'astro:actions';
import { AddToBasketFormSchema, type BasketProductInput } from '@/contracts/basket';
import { SoldOutNotificationRequestSchema } from '@/contracts/deal-detail';
import { formInput } from '@/contracts/form';
import { NotFound } from '@/domain/errors';
import { addToBasket, BasketError, createBasket, loadOfferings, retrievePricedBasket } from '@/server/basket';
import { addSoldOutNotification } from '@/server/catalog';
import { getDb } from '@/server/db';
import { basketTokenForRequest, currentUser, rememberBasket } from '@/server/http';
import { logError } from '@/server/log';
import { checkStayChoice } from '@/server/travel';
import { answer } from './answer';

export const dealPageActions = {
  /**
   * "Buy now": adds the chosen option to the shopper's basket (a new one when there is none, or it
   * was ordered). A refusal (sold out, ended, ...) is an outcome the page words, not a failure.
   */
  addToBasket: defineAction({
    accept: 'form',
    input: formInput(AddToBasketFormSchema),
    handler: async ({ dealId, productId, quantity, nights, checkInDate, departureAirport, payDeposit }, context) => {
      try {
        const { db } = await getDb();
        const user = await currentUser(context);
        // Issue 24: a dated stay needs a check-in with rooms on each night; a flight option an airport.
        const stay = await checkStayChoice(db, {
          productId,
          checkInDate,
          nights: nights ?? null,
          quantity,
          departureAirport,
          today: new Date().toISOString().slice(0, 10),
        });
        if (!stay.ok) {
          // The basket's own refusal (sold out, ended, VIP only, ...) says more than a missing date.
          const shopper = { eligibleForVip: user?.isVip ?? false, userId: user?.id ?? null };
          const offering = (await loadOfferings(db, [productId], shopper)).get(productId);
          return { dealId, added: false as const, refusal: offering?.unavailable ?? stay.problem };
        }
        const product: BasketProductInput = {
          dealId,
          dealProductId: productId,
          quantity,
          ...(stay.numberOfNights === null ? {} : { numberOfNights: stay.numberOfNights }),
          ...(stay.checkOutDate === null ? {} : { checkInDate, checkOutDate: stay.checkOutDate }),
          ...(departureAirport ? { departureAirport } : {}),
          payDeposit,
          purchaseUrl: `/deal/${dealId}`,
        };
        let token = await basketTokenForRequest(context, db, user);
        if (token !== null) {
          try {
            await addToBasket(db, token, product);
          } catch (error) {
            // Ordered (or gone) since the cookie was read: a new basket starts.
            if (!(error instanceof BasketError && error.code === 'basketNotFound')) throw error;
            token = null;
          }
        }
        token ??= await createBasket(db, {
          brand: context.locals.brand,
          customerToken: user?.customerToken ?? null,
          eligibleForVip: user?.isVip ?? false,
          products: [product],
        });
        const priced = await retrievePricedBasket(db, token, { userId: user?.id ?? null });
        rememberBasket(context, token, priced?.visibleQuantity ?? 0);
        return { dealId, added: true as const, refusal: null };
      } catch (error) {
        if (error instanceof BasketError) return { dealId, added: false as const, refusal: error.code };
        logError('basket', 'add from the deal page failed', error);
        return { dealId, added: false as const, refusal: 'error' };
      }
    },
  }),

  /** spec 4: the sold-out sign-up posted without JavaScript (the island calls soldOutSignup instead). */
  soldOutSignupForm: defineAction({
    accept: 'form',
    input: formInput(SoldOutNotificationRequestSchema),
    handler: ({ dealId, email }) =>
      answer('catalog', async () => {
        const { db } = await getDb();
        const result = await addSoldOutNotification(db, dealId, email);
        if (result.kind === 'unknown-deal') throw new NotFound('No deal has this id.');
        return { dealId, created: result.kind === 'created' };
      }),
  }),
};
