/**
 * The deal page's actions (docs/decisions/030): "Buy now" and the sold-out sign-up, the latter both
 * from the island (`soldOutSignup`) and posted without JavaScript (`soldOutSignupForm`). The forms
 * post to the deal page itself (`?_action=`); the page answers each with a 303 (to /checkout, or back
 * to its own cached GET with the outcome in the query), so a POST response is never a page the route
 * cache could keep.
 */

import { defineAction } from 'astro:actions';
import { AddToBasketFormSchema, type BasketProductInput } from '@/contracts/basket';
import { SIGNED_UP_MESSAGE, SoldOutNotificationRequestSchema } from '@/contracts/deal-detail';
import { formInput } from '@/contracts/form';
import { BasketError, NotFound } from '@/domain/errors';
import { LOGGED } from '@/domain/logged-messages';
import { loadOfferings, retrieveBasket } from '@/server/basket';
import { addSoldOutNotification } from '@/server/catalog';
import { getDb } from '@/server/db';
import { addToRequestBasket, currentUser } from '@/server/http';
import { logError } from '@/server/log';
import { checkStayChoice } from '@/server/travel';
import { answer } from './answer';

/** spec 4: a sign-up to hear when a sold-out deal comes back; an unknown deal is a 404. */
async function signUpForSoldOut(dealId: number, email: string): Promise<{ created: boolean }> {
  const { db } = await getDb();
  const result = await addSoldOutNotification(db, dealId, email);
  if (result.kind === 'unknown-deal') throw new NotFound('No deal has this id.');
  return { created: result.kind === 'created' };
}

export const dealPageActions = {
  /**
   * "Buy now": adds the chosen option to the shopper's basket (a new one when there is none, or it
   * was ordered). A refusal (sold out, ended, ...) is an outcome the page words, not a failure.
   */
  addToBasket: defineAction({
    accept: 'form',
    input: formInput(AddToBasketFormSchema),
    handler: async (
      { dealId, productId, quantity, nights, checkInDate, departureAirport, payDeposit, gift },
      context,
    ) => {
      try {
        const { db } = await getDb();
        const user = await currentUser(context);
        // A dated stay needs a check-in with rooms on each night; a flight option an airport (docs/decisions/029).
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
          ...(gift ? { gift: true } : {}),
          purchaseUrl: `/deal/${dealId}`,
        };
        const token = await addToRequestBasket(context, db, { user, brand: context.locals.brand, product });
        // Bought as a gift from the calendar (decision 058): the line's gifting form comes next.
        const giftLineId = gift
          ? (await retrieveBasket(db, token))?.lines.find((line) => line.dealProductId === productId)?.id
          : undefined;
        return { dealId, added: true as const, refusal: null, ...(giftLineId === undefined ? {} : { giftLineId }) };
      } catch (error) {
        if (error instanceof BasketError) return { dealId, added: false as const, refusal: error.code };
        logError('basket', LOGGED.basketOperationFailed, error);
        return { dealId, added: false as const, refusal: 'error' };
      }
    },
  }),

  /** spec 4: sign up to hear when a sold-out deal comes back (the SoldOutSignup island). */
  soldOutSignup: defineAction({
    input: SoldOutNotificationRequestSchema,
    handler: ({ dealId, email }) =>
      answer('catalog', async () => {
        const { created } = await signUpForSoldOut(dealId, email);
        return { message: SIGNED_UP_MESSAGE, created };
      }),
  }),

  /** spec 4: the sold-out sign-up posted without JavaScript (the island calls soldOutSignup instead). */
  soldOutSignupForm: defineAction({
    accept: 'form',
    input: formInput(SoldOutNotificationRequestSchema),
    handler: ({ dealId, email }) =>
      answer('catalog', async () => {
        const { created } = await signUpForSoldOut(dealId, email);
        return { dealId, created };
      }),
  }),
};
