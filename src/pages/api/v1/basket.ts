/**
 * spec 7 POST basket: creates a basket from brand, customerToken, eligibleForVip and products
 * (spec 4 merge rules, spec 5 bounds). 201 with a Location header whose last path segment is the
 * token (spec 4), the priced basket as the body, and the token in the basket cookie.
 */
import type { APIRoute } from 'astro';
import { CreateBasketSchema } from '../../../contracts/basket';
import { createBasket } from '../../../server/basket';
import { basketErrorResponse, ownedFields, pricedBasketResponse, readJson } from '../../../server/basket/api';
import { getDb } from '../../../server/db';

export const POST: APIRoute = async (context) => {
  const body = await readJson(context.request, CreateBasketSchema);
  if (!body.ok) return body.response;
  const owned = await ownedFields(context, body.value);
  if (!owned.ok) return owned.response;
  try {
    const { db } = await getDb();
    const token = await createBasket(db, {
      brand: body.value.brand,
      customerToken: owned.value.customerToken ?? null,
      eligibleForVip: owned.value.eligibleForVip ?? false,
      products: body.value.products,
    });
    return await pricedBasketResponse(context, token, { status: 201, location: true });
  } catch (error) {
    return basketErrorResponse(error);
  }
};
