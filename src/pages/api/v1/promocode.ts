/**
 * spec 7 promocode: whether a promotion code applies to the shopper's basket now, as the checkout
 * shows it (spec 3 promoCode: applicable, message; spec 5 message classes), with what it takes off.
 * GET /api/v1/promocode?code=SAVE20 (the basket cookie, or token=, names the basket).
 */

import { z } from 'zod';
import { text } from '@/contracts/text';
import { PROMO_MESSAGES } from '@/domain/promotions';
import { retrieveBasketPricing } from '@/server/basket';
import { getDb } from '@/server/db';
import { basketTokenForRequest, currentUser, endpoint, ownBasketToken } from '@/server/http';

const PromoQuerySchema = z.object({ code: text().trim().min(1).max(40), token: text().max(200).optional() });

export const GET = endpoint({
  who: 'anyone',
  input: PromoQuerySchema,
  area: 'promotions',
  handler: async ({ input, context }) => {
    const { db } = await getDb();
    const user = await currentUser(context);
    if (input.token) await ownBasketToken(context, input.token);
    const token = input.token || (await basketTokenForRequest(context, db, user));
    const pricing =
      token === null
        ? null
        : await retrieveBasketPricing(db, token, { userId: user?.id, promoCode: input.code, now: new Date() });
    if (pricing === null || pricing.promo === undefined) {
      return { code: input.code, applicable: false, message: PROMO_MESSAGES.notApplicable, discount: 0 };
    }
    return {
      code: input.code,
      applicable: pricing.promo.ok,
      message: pricing.promo.message,
      discount: pricing.breakdown.promotion?.discountMinor ?? 0,
      currency: pricing.breakdown.currency,
    };
  },
});
