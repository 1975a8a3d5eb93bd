/**
 * spec 7 GET get/basket: by token, or by the signed-in customer's own customerToken (anyone
 * else's is a 403), with giftPacks=true and a timestamp. Answers the priced basket (contracts/basket).
 * Issue 14.3: by token only for the basket's owner (its customer, or the guest browser whose cookie
 * names it); anyone else gets the 404 of an unknown token.
 */
import type { APIRoute } from 'astro';
import { GetBasketQuerySchema } from '../../../../contracts/basket';
import { isValidBasketToken } from '../../../../domain/basket';
import { BASKET_COPY } from '../../../../domain/basket-copy';
import { MESSAGES } from '../../../../domain/messages';
import { currentUser } from '../../../../server/accounts/session';
import { retrieveCustomerBasket } from '../../../../server/basket';
import { basketErrorResponse, ownBasketToken, pricedBasketResponse } from '../../../../server/basket/api';
import { getDb } from '../../../../server/db';
import { apiError, parseQuery } from '../../../../server/http/api';

export const GET: APIRoute = async (context) => {
  const query = parseQuery(GetBasketQuerySchema, context.url.searchParams);
  if (!query.ok) return query.response;
  try {
    const { token, customerToken } = query.value;
    if (token !== undefined) {
      if (!isValidBasketToken(token)) return apiError(400, MESSAGES.noBasketToken);
      const own = await ownBasketToken(context, token);
      if (!own.ok) return own.response;
      return await pricedBasketResponse(context, own.value);
    }
    const user = await currentUser(context);
    if (user === null || user.customerToken !== customerToken) return apiError(403, BASKET_COPY.notYourCustomerToken);
    const { db } = await getDb();
    const basket = await retrieveCustomerBasket(db, user.customerToken);
    if (basket === null) return apiError(404, BASKET_COPY.basketNotFound);
    return await pricedBasketResponse(context, basket.id);
  } catch (error) {
    return basketErrorResponse(error);
  }
};
