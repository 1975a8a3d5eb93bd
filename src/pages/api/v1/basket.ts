/**
 * spec 7 POST basket: creates a basket from brand, customerToken, eligibleForVip and products
 * (spec 4 merge rules, spec 5 bounds). 201 with a Location header whose last path segment is the
 * token (spec 4), the priced basket as the body, and the token in the basket cookie.
 */

import { CreateBasketSchema } from '@/contracts/basket';
import { createBasket } from '@/server/basket';
import { getDb } from '@/server/db';
import { endpoint, ownedFields, pricedBasketResponse, shownPriceOptions } from '@/server/http';

export const POST = endpoint({
  who: 'anyone',
  input: CreateBasketSchema,
  area: 'basket',
  handler: async ({ input, context }) => {
    const owned = await ownedFields(context, input);
    const { db } = await getDb();
    const token = await createBasket(
      db,
      {
        brand: input.brand,
        customerToken: owned.customerToken ?? null,
        eligibleForVip: owned.eligibleForVip ?? false,
        products: input.products,
      },
      shownPriceOptions(context),
    );
    return pricedBasketResponse(context, token, { status: 201, location: true });
  },
});
