/**
 * Helpers for the spec 7 basket endpoints (run inside the one boundary, ./endpoint.ts): the
 * caller's right to a basket (the customer's own, or the guest basket its cookie names), to a
 * customer token and to VIP prices, and the priced basket answer that also refreshes the basket
 * cookies. A refusal is thrown as one of the error family.
 */
import type { APIContext } from 'astro';
import { hasNul, NUL_MESSAGE } from '@/contracts/text';
import { isValidBasketToken } from '@/domain/basket';
import { BASKET_COPY } from '@/domain/basket-copy';
import { BasketError, Forbidden, Invalid } from '@/domain/errors';
import type { UserRow } from '@/server/accounts/schema';
import { mayUseBasket, retrieveBasket, retrievePricedBasket } from '@/server/basket';
import { getDb } from '@/server/db';
import { json } from './api';
import { readBasketToken, rememberBasket } from './basket-cookies';
import { currentUser } from './session';

export type BasketContext = Pick<APIContext, 'cookies' | 'url' | 'session' | 'request' | 'params'>;

/** The basket token of the path; spec 8's "No Basket Token" (400) when it is malformed. */
export function pathToken(context: BasketContext): string {
  const token = context.params.token;
  // A token with a NUL character names no basket (and cannot reach the database).
  if (!isValidBasketToken(token) || hasNul(token)) throw new BasketError('noBasketToken');
  return token;
}

/**
 * The token, when this request may use its basket (the customer's own, or the guest basket its
 * cookie names); otherwise the same 404 as an unknown token, so holding someone else's
 * token reveals nothing, not even that the basket exists.
 */
export async function ownBasketToken(context: BasketContext, token: string): Promise<string> {
  if (hasNul(token)) throw new Invalid(NUL_MESSAGE); // never reaches SQL
  const { db } = await getDb();
  const basket = await retrieveBasket(db, token);
  const user = basket === null ? null : await currentUser(context);
  if (basket === null || !mayUseBasket(basket, { cookieToken: readBasketToken(context.cookies), user })) {
    throw new BasketError('basketNotFound');
  }
  return token;
}

/** The path's basket token for its owner: spec 8's "No Basket Token" when malformed, else `ownBasketToken`. */
export async function ownPathToken(context: BasketContext): Promise<string> {
  return ownBasketToken(context, pathToken(context));
}

/**
 * The fields a caller may set on a basket: a customer token only their own (else a 403), and
 * eligibleForVip only when they are a signed-in VIP (spec 6), so VIP-only options stay VIP-only.
 */
export async function ownedFields(
  context: BasketContext,
  input: { customerToken?: string | null; eligibleForVip?: boolean },
): Promise<{ customerToken?: string | null; eligibleForVip?: boolean; user: UserRow | null }> {
  const user = await currentUser(context);
  if (input.customerToken && input.customerToken !== user?.customerToken) {
    throw new Forbidden(BASKET_COPY.notYourCustomerToken);
  }
  return {
    user,
    ...(input.customerToken === undefined ? {} : { customerToken: input.customerToken }),
    ...(input.eligibleForVip === undefined ? {} : { eligibleForVip: input.eligibleForVip && user?.isVip === true }),
  };
}

/** The priced basket as JSON (and the basket cookies refreshed); 404 when it is gone. */
export async function pricedBasketResponse(
  context: BasketContext,
  token: string,
  init: { status?: number; location?: boolean } = {},
): Promise<Response> {
  const { db } = await getDb();
  const user = await currentUser(context);
  const priced = await retrievePricedBasket(db, token, { userId: user?.id ?? null });
  if (priced === null) throw new BasketError('basketNotFound');
  rememberBasket(context, priced.id, priced.visibleQuantity);
  const response = json(priced, { status: init.status ?? 200 });
  // spec 4: the token is the last path segment of the Location header.
  if (init.location) response.headers.set('Location', `/api/v1/basket/${priced.id}`);
  return response;
}
