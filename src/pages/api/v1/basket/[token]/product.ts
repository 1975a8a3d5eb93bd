/**
 * spec 7 POST a product to a basket (added, or the same option updated by spec 4's rules).
 * DELETE without a product id is spec 5's "args malformed".
 */
import type { APIRoute } from 'astro';
import { BasketProductInputSchema } from '../../../../../contracts/basket';
import { MESSAGES } from '../../../../../domain/messages';
import { addToBasket } from '../../../../../server/basket';
import { basketErrorResponse, ownPathToken, pricedBasketResponse, readJson } from '../../../../../server/basket/api';
import { getDb } from '../../../../../server/db';
import { apiError } from '../../../../../server/http/api';

export const POST: APIRoute = async (context) => {
  const token = await ownPathToken(context);
  if (!token.ok) return token.response;
  const body = await readJson(context.request, BasketProductInputSchema);
  if (!body.ok) return body.response;
  try {
    const { db } = await getDb();
    await addToBasket(db, token.value, body.value);
    return await pricedBasketResponse(context, token.value);
  } catch (error) {
    return basketErrorResponse(error);
  }
};

/** spec 5: removing a basket product needs a token and a product id. */
export const DELETE: APIRoute = () => apiError(400, MESSAGES.argsMalformed);
