/**
 * Helpers for the spec 7 basket endpoints: JSON bodies through zod, BasketError to
 * `{ message, status }`, the caller's right to a basket (issue 14.3), to a customer token and to
 * VIP prices, and the priced basket answer that also refreshes the basket cookies.
 */
import type { APIContext } from 'astro';
import type { z } from 'zod';
import { hasNul, NUL_MESSAGE } from '../../contracts/text';
import { isValidBasketToken } from '../../domain/basket';
import { BASKET_COPY } from '../../domain/basket-copy';
import { MESSAGES } from '../../domain/messages';
import { currentUser } from '../accounts/session';
import { getDb } from '../db';
import type { UserRow } from '../db/schema';
import { apiError, describeIssues, json, readRequestBody } from '../http/api';
import { logError } from '../log';
import { mayUseBasket, readBasketToken, rememberBasket } from './cookies';
import { BasketError, describeBasketError } from './errors';
import { retrieveBasket, retrievePricedBasket } from './index';

export type BasketContext = Pick<APIContext, 'cookies' | 'url' | 'session' | 'request' | 'params'>;
type Parsed<T> = { ok: true; value: T } | { ok: false; response: Response };

/** A JSON body read through a schema; bad JSON or a failed check is a 400 saying what was wrong. */
export async function readJson<S extends z.ZodType>(request: Request, schema: S): Promise<Parsed<z.output<S>>> {
  const body = await readRequestBody(request);
  if (!body.ok) return body;
  const result = schema.safeParse(body.value);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, response: apiError(400, describeIssues(result.error)) };
}

/** The basket token of the path, or spec 8's "No Basket Token" as a 400. */
export function pathToken(context: BasketContext): Parsed<string> {
  const token = context.params.token;
  // issue 14.8: a token with a NUL character names no basket (and cannot reach the database).
  if (!isValidBasketToken(token) || hasNul(token))
    return { ok: false, response: apiError(400, MESSAGES.noBasketToken) };
  return { ok: true, value: token };
}

/**
 * The token, when this request may use its basket (issue 14.3: the customer's own, or the guest
 * basket its cookie names); otherwise the same 404 as an unknown token, so holding someone else's
 * token reveals nothing, not even that the basket exists.
 */
export async function ownBasketToken(context: BasketContext, token: string): Promise<Parsed<string>> {
  if (hasNul(token)) return { ok: false, response: apiError(400, NUL_MESSAGE) }; // issue 14.8: never reaches SQL
  try {
    const { db } = await getDb();
    const basket = await retrieveBasket(db, token);
    const user = basket === null ? null : await currentUser(context);
    if (basket === null || !mayUseBasket(basket, { cookieToken: readBasketToken(context.cookies), user })) {
      return { ok: false, response: basketErrorResponse(new BasketError('basketNotFound')) };
    }
    return { ok: true, value: token };
  } catch (error) {
    return { ok: false, response: basketErrorResponse(error) };
  }
}

/** The path's basket token for its owner: spec 8's "No Basket Token" when malformed, else `ownBasketToken`. */
export async function ownPathToken(context: BasketContext): Promise<Parsed<string>> {
  const token = pathToken(context);
  return token.ok ? ownBasketToken(context, token.value) : token;
}

/** A basket failure as its JSON error; anything else is logged and answered with spec 8's generic message. */
export function basketErrorResponse(error: unknown): Response {
  if (error instanceof BasketError) {
    const { status, message } = describeBasketError(error);
    return apiError(status, message);
  }
  logError('basket', 'request failed', error);
  return apiError(503, MESSAGES.somethingWentWrong);
}

/**
 * The fields a caller may set on a basket: a customer token only their own (else a 403), and
 * eligibleForVip only when they are a signed-in VIP (spec 6), so VIP-only options stay VIP-only.
 */
export async function ownedFields(
  context: BasketContext,
  input: { customerToken?: string | null; eligibleForVip?: boolean },
): Promise<Parsed<{ customerToken?: string | null; eligibleForVip?: boolean; user: UserRow | null }>> {
  const user = await currentUser(context);
  if (input.customerToken && input.customerToken !== user?.customerToken) {
    return { ok: false, response: apiError(403, BASKET_COPY.notYourCustomerToken) };
  }
  return {
    ok: true,
    value: {
      user,
      ...(input.customerToken === undefined ? {} : { customerToken: input.customerToken }),
      ...(input.eligibleForVip === undefined ? {} : { eligibleForVip: input.eligibleForVip && user?.isVip === true }),
    },
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
  if (priced === null) return basketErrorResponse(new BasketError('basketNotFound'));
  rememberBasket(context, priced.id, priced.visibleQuantity);
  const response = json(priced, { status: init.status ?? 200 });
  // spec 4: the token is the last path segment of the Location header.
  if (init.location) response.headers.set('Location', `/api/v1/basket/${priced.id}`);
  return response;
}
