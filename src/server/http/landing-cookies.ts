/**
 * The marketing cookies a landing asks for (spec 9 lifetimes; spec 4 email-campaign attribution),
 * set only with marketing consent (spec 5, C0004:1) and removed when it is refused. Shared by the
 * campaign call (a landing visited after the choice) and the consent form (the choice made on the
 * landing itself). The rules are pure (src/domain/identity.ts, landing-params.ts); this applies them to
 * the request's cookies (docs/decisions/025-consent-campaigns-and-logs.md).
 */
import type { AstroCookies } from 'astro';
import { CONSENT_COOKIE, isAllowed, parseConsent } from '@/domain/consent';
import { cookieMaxAgeSeconds, IDENTITY_COOKIES, isSecureCookieContext } from '@/domain/cookies';
import {
  type Attribution,
  attributionFor,
  campaignVisitOf,
  parseBrandCookie,
  shouldStoreCampaignToken,
} from '@/domain/identity';
import { LANDING_COOKIES, landingCookiesFor } from '@/domain/landing-params';
import {
  formatPurchaseSourceHistory,
  nextPurchaseSourceHistory,
  PURCHASE_SOURCE_HISTORY_COOKIE,
  PURCHASE_SOURCE_HISTORY_DAYS,
  purchaseSourceOf,
  readPurchaseSourceHistory,
} from '@/domain/purchase-source';

const ATTRIBUTION_COOKIES = { email: 'brandEmail', criteo: 'criteo', cloudiq: 'cloudiq' } as const;
const DAY_SECONDS = 24 * 60 * 60;
/** Readable by the page's scripts: the lightbox checks for an affiliate source (spec 6). */
const READABLE: ReadonlySet<string> = new Set([LANDING_COOKIES.affiliateSource]);

/** Every marketing cookie a landing can set. */
export const MARKETING_COOKIES: readonly string[] = [
  ...Object.values(LANDING_COOKIES),
  ...Object.values(ATTRIBUTION_COOKIES).map((cookie) => IDENTITY_COOKIES[cookie]),
  PURCHASE_SOURCE_HISTORY_COOKIE,
];

export interface CampaignOutcome {
  attribution: Attribution | null;
  storedCustomerToken: boolean;
  landingCookies: string[];
  marketingConsent: boolean;
}

/** The attribution in force, from whichever attribution cookie is present (email first). */
function currentAttribution(has: (name: string) => boolean): Attribution | null {
  for (const attribution of ['email', 'criteo', 'cloudiq'] as const) {
    if (has(IDENTITY_COOKIES[ATTRIBUTION_COOKIES[attribution]])) return attribution;
  }
  return null;
}

/**
 * Applies a landing's query to the visitor's cookies. `consentValue` is the consent cookie in force
 * (the one just chosen, when called from the consent form).
 */
export function applyCampaignCookies(
  cookies: Pick<AstroCookies, 'get' | 'has' | 'set' | 'delete'>,
  url: URL,
  search: string,
  consentValue: string | undefined,
): CampaignOutcome {
  const options = (maxAge: number, httpOnly = true) => ({
    path: '/',
    maxAge,
    sameSite: 'lax' as const,
    secure: isSecureCookieContext(url),
    httpOnly,
  });
  const params = new URLSearchParams(search);
  const visit = campaignVisitOf(params);
  const storeToken =
    visit !== null && shouldStoreCampaignToken(cookies.get(IDENTITY_COOKIES.customerToken)?.value, visit.customerToken);
  if (storeToken && visit?.customerToken) {
    cookies.set(IDENTITY_COOKIES.customerToken, visit.customerToken, options(cookieMaxAgeSeconds('customerToken')));
  }

  if (!isAllowed(parseConsent(consentValue), 'marketing')) {
    for (const name of MARKETING_COOKIES) if (cookies.has(name)) cookies.delete(name, { path: '/' });
    return { attribution: null, storedCustomerToken: storeToken, landingCookies: [], marketingConsent: false };
  }

  const landing = landingCookiesFor(params);
  for (const cookie of landing) {
    cookies.set(cookie.name, cookie.value, options(cookie.days * DAY_SECONDS, !READABLE.has(cookie.name)));
  }
  // spec 9 purchase source history, 1 year (decision 059): the order is attributed to its newest entry.
  const source = purchaseSourceOf(params);
  if (source !== null) {
    const history = readPurchaseSourceHistory(cookies.get(PURCHASE_SOURCE_HISTORY_COOKIE)?.value);
    cookies.set(
      PURCHASE_SOURCE_HISTORY_COOKIE,
      formatPurchaseSourceHistory(nextPurchaseSourceHistory(history, source)),
      options(PURCHASE_SOURCE_HISTORY_DAYS * DAY_SECONDS),
    );
  }
  const change =
    visit === null
      ? null
      : attributionFor({
          source: visit.source,
          hasBrandCookie: parseBrandCookie(cookies.get(IDENTITY_COOKIES.brand)?.value) !== null,
          isBypassed: visit.isBypassed,
          current: currentAttribution((name) => cookies.has(name)),
        });
  if (change !== null) {
    const cookie = ATTRIBUTION_COOKIES[change.attribution];
    cookies.set(IDENTITY_COOKIES[cookie], '1', options(cookieMaxAgeSeconds(cookie)));
  }
  return {
    attribution: change?.attribution ?? null,
    storedCustomerToken: storeToken,
    landingCookies: landing.map((cookie) => cookie.name),
    marketingConsent: true,
  };
}

/** The consent cookie read from a request. */
export function consentCookieOf(cookies: Pick<AstroCookies, 'get'>): string | undefined {
  return cookies.get(CONSENT_COOKIE)?.value;
}
