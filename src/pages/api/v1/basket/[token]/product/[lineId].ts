/**
 * spec 7 PATCH a basket product (partial: quantity, giftWrap, giftPack, gift, gifting, payDeposit,
 * deliveryOptionType) and DELETE it. spec 5: removing needs a token and a product id, else
 * "args malformed"; a missing or invalid token is "No Basket Token".
 */
import type { APIRoute } from 'astro';
import { UpdateBasketLineSchema } from '../../../../../../contracts/basket';
import { MESSAGES } from '../../../../../../domain/messages';
import { removeBasketLine, updateBasketLine } from '../../../../../../server/basket';
import {
  type BasketContext,
  basketErrorResponse,
  ownPathToken,
  pricedBasketResponse,
  readJson,
} from '../../../../../../server/basket/api';
import { getDb } from '../../../../../../server/db';
import { apiError } from '../../../../../../server/http/api';

function lineIdOf(context: BasketContext): number | null {
  const raw = context.params.lineId ?? '';
  return /^\d{1,9}$/.test(raw) ? Number(raw) : null;
}

export const PATCH: APIRoute = async (context) => {
  const token = await ownPathToken(context);
  if (!token.ok) return token.response;
  const lineId = lineIdOf(context);
  if (lineId === null) return apiError(400, MESSAGES.argsMalformed);
  const body = await readJson(context.request, UpdateBasketLineSchema);
  if (!body.ok) return body.response;
  try {
    const { db } = await getDb();
    await updateBasketLine(db, token.value, lineId, body.value);
    return await pricedBasketResponse(context, token.value);
  } catch (error) {
    return basketErrorResponse(error);
  }
};

export const DELETE: APIRoute = async (context) => {
  const token = await ownPathToken(context);
  if (!token.ok) return token.response;
  const lineId = lineIdOf(context);
  if (lineId === null) return apiError(400, MESSAGES.argsMalformed);
  try {
    const { db } = await getDb();
    await removeBasketLine(db, token.value, lineId);
    return await pricedBasketResponse(context, token.value);
  } catch (error) {
    return basketErrorResponse(error);
  }
};
