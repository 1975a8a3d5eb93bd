/**
 * spec 2 / spec 9: the click ids and campaign parameters a paid or affiliate landing carries, kept
 * in cookies with the spec 9 lifetimes: gclid 365 days, msclkid 365, mgid 1, awin 30, the affiliate
 * click 30, and the user source 365 (30 when the visit came from an affiliate). They all serve
 * advertising, so they are marketing cookies (spec 5: set only with C0004:1). Pure.
 */

export const LANDING_COOKIES = {
  gclid: 'gclid',
  msclkid: 'msclkid',
  awin: 'awin',
  affiliateSource: 'affiliate_source',
  userSource: 'user_source',
  /** spec 9 "mgid 1": the MGID native-ad click id (decision 059). */
  mgid: 'mgid',
} as const;

/** spec 9 lifetimes in days. */
export const LANDING_COOKIE_DAYS = {
  gclid: 365,
  msclkid: 365,
  awin: 30,
  affiliateSource: 30,
  userSource: 365,
  userSourceAffiliate: 30,
  mgid: 1,
} as const;

export interface LandingCookie {
  name: string;
  value: string;
  days: number;
}

/** The query parameters that name an affiliate (besides Awin's own click id, awc). */
const AFFILIATE_PARAMS = ['affiliate', 'aff_id', 'affid'] as const;
const MAX_VALUE = 200;

/** A parameter value fit for a cookie: trimmed, bounded, and only URL-safe id characters. */
export function cleanValue(value: string | null): string | null {
  if (value === null) return null;
  const trimmed = value.trim().slice(0, MAX_VALUE);
  return /^[\w.~:|-]+$/.test(trimmed) ? trimmed : null;
}

/** The cookies a landing's query asks for (empty when it carries none of the parameters). */
export function landingCookiesFor(params: URLSearchParams): LandingCookie[] {
  const cookies: LandingCookie[] = [];
  const gclid = cleanValue(params.get('gclid'));
  if (gclid) cookies.push({ name: LANDING_COOKIES.gclid, value: gclid, days: LANDING_COOKIE_DAYS.gclid });
  const msclkid = cleanValue(params.get('msclkid'));
  if (msclkid) cookies.push({ name: LANDING_COOKIES.msclkid, value: msclkid, days: LANDING_COOKIE_DAYS.msclkid });
  // MGID's ads append their click id as mgclid (or mgid); spec 9 keeps it 1 day.
  const mgid = cleanValue(params.get('mgclid')) ?? cleanValue(params.get('mgid'));
  if (mgid) cookies.push({ name: LANDING_COOKIES.mgid, value: mgid, days: LANDING_COOKIE_DAYS.mgid });
  const awin = cleanValue(params.get('awc'));
  if (awin) cookies.push({ name: LANDING_COOKIES.awin, value: awin, days: LANDING_COOKIE_DAYS.awin });
  const affiliateId = AFFILIATE_PARAMS.map((name) => cleanValue(params.get(name))).find((value) => value) ?? null;
  const medium = cleanValue(params.get('utm_medium'))?.toLowerCase() ?? null;
  const isAffiliate = awin !== null || affiliateId !== null || medium === 'affiliate';
  if (isAffiliate) {
    cookies.push({
      name: LANDING_COOKIES.affiliateSource,
      value: affiliateId ?? (awin ? 'awin' : (cleanValue(params.get('utm_source')) ?? 'affiliate')),
      days: LANDING_COOKIE_DAYS.affiliateSource,
    });
  }
  const source = cleanValue(params.get('utm_source'));
  if (source) {
    const campaign = cleanValue(params.get('utm_campaign'));
    cookies.push({
      name: LANDING_COOKIES.userSource,
      value: [source, medium ?? '', campaign ?? ''].join('|'),
      days: isAffiliate ? LANDING_COOKIE_DAYS.userSourceAffiliate : LANDING_COOKIE_DAYS.userSource,
    });
  }
  return cookies;
}

/** Whether a query carries anything `landingCookiesFor` keeps (the browser asks only then). */
export function hasLandingParams(search: string): boolean {
  return /[?&](gclid|msclkid|mgclid|mgid|awc|affiliate|aff_id|affid|utm_source|utm_medium|usr_src)=/.test(search);
}
