/**
 * spec 4 Identity, email-campaign visits: the landing's query is posted here by the header island
 * (so cached pages never set cookies). A visitor with a brand cookie moves to the campaign's
 * attribution (brand email 30 days, criteo or cloudiq 1 day) unless bypassed or already email;
 * the email's customer token is stored only when no valid one exists.
 */
import { z } from 'zod';
import { cookieMaxAgeSeconds, IDENTITY_COOKIES, isSecureCookieContext } from '@/domain/cookies';
import {
  type Attribution,
  attributionFor,
  campaignVisitOf,
  parseBrandCookie,
  shouldStoreCampaignToken,
} from '@/domain/identity';
import { endpoint } from '@/server/endpoints';

const CampaignSchema = z.object({ search: z.string().max(2000) });
const ATTRIBUTION_COOKIES = { email: 'brandEmail', criteo: 'criteo', cloudiq: 'cloudiq' } as const;

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
    const visit = campaignVisitOf(new URLSearchParams(input.search));
    if (visit === null) return { attribution: null, storedCustomerToken: false };
    const options = (days: IdentityDays) => ({
      path: '/',
      maxAge: cookieMaxAgeSeconds(days),
      sameSite: 'lax' as const,
      secure: isSecureCookieContext(url),
      httpOnly: true,
    });
    const change = attributionFor({
      source: visit.source,
      hasBrandCookie: parseBrandCookie(cookies.get(IDENTITY_COOKIES.brand)?.value) !== null,
      isBypassed: visit.isBypassed,
      current: currentAttribution((name) => cookies.has(name)),
    });
    if (change !== null) {
      const cookie = ATTRIBUTION_COOKIES[change.attribution];
      cookies.set(IDENTITY_COOKIES[cookie], '1', options(cookie));
    }
    const storeToken = shouldStoreCampaignToken(
      cookies.get(IDENTITY_COOKIES.customerToken)?.value,
      visit.customerToken,
    );
    if (storeToken && visit.customerToken !== null) {
      cookies.set(IDENTITY_COOKIES.customerToken, visit.customerToken, options('customerToken'));
    }
    return { attribution: change?.attribution ?? null, storedCustomerToken: storeToken };
  },
});

type IdentityDays = Parameters<typeof cookieMaxAgeSeconds>[0];
