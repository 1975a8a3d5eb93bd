/**
 * The basket's cookies (spec 9, spec 4 "Basket creation"): the token cookie, one week, Secure
 * (outside local http), HttpOnly, SameSite Lax, path /; and a readable count cookie the header
 * island shows without a request (docs/decisions/014). spec 5: tokens of 10 characters or fewer
 * are never stored.
 */
import type { APIContext, AstroCookies } from 'astro';
import { BASKET_QTY_COOKIE, BASKET_TOKEN_COOKIE, isValidBasketToken } from '@/domain/basket';
import { isSecureCookieContext } from '@/domain/cookies';
import type { UserRow } from '@/server/accounts/schema';
import { mayUseBasket, retrieveBasket, retrieveCustomerBasket } from '@/server/basket';
import type { Db } from '@/server/db';

/** spec 9: the basket token cookie lives 604800 s (7 days). */
export const BASKET_COOKIE_SECONDS = 604_800;

type CookieContext = Pick<APIContext, 'cookies' | 'url'>;

/** The basket token in the request's cookie, when it is a valid one (spec 5). */
export function readBasketToken(cookies: AstroCookies): string | null {
  const token = cookies.get(BASKET_TOKEN_COOKIE)?.value;
  return isValidBasketToken(token) ? token : null;
}

/** Remembers the basket and its visible quantity; a token of 10 characters or fewer is not stored (spec 5). */
export function rememberBasket(context: CookieContext, token: string, visibleQuantity: number): void {
  if (!isValidBasketToken(token)) return;
  const secure = isSecureCookieContext(context.url);
  const common = { path: '/', maxAge: BASKET_COOKIE_SECONDS, sameSite: 'lax' as const, secure };
  context.cookies.set(BASKET_TOKEN_COOKIE, token, { ...common, httpOnly: true });
  context.cookies.set(BASKET_QTY_COOKIE, String(Math.max(0, Math.floor(visibleQuantity))), {
    ...common,
    httpOnly: false,
  });
}

/** Forgets the basket (both cookies). */
export function forgetBasket(context: CookieContext): void {
  context.cookies.delete(BASKET_TOKEN_COOKIE, { path: '/' });
  context.cookies.delete(BASKET_QTY_COOKIE, { path: '/' });
}

/**
 * The basket this request shops with: the cookie's open basket, else (for a signed-in shopper)
 * their latest open basket; null when there is none (or it was ordered: a new one starts).
 * `user` is the request's signed-in shopper (or null), which every caller has already resolved.
 */
export async function basketTokenForRequest(
  context: Pick<APIContext, 'cookies'>,
  db: Db,
  user: Pick<UserRow, 'customerToken'> | null,
): Promise<string | null> {
  const fromCookie = readBasketToken(context.cookies);
  if (fromCookie !== null) {
    const basket = await retrieveBasket(db, fromCookie);
    if (basket !== null && mayUseBasket(basket, { cookieToken: fromCookie, user })) return basket.id;
  }
  if (user === null) return null;
  return (await retrieveCustomerBasket(db, user.customerToken))?.id ?? null;
}
