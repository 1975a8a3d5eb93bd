/**
 * spec 9 "purchase source history 1 year" (decision 059): the sources a visitor arrived from, newest
 * last, kept in one marketing cookie (spec 5: only with C0004:1) so an order can be attributed to
 * the source that brought the shopper, even when they buy on a later visit. A source is a deal link's
 * usr_src (a sponsored card's `sponsored_search_{adId}`, a newsletter's ...) or, without one, the
 * campaign's user source (`source|medium|campaign`). Pure.
 */
import { cleanValue, LANDING_COOKIES, landingCookiesFor } from './landing-params';

export const PURCHASE_SOURCE_HISTORY_COOKIE = 'purchase_source_history';
/** spec 9: one year. */
export const PURCHASE_SOURCE_HISTORY_DAYS = 365;
/** The most sources kept (spec 9's recent lists hold 5 ids; the cookie stays small). */
export const PURCHASE_SOURCE_HISTORY_MAX = 5;

const SEPARATOR = ',';

/** The purchase source a landing's query names, or null. */
export function purchaseSourceOf(params: URLSearchParams): string | null {
  const usrSrc = cleanValue(params.get('usr_src'));
  if (usrSrc) return usrSrc;
  return landingCookiesFor(params).find((cookie) => cookie.name === LANDING_COOKIES.userSource)?.value ?? null;
}

/** The sources in the cookie's value, oldest first; anything unreadable is left out. */
export function readPurchaseSourceHistory(value: string | null | undefined): string[] {
  if (!value) return [];
  return value
    .split(SEPARATOR)
    .map((part) => cleanValue(part))
    .filter((part): part is string => part !== null)
    .slice(-PURCHASE_SOURCE_HISTORY_MAX);
}

/** The history after a visit from `source`: moved to the end when already in it, the oldest dropped past the cap. */
export function nextPurchaseSourceHistory(history: readonly string[], source: string): string[] {
  return [...history.filter((entry) => entry !== source), source].slice(-PURCHASE_SOURCE_HISTORY_MAX);
}

/** The cookie value of a history. */
export function formatPurchaseSourceHistory(history: readonly string[]): string {
  return history.join(SEPARATOR);
}

/** The source an order is attributed to: the newest in the history (last click), or null. */
export function attributedPurchaseSource(history: readonly string[]): string | null {
  return history.at(-1) ?? null;
}
