/**
 * spec 7 POST a product to a basket (added, or the same option updated by spec 4's rules).
 * DELETE without a product id is spec 5's "args malformed".
 */

import { BasketProductInputSchema } from '@/contracts/basket';
import { BasketError } from '@/domain/errors';
import { addToBasket } from '@/server/basket';
import { getDb } from '@/server/db';
import { endpoint, ownPathToken, pricedBasketResponse, shownPriceOptions } from '@/server/http';

export const POST = endpoint({
  who: 'anyone',
  input: BasketProductInputSchema,
  area: 'basket',
  handler: async ({ input, context }) => {
    const token = await ownPathToken(context);
    const { db } = await getDb();
    await addToBasket(db, token, input, shownPriceOptions(context));
    return pricedBasketResponse(context, token);
  },
});

/** spec 5: removing a basket product needs a token and a product id. */
export const DELETE = endpoint({
  who: 'anyone',
  area: 'basket',
  handler: () => {
    throw new BasketError('argsMalformed');
  },
});
