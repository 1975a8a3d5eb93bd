/**
 * spec 7 basket by token: GET (the priced basket; where POST's Location points), PUT (replace:
 * the fields and exactly these products; spec 5: a replace needs products) and PATCH (the fields
 * given, products merged by spec 4's rules).
 */
import type { APIRoute } from 'astro';
import { PatchBasketSchema, ReplaceBasketSchema } from '../../../../contracts/basket';
import { patchBasket, replaceBasket } from '../../../../server/basket';
import {
  basketErrorResponse,
  ownedFields,
  ownPathToken,
  pricedBasketResponse,
  readJson,
} from '../../../../server/basket/api';
import { getDb } from '../../../../server/db';

export const GET: APIRoute = async (context) => {
  const token = await ownPathToken(context);
  if (!token.ok) return token.response;
  try {
    return await pricedBasketResponse(context, token.value);
  } catch (error) {
    return basketErrorResponse(error);
  }
};

export const PUT: APIRoute = async (context) => {
  const token = await ownPathToken(context);
  if (!token.ok) return token.response;
  const body = await readJson(context.request, ReplaceBasketSchema);
  if (!body.ok) return body.response;
  const owned = await ownedFields(context, body.value);
  if (!owned.ok) return owned.response;
  try {
    const { db } = await getDb();
    const { user: _user, ...fields } = owned.value;
    await replaceBasket(db, token.value, { brand: body.value.brand, ...fields, products: body.value.products });
    return await pricedBasketResponse(context, token.value);
  } catch (error) {
    return basketErrorResponse(error);
  }
};

export const PATCH: APIRoute = async (context) => {
  const token = await ownPathToken(context);
  if (!token.ok) return token.response;
  const body = await readJson(context.request, PatchBasketSchema);
  if (!body.ok) return body.response;
  const owned = await ownedFields(context, body.value);
  if (!owned.ok) return owned.response;
  try {
    const { db } = await getDb();
    const { user: _user, ...fields } = owned.value;
    await patchBasket(db, token.value, {
      ...(body.value.brand === undefined ? {} : { brand: body.value.brand }),
      ...fields,
      ...(body.value.products === undefined ? {} : { products: body.value.products }),
    });
    return await pricedBasketResponse(context, token.value);
  } catch (error) {
    return basketErrorResponse(error);
  }
};
