/**
 * spec 7 GET get/basket: by token, or by the signed-in customer's own customerToken (anyone
 * else's is a 403), with giftPacks=true and a timestamp. Answers the priced basket (contracts/basket).
 * By token only for the basket's owner (its customer, or the guest browser whose cookie names it):
 * a token is no key to another shopper's basket, so anyone else gets the 404 of an unknown token.
 */

import { GetBasketQuerySchema } from '@/contracts/basket';
import { isValidBasketToken } from '@/domain/basket';
import { BASKET_COPY } from '@/domain/basket-copy';
import { BasketError, Forbidden, NotFound } from '@/domain/errors';
import { retrieveCustomerBasket } from '@/server/basket';
import { getDb } from '@/server/db';
import { currentUser, endpoint, ownBasketToken, pricedBasketResponse } from '@/server/http';

export const GET = endpoint({
  who: 'anyone',
  input: GetBasketQuerySchema,
  area: 'basket',
  handler: async ({ input: { token, customerToken }, context }) => {
    if (token !== undefined) {
      if (!isValidBasketToken(token)) throw new BasketError('noBasketToken');
      return pricedBasketResponse(context, await ownBasketToken(context, token));
    }
    const user = await currentUser(context);
    if (user === null || user.customerToken !== customerToken) throw new Forbidden(BASKET_COPY.notYourCustomerToken);
    const { db } = await getDb();
    const basket = await retrieveCustomerBasket(db, user.customerToken);
    if (basket === null) throw new NotFound(BASKET_COPY.basketNotFound);
    return pricedBasketResponse(context, basket.id);
  },
});
