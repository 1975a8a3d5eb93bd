/**
 * spec 3 cookies and spec 9 cookie lifetimes: one table of names and days, so every place that sets
 * an identity cookie gives it the spec's lifetime.
 */

import { LANDING_COOKIE_DAYS, LANDING_COOKIES } from './landing-params';
import { PURCHASE_SOURCE_HISTORY_COOKIE, PURCHASE_SOURCE_HISTORY_DAYS } from './purchase-source';
import { VIP_LIGHTBOX_COOKIE, VIP_LIGHTBOX_MAX_AGE_SECONDS } from './vip-lightbox';
import { WISHLIST_COOKIE, WISHLIST_COOKIE_KEPT_SECONDS, WISHLIST_COOKIE_SECONDS } from './wishlist';

const DAY_SECONDS = 24 * 60 * 60;

/** spec 3 identity cookies by meaning, with the names we send. */
export const IDENTITY_COOKIES = {
  customerToken: 'customer_token',
  brand: 'brand_user',
  referralCode: 'referral_code',
  deleteEmail: 'delete_email',
  userLoggedIn: 'user_logged_in',
  registered: 'registered',
  userEmail: 'user_email',
  postLoginUrl: 'post_login_url',
  loginSource: 'login_source',
  oneTap: 'one_tap',
  brandEmail: 'brand_email',
  criteo: 'criteo',
  cloudiq: 'cloudiq',
} as const;

export type IdentityCookie = keyof typeof IDENTITY_COOKIES;

/** spec 9 cookie lifetimes in days. */
export const COOKIE_LIFETIME_DAYS: Readonly<Record<IdentityCookie, number>> = {
  customerToken: 365,
  brand: 365,
  referralCode: 30,
  deleteEmail: 1,
  userLoggedIn: 365,
  registered: 365,
  userEmail: 365,
  postLoginUrl: 30,
  loginSource: 30,
  oneTap: 365,
  brandEmail: 30,
  criteo: 1,
  cloudiq: 1,
};

/** The Max-Age, in seconds, of a spec 9 identity cookie. */
export function cookieMaxAgeSeconds(cookie: IdentityCookie): number {
  return COOKIE_LIFETIME_DAYS[cookie] * DAY_SECONDS;
}

/**
 * "Secure outside local development" (decision 009): cookies are Secure on https and on any host
 * other than a loopback one, so a local http run still signs in.
 */
export function isSecureCookieContext(url: URL): boolean {
  if (url.protocol === 'https:') return true;
  return !['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** A cookie set only as its consent category allows (spec 5), with its spec 9 lifetime. */
export interface ConsentedCookie {
  name: string;
  maxAgeSeconds: number;
  category: 'necessary' | 'performance' | 'functional' | 'marketing';
  purpose: string;
}

/**
 * spec 9's cookies added with the shop's own analytics (decision 059), by meaning. The analytics
 * themselves set no cookie: page views, click positions and orders are sent only with performance
 * consent given (src/domain/analytics.ts).
 */
export const CONSENTED_COOKIES = {
  mgid: {
    name: LANDING_COOKIES.mgid,
    maxAgeSeconds: LANDING_COOKIE_DAYS.mgid * DAY_SECONDS,
    category: 'marketing',
    purpose: 'The MGID ad click that brought the visitor (spec 9 "mgid 1").',
  },
  purchaseSourceHistory: {
    name: PURCHASE_SOURCE_HISTORY_COOKIE,
    maxAgeSeconds: PURCHASE_SOURCE_HISTORY_DAYS * DAY_SECONDS,
    category: 'marketing',
    purpose: 'The last 5 sources the visitor came from; an order is attributed to the newest.',
  },
  wishlistId: {
    name: WISHLIST_COOKIE,
    maxAgeSeconds: WISHLIST_COOKIE_SECONDS,
    category: 'necessary',
    purpose: "A guest's wishlist, which they asked us to keep (spec 9: 604800 s).",
  },
  wishlistIdKept: {
    name: WISHLIST_COOKIE,
    maxAgeSeconds: WISHLIST_COOKIE_KEPT_SECONDS,
    category: 'functional',
    purpose: "A guest's wishlist remembered for a year (spec 9's 31536000 s variant).",
  },
  lightboxVip: {
    name: VIP_LIGHTBOX_COOKIE,
    maxAgeSeconds: VIP_LIGHTBOX_MAX_AGE_SECONDS,
    category: 'functional',
    purpose:
      'The VIP invitation was shown, so it is not shown again for 30 days (spec 3 "lightbox VIP"; decision 057).',
  },
} as const satisfies Record<string, ConsentedCookie>;
