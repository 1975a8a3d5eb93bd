/**
 * Per request: brand, clock, theme, location, login guard and security headers (ARCHITECTURE "Data flow").
 * Everything a page needs to know about the request lands on Astro.locals.
 */

import { TAG_MANAGER_URL, THEME_CLOCK, THEME_PREVIEW } from 'astro:env/server';
import { defineMiddleware, sequence } from 'astro:middleware';

import { knownLocationNames, retrieveLocation } from '@/server/catalog';
import { serverConfig } from '@/server/config';
import { getDb } from '@/server/db';
import {
  answerUnexpectedFailures,
  checkFormOrigin,
  isGuestVoucherVisit,
  isPersonalRoute,
  loadRequestUser,
  PERSONAL_CACHE_CONTROL,
  recordNotFound,
  refuseUnreadableActionBodies,
  withExperimentCookies,
} from '@/server/http';
import { startHourlyJobs } from '@/server/jobs';
import { flushOutbox, gatewayBrowserOrigin, googleOneTap, publicOrigin } from '@/server/runtime';
import { loadSubscribers } from '@/server/subscribers';
import { resolveBrand, resolveTheme } from './domain/brands';
import { isSecureCookieContext } from './domain/cookies';
import { DEFAULT_LOCATION, layoutRequiresLogin, resolvePageType } from './domain/page-type';
import { logError } from './server/log';

const YEAR_SECONDS = 365 * 24 * 60 * 60;
export const BRAND_COOKIE = 'site';
export const LOCATION_COOKIE = 'location';
/** spec 9: post-login url cookie, 30 days. */
export const POST_LOGIN_COOKIE = 'post_login_url';

// The server is an entry point: its configuration is read first, so a bad value stops it with the
// field at fault (docs/decisions/039); every subscriber is loaded before any request or job raises an
// event (docs/decisions/037). The hourly jobs (voucher expiry, authorisation sweep, event retries)
// live with the server process (once; never under test).
serverConfig();
loadSubscribers();
startHourlyJobs(flushOutbox);

/** Requests that need none of the page context (generated images, the read API's own handlers). */
function isBarePath(path: string): boolean {
  return path.startsWith('/images/') || path.startsWith('/_') || path === '/favicon.svg';
}

/**
 * ?clock= previews themes outside production builds, or when the operator sets THEME_PREVIEW (the
 * e2e server does). It only ever feeds locals.themeNow, so it never changes expiry, prices or a
 * write (decision 003).
 */
const CLOCK_QUERY_ALLOWED = !import.meta.env.PROD || THEME_PREVIEW;

/** Production builds ask browsers to use HTTPS only, for a year (with subdomains), so no later visit goes over HTTP. */
export const HSTS = 'max-age=31536000; includeSubDomains';

