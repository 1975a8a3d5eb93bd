/**
 * spec 7 basket by token: GET (the priced basket; where POST's Location points), PUT (replace:
 * the fields and exactly these products; spec 5: a replace needs products) and PATCH (the fields
 * given, products merged by spec 4's rules).
 */

import { PatchBasketSchema, ReplaceBasketSchema } from '@/contracts/basket';
import { patchBasket, replaceBasket } from '@/server/basket';
import { getDb } from '@/server/db';
import { endpoint, ownedFields, ownPathToken, pricedBasketResponse } from '@/server/http';

export const GET = endpoint({
  who: 'anyone',
  area: 'basket',
  handler: async ({ context }) => pricedBasketResponse(context, await ownPathToken(context)),
});

export const PUT = endpoint({
  who: 'anyone',
  input: ReplaceBasketSchema,
  area: 'basket',
  handler: async ({ input, context }) => {
    const token = await ownPathToken(context);
    const { user: _user, ...fields } = await ownedFields(context, input);
    const { db } = await getDb();
    await replaceBasket(db, token, { brand: input.brand, ...fields, products: input.products });
    return pricedBasketResponse(context, token);
  },
});

export const PATCH = endpoint({
  who: 'anyone',
  input: PatchBasketSchema,
  area: 'basket',
  handler: async ({ input, context }) => {
    const token = await ownPathToken(context);
    const { user: _user, ...fields } = await ownedFields(context, input);
    const { db } = await getDb();
    await patchBasket(db, token, {
      ...(input.brand === undefined ? {} : { brand: input.brand }),
      ...fields,
      ...(input.products === undefined ? {} : { products: input.products }),
    });
    return pricedBasketResponse(context, token);
  },
});
