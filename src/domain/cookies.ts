/**
 * spec 3 cookies and spec 9 cookie lifetimes: one table of names and days, so every place that sets
 * an identity cookie gives it the spec's lifetime.
 */

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
