/**
 * spec 4 Identity and spec 9 landing cookies: a landing's query is posted here by the page's
 * consent script (so cached pages never set cookies). Every cookie set here serves advertising or
 * campaign attribution, so it needs marketing consent (spec 5, C0004:1), read from the consent
 * cookie; without it none is set and any already held is removed (a withdrawn consent posts here).
 * - Click ids and campaign parameters: gclid and msclkid 365 days, awin and the affiliate source 30,
 *   the user source 365 (30 from an affiliate).
 * - Email campaigns: a visitor with a brand cookie moves to the campaign's attribution (brand email
 *   30 days, criteo or cloudiq 1 day) unless bypassed or already email.
 * - The email's customer token (an identity, not a marketing cookie) is stored only when no valid one exists.
 */
import { z } from 'zod';
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
import { endpoint } from '@/server/endpoints';

const CampaignSchema = z.object({ search: z.string().max(2000) });
const ATTRIBUTION_COOKIES = { email: 'brandEmail', criteo: 'criteo', cloudiq: 'cloudiq' } as const;
const DAY_SECONDS = 24 * 60 * 60;
/** Readable by the page's scripts: the lightbox checks for an affiliate source (spec 6). */
const READABLE: ReadonlySet<string> = new Set([LANDING_COOKIES.affiliateSource]);

/** Every marketing cookie this endpoint can set. */
const MARKETING_COOKIES = [
  ...Object.values(LANDING_COOKIES),
  ...Object.values(ATTRIBUTION_COOKIES).map((cookie) => IDENTITY_COOKIES[cookie]),
];

/** The attribution in force, from whichever attribution cookie is present (email first). */
function currentAttribution(has: (name: string) => boolean): Attribution | null {
  for (const attribution of ['email', 'criteo', 'cloudiq'] as const) {
    if (has(IDENTITY_COOKIES[ATTRIBUTION_COOKIES[attribution]])) return attribution;
  }
  return null;
}

export const POST = endpoint({
  who: 'anyone',
  input: CampaignSchema,
  invalid: 'firstField',
  area: 'campaign',
  handler: ({ input, context: { cookies, url } }) => {
    const options = (maxAge: number, httpOnly = true) => ({
      path: '/',
      maxAge,
      sameSite: 'lax' as const,
      secure: isSecureCookieContext(url),
      httpOnly,
    });
    const params = new URLSearchParams(input.search);
    const visit = campaignVisitOf(params);
    const storeToken =
      visit !== null &&
      shouldStoreCampaignToken(cookies.get(IDENTITY_COOKIES.customerToken)?.value, visit.customerToken);
    if (storeToken && visit?.customerToken) {
      cookies.set(IDENTITY_COOKIES.customerToken, visit.customerToken, options(cookieMaxAgeSeconds('customerToken')));
    }

    const marketing = isAllowed(parseConsent(cookies.get(CONSENT_COOKIE)?.value), 'marketing');
    if (!marketing) {
      for (const name of MARKETING_COOKIES) if (cookies.has(name)) cookies.delete(name, { path: '/' });
      return { attribution: null, storedCustomerToken: storeToken, landingCookies: [], marketingConsent: false };
    }

    const landing = landingCookiesFor(params);
    for (const cookie of landing) {
      cookies.set(cookie.name, cookie.value, options(cookie.days * DAY_SECONDS, !READABLE.has(cookie.name)));
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
  },
});