function parseClock(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const requestContext = defineMiddleware(async (context, next) => {
  const { url, cookies } = context;
  const path = url.pathname;
  context.locals.publicOrigin = publicOrigin();
  context.locals.trading = serverConfig().trading;
  context.locals.googleOneTap = ONE_TAP;
  context.locals.user = null;
  context.locals.rememberLocation = null;
  context.locals.pageType = 'other';
  const previewClock = CLOCK_QUERY_ALLOWED ? parseClock(url.searchParams.get('clock')) : null;
  context.locals.themeNow = previewClock ?? parseClock(THEME_CLOCK) ?? new Date();

  const { brand, remember } = resolveBrand(url.searchParams.get('site'), cookies.get(BRAND_COOKIE)?.value);
  context.locals.brand = brand;
  if (remember) cookies.set(BRAND_COOKIE, brand, { path: '/', maxAge: YEAR_SECONDS, sameSite: 'lax' });

  context.locals.location = { shortName: DEFAULT_LOCATION, name: 'London' };
  context.locals.theme = resolveTheme({ brand, isVip: false, now: context.locals.themeNow });
  if (isBarePath(path)) return withSecurityHeaders(await next());

  let pageLayoutNeedsLogin = false;
  // Accounts (decision 009): only personal routes read the session; shared pages never see the user.
  let isPersonal = isPersonalRoute(path, null);
  try {
    const { db } = await getDb();
    const known = await knownLocationNames(db);
    const info = resolvePageType(path, { query: url.searchParams, knownLocations: known });
    pageLayoutNeedsLogin = layoutRequiresLogin(info.layout);
    context.locals.pageType = info.pageType;
    isPersonal = isPersonalRoute(path, info.layout);

    // spec 3: the location comes from the path, then the remembered cookie, then London.
    const fromPath = info.location ? await retrieveLocation(db, info.location) : null;
    const remembered = cookies.get(LOCATION_COOKIE)?.value;
    const fromCookie = !fromPath && remembered ? await retrieveLocation(db, remembered) : null;
    const chosen = fromPath ?? fromCookie;
    if (chosen) context.locals.location = { shortName: chosen.shortName, name: chosen.name };
    // Remembered by a one-line script in the page, not Set-Cookie: a response that sets a
    // cookie cannot be shared from the route cache. Always written, so every cached copy carries it.
    if (fromPath && fromPath.kind === 'local') {
      context.locals.rememberLocation = fromPath.shortName;
    }
    const isVip = info.pageType === 'vipCategory' || info.pageType === 'vipDeal';
    context.locals.theme = resolveTheme({
      brand,
      isVip,
      locationShortName: info.location,
      now: context.locals.themeNow,
    });
  } catch (error) {
    // The page itself will meet the same failure and show the error page; keep defaults here.
    logError('middleware', 'request context unavailable', error);
  }

  if (isPersonal) {
    try {
      context.locals.user = await loadRequestUser(context);
    } catch (error) {
      logError('middleware', 'session unavailable', error);
    }
  }

  // spec 2: the account and delete layouts send guests to the login page, remembering where they were going.
  // The exception: a guest who has just bought may see /myaccount/vouchers (only those orders).
  if (pageLayoutNeedsLogin && !context.locals.user && !(await isGuestVoucherVisit(context.session, path))) {
    const target = `${path}${url.search}`;
    cookies.set(POST_LOGIN_COOKIE, target, { path: '/', maxAge: 30 * 24 * 60 * 60, sameSite: 'lax', httpOnly: true });
    return withSecurityHeaders(context.redirect(`/login?redirect=${encodeURIComponent(target)}`, 302), isPersonal);
  }

  // spec 4: experiments are assigned on responses that are not shared pages (decision 025).
  const response = withConfiguredThirdParties(withSecurityHeaders(await next(), isPersonal, isMerchantDashboard(path)));
  return withExperimentCookies(response, context.request, isSecureCookieContext(url));
});

// answerUnexpectedFailures, below: an unexpected failure answers JSON on /api and reaches the log without secrets.
/** spec 7 notFoundHit: every page answered 404 is recorded as a spec 3 logging record (decision 025). */
const recordNotFoundPages = defineMiddleware(async (context, next) => {
  const response = await next();
  if (response.status === 404 && !context.url.pathname.startsWith('/api/')) {
    recordNotFound(context, context.originPathname ?? context.url.pathname);
  }
  return response;
});

export const onRequest = sequence(
  checkFormOrigin,
  refuseUnreadableActionBodies,
  answerUnexpectedFailures,
  recordNotFoundPages,
  requestContext,
);

/**
 * The Content Security Policy (astro.config.mjs; decision 032) allows scripts from this origin only;
 * the two third parties an operator may configure at run time join the page's policy when
 * configured (Astro's own `csp.insert…` calls do not reach a page's policy from middleware). So does
 * the payment gateway's browser origin, which the checkout's islands call (tokenise a card, PayPal's
 * create call, the wallets' sheet, 3-D Secure) and frame (the issuer's challenge page, decision 043):
 * the payment sandbox's own origin by default (decision 035).
 */
/** Google one-tap's script origin, when one-tap is configured (decision 055); it also frames its prompt. */
const ONE_TAP = googleOneTap();
const ONE_TAP_ORIGIN = ONE_TAP === null ? [] : [new URL(ONE_TAP.scriptUrl).origin];
const THIRD_PARTY_SCRIPTS = [
  ...(TAG_MANAGER_URL && URL.canParse(TAG_MANAGER_URL) ? [new URL(TAG_MANAGER_URL).origin] : []),
  ...ONE_TAP_ORIGIN,
];
const PAYMENT_GATEWAY_ORIGIN = gatewayBrowserOrigin();

function withConfiguredThirdParties(response: Response): Response {
  const policy = response.headers.get('content-security-policy');
  if (!policy) return response;
  let widened = policy.replace(
    /connect-src ([^;]*)/,
    (_, sources: string) => `connect-src ${sources} ${PAYMENT_GATEWAY_ORIGIN}`,
  );
  if (THIRD_PARTY_SCRIPTS.length > 0) {
    widened = widened.replace(
      /script-src ([^;]*)/,
      (_, sources: string) => `script-src ${sources} ${THIRD_PARTY_SCRIPTS.join(' ')}`,
    );
  }
  // The card issuer's 3-D Secure challenge is the gateway's page in a frame (decision 043); Google
  // one-tap frames its own.
  const frames = ["'self'", PAYMENT_GATEWAY_ORIGIN, ...ONE_TAP_ORIGIN];
  widened = `${widened.replace(/;?\s*$/, '')}; frame-src ${frames.join(' ')};`;
  try {
    response.headers.set('content-security-policy', widened);
  } catch {
    // Immutable headers: leave the policy as Astro wrote it.
  }
  return response;
}

/** The merchant dashboard may use this site's camera, to scan a voucher's QR code at the till (decision 024). */
function isMerchantDashboard(path: string): boolean {
  return path === '/merchant' || path.startsWith('/merchant/');
}

function withSecurityHeaders(response: Response, isPersonal = false, mayUseCamera = false): Response {
  const headers = response.headers;
  try {
    if (isPersonal) headers.set('Cache-Control', PERSONAL_CACHE_CONTROL);
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    headers.set('X-Frame-Options', 'SAMEORIGIN');
    headers.set('Permissions-Policy', `geolocation=(self), camera=${mayUseCamera ? '(self)' : '()'}, microphone=()`);
    if (import.meta.env.PROD) headers.set('Strict-Transport-Security', HSTS);
  } catch {
    // Some responses (redirects from fetch) carry immutable headers; they need none of these.
  }
  return response;
}
