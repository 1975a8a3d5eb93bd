/**
 * The wishlist of a request: the signed-in customer's, else the guest's by cookie (spec 3 "wishlist
 * id", spec 9: 604800 s, secure). The cookie is HttpOnly, since the id can change the list; the
 * browser learns what is on it from GET /api/v1/wishlist.
 */
import type { APIContext, AstroCookies } from 'astro';
import { isLongMemoryAllowed } from '@/domain/analytics';
import { CONSENT_COOKIE, parseConsent } from '@/domain/consent';
import { isSecureCookieContext } from '@/domain/cookies';
import {
  isWishlistId,
  WISHLIST_COOKIE,
  WISHLIST_COOKIE_KEPT_SECONDS,
  WISHLIST_COOKIE_SECONDS,
} from '@/domain/wishlist';
import type { UserRow } from '@/server/accounts/schema';
import type { WishlistOwner } from '@/server/wishlist';
import { currentUser } from './session';

type CookieContext = Pick<APIContext, 'cookies' | 'url'>;

/** The guest wishlist id in the request's cookie, when it is one we could have issued. */
export function readWishlistCookie(cookies: AstroCookies): string | null {
  const value = cookies.get(WISHLIST_COOKIE)?.value;
  return isWishlistId(value) ? value : null;
}

/**
 * Keeps a guest's wishlist id for 7 days, or a year with functional cookies allowed (spec 9's
 * 31536000 s variant; decision 059), renewed on every change.
 */
export function rememberWishlistCookie(context: CookieContext, wishlistId: string): void {
  const consent = parseConsent(context.cookies.get(CONSENT_COOKIE)?.value);
  context.cookies.set(WISHLIST_COOKIE, wishlistId, {
    path: '/',
    maxAge: isLongMemoryAllowed(consent) ? WISHLIST_COOKIE_KEPT_SECONDS : WISHLIST_COOKIE_SECONDS,
    sameSite: 'lax',
    secure: isSecureCookieContext(context.url),
    httpOnly: true,
  });
}

export function forgetWishlistCookie(context: CookieContext): void {
  context.cookies.delete(WISHLIST_COOKIE, { path: '/' });
}

/** Who owns this request's wishlist, and the signed-in user when there is one. */
export async function requestWishlistOwner(
  context: Pick<APIContext, 'session' | 'cookies' | 'url'>,
): Promise<{ owner: WishlistOwner; user: UserRow | null }> {
  const user = await currentUser(context);
  if (user !== null) return { owner: { customerToken: user.customerToken }, user };
  return { owner: { wishlistId: readWishlistCookie(context.cookies) }, user: null };
}
