/**
 * Wishlist rules (spec 3 Wishlist, spec 5 wishlist arguments, spec 9 cookie lifetime).
 * Pure: no I/O.
 */

/** spec 9: the wishlist cookie lives 604800 s (7 days), like the basket token. */
export const WISHLIST_COOKIE = 'wishlist_id';
export const WISHLIST_COOKIE_SECONDS = 604_800;
/**
 * spec 9's one-year wishlist-id variant (31536000 s): the same cookie, kept a year for a guest who
 * allowed functional cookies when answering the banner (decision 059); 7 days otherwise.
 */
export const WISHLIST_COOKIE_KEPT_SECONDS = 31_536_000;

/** The most deals one wishlist keeps: enough for any shopper, a bound for the page and the API. */
export const WISHLIST_MAX_DEALS = 200;

/** A wishlist id or share id we issued (base64url, 24 to 64 characters); anything else is no id. */
export function isWishlistId(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{24,64}$/.test(value);
}

/** spec 3: the wishlist quantity is text, and empty text when zero (spec 4). */
export function wishlistQuantityText(count: number): string {
  return count > 0 ? String(count) : '';
}

/**
 * spec 7 "GET a shared wishlist" by URL: the share id from a shared link's URL or path
 * (/wishlist/shared/{shareId}), or null when the URL names none.
 */
export function shareIdFromUrl(url: string): string | null {
  const match = /\/wishlist\/shared\/([A-Za-z0-9_-]+)\/?(?:[?#].*)?$/.exec(url.trim());
  const id = match?.[1];
  return isWishlistId(id) ? id : null;
}

/** The path of a wishlist's read-only shared page. */
export function sharedWishlistPath(shareId: string): string {
  return `/wishlist/shared/${shareId}`;
}
