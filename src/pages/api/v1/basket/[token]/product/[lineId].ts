/**
 * spec 7 PATCH a basket product (partial: quantity, giftWrap, giftPack, gift, gifting, payDeposit,
 * deliveryOptionType) and DELETE it. spec 5: removing needs a token and a product id, else
 * "args malformed"; a missing or invalid token is "No Basket Token".
 */

import { UpdateBasketLineSchema } from '@/contracts/basket';
import { BasketError } from '@/domain/errors';
import { removeBasketLine, updateBasketLine } from '@/server/basket';
import { getDb } from '@/server/db';
import { type BasketContext, endpoint, ownPathToken, pricedBasketResponse } from '@/server/http';

/** The path's line id; spec 8's "Args Malformed" (400) when it is not one. */
function lineIdOf(context: BasketContext): number {
  const raw = context.params.lineId ?? '';
  if (!/^\d{1,9}$/.test(raw)) throw new BasketError('argsMalformed');
  return Number(raw);
}

export const PATCH = endpoint({
  who: 'anyone',
  input: UpdateBasketLineSchema,
  area: 'basket',
  handler: async ({ input, context }) => {
    const token = await ownPathToken(context);
    const lineId = lineIdOf(context);
    const { db } = await getDb();
    await updateBasketLine(db, token, lineId, input);
    return pricedBasketResponse(context, token);
  },
});

export const DELETE = endpoint({
  who: 'anyone',
  area: 'basket',
  handler: async ({ context }) => {
    const token = await ownPathToken(context);
    const lineId = lineIdOf(context);
    const { db } = await getDb();
    await removeBasketLine(db, token, lineId);
    return pricedBasketResponse(context, token);
  },
});
