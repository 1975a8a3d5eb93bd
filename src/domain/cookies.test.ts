/** spec 9 cookie lifetimes and the Secure rule (table-driven). */
import { describe, expect, it } from 'vitest';
import { CONSENTED_COOKIES, cookieMaxAgeSeconds, isSecureCookieContext } from './cookies';

const DAY = 86_400;

describe('spec 9 cookie lifetimes', () => {
  it.each([
    ['customerToken', 365],
    ['postLoginUrl', 30],
    ['loginSource', 30],
    ['brandEmail', 30],
    ['criteo', 1],
    ['cloudiq', 1],
    ['deleteEmail', 1],
    ['oneTap', 365],
    ['userEmail', 365],
  ] as const)('%s lives %i days', (cookie, days) => {
    expect(cookieMaxAgeSeconds(cookie)).toBe(days * DAY);
  });
});

describe('cookies are Secure outside local development', () => {
  it.each([
    ['https://www.tuppence.co.uk/login', true],
    ['http://www.tuppence.co.uk/login', true],
    ['http://localhost:4321/login', false],
    ['http://127.0.0.1:4415/login', false],
    ['https://localhost:4321/login', true],
  ])('%s → %s', (url, secure) => {
    expect(isSecureCookieContext(new URL(url))).toBe(secure);
  });
});

describe('spec 9 cookies added with the shop analytics, each with its consent category (decision 059)', () => {
  it.each([
    ['mgid', 'mgid', DAY, 'marketing'],
    ['purchaseSourceHistory', 'purchase_source_history', 365 * DAY, 'marketing'],
    ['wishlistId', 'wishlist_id', 604_800, 'necessary'],
    ['wishlistIdKept', 'wishlist_id', 31_536_000, 'functional'],
    ['lightboxVip', 'lightbox_vip', 30 * DAY, 'functional'],
  ] as const)('%s: %s, Max-Age %i, %s', (key, name, maxAge, category) => {
    expect(CONSENTED_COOKIES[key]).toMatchObject({ name, maxAgeSeconds: maxAge, category });
  });
});
