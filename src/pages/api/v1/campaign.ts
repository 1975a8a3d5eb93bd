/**
 * spec 4 Identity and spec 9 landing cookies: a landing visited after the cookie choice posts its
 * query here from the page's script (cached pages never set cookies). Every cookie set here serves
 * advertising or campaign attribution, so it needs marketing consent (spec 5, C0004:1); without
 * it none is set and any already held is removed (src/server/http/landing-cookies.ts).
 * - Click ids and campaign parameters: gclid and msclkid 365 days, awin and the affiliate source 30,
 *   the user source 365 (30 from an affiliate).
 * - Email campaigns: a visitor with a brand cookie moves to the campaign's attribution (brand email
 *   30 days, criteo or cloudiq 1 day) unless bypassed or already email.
 * - The email's customer token (an identity, not a marketing cookie) is stored only when no valid one exists.
 */
import { z } from 'zod';
import { applyCampaignCookies, consentCookieOf, endpoint } from '@/server/http';

const CampaignSchema = z.object({ search: z.string().max(2000) });

export const POST = endpoint({
  who: 'anyone',
  input: CampaignSchema,
  invalid: 'firstField',
  area: 'campaign',
  handler: ({ input, context: { cookies, url } }) =>
    applyCampaignCookies(cookies, url, input.search, consentCookieOf(cookies)),
});
