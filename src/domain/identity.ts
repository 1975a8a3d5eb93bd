/**
 * spec 4 Identity: anonymous, subscribed and registered users, told apart by the brand cookie
 * (values subscribed and registered_user), and the email-campaign attribution windows.
 */

export const BRAND_COOKIE_VALUES = ['subscribed', 'registered_user'] as const;
export type BrandCookieValue = (typeof BRAND_COOKIE_VALUES)[number];
export type Identity = 'anonymous' | 'subscribed' | 'registered';

/** Reads a brand cookie value; anything else counts as absent. */
export function parseBrandCookie(value: string | undefined | null): BrandCookieValue | null {
  return BRAND_COOKIE_VALUES.find((known) => known === value) ?? null;
}

/** spec 4: who the visitor is, from the brand cookie. */
export function identityOf(brandCookie: string | undefined | null): Identity {
  const value = parseBrandCookie(brandCookie);
  if (value === 'registered_user') return 'registered';
  if (value === 'subscribed') return 'subscribed';
  return 'anonymous';
}

/**
 * spec 4: the brand cookie value after an event wants to write `next`.
 * subscribed is never set over registered_user; everything else takes the new value.
 */
export function nextBrandCookie(current: string | undefined | null, next: BrandCookieValue): BrandCookieValue {
  if (parseBrandCookie(current) === 'registered_user' && next === 'subscribed') return 'registered_user';
  return next;
}

/** Where an email-campaign visit came from. */
export type CampaignSource = 'brand-email' | 'criteo' | 'cloudiq';
export type Attribution = 'email' | 'criteo' | 'cloudiq';

/** spec 4 / spec 9: brand email 30 days, criteo- and cloudiq-derived 1 day each. */
export const ATTRIBUTION_DAYS: Readonly<Record<Attribution, number>> = { email: 30, criteo: 1, cloudiq: 1 };

export interface AttributionInput {
  source: CampaignSource;
  /** The visitor already carries a brand cookie (subscribed or registered_user). */
  hasBrandCookie: boolean;
  /** The campaign link asked not to attribute (a bypass flag). */
  isBypassed: boolean;
  /** The attribution already in force, if any. */
  current: Attribution | null;
}

/**
 * spec 4: an email-campaign visitor with a brand cookie moves to the campaign's attribution, for
 * its window, unless bypassed or already attributed to email. Returns null when nothing changes.
 */
export function attributionFor(input: AttributionInput): { attribution: Attribution; days: number } | null {
  if (!input.hasBrandCookie || input.isBypassed || input.current === 'email') return null;
  const attribution: Attribution = input.source === 'brand-email' ? 'email' : input.source;
  return { attribution, days: ATTRIBUTION_DAYS[attribution] };
}

/** spec 9: a customer token is valid when it has at least 10 characters. */
export function isValidCustomerToken(token: string | undefined | null): boolean {
  return typeof token === 'string' && token.trim().length >= 10;
}

/** spec 4: the email-campaign customer token is stored only when no valid one exists. */
export function shouldStoreCampaignToken(
  existing: string | undefined | null,
  incoming: string | undefined | null,
): boolean {
  return !isValidCustomerToken(existing) && isValidCustomerToken(incoming);
}

/** What an email-campaign link says about the visit (query parameters of the landing URL). */
export interface CampaignVisit {
  source: CampaignSource;
  isBypassed: boolean;
  /** The customer token an email carries for the recipient, if any. */
  customerToken: string | null;
}

/**
 * Reads an email-campaign landing: `utm_medium=email` is the brand's own email; `utm_source`
 * criteo or cloudiq are the retargeting partners' emails; `bypass_attribution=1` opts out; `ct`
 * carries the recipient's customer token. Null when the URL is not a campaign landing.
 */
export function campaignVisitOf(params: URLSearchParams): CampaignVisit | null {
  const source = (params.get('utm_source') ?? '').toLowerCase();
  const medium = (params.get('utm_medium') ?? '').toLowerCase();
  const campaign: CampaignSource | null =
    source === 'criteo' ? 'criteo' : source === 'cloudiq' ? 'cloudiq' : medium === 'email' ? 'brand-email' : null;
  if (campaign === null) return null;
  return {
    source: campaign,
    isBypassed: ['1', 'true'].includes(params.get('bypass_attribution') ?? ''),
    customerToken: params.get('ct'),
  };
}
