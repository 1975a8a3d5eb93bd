/**
 * spec 2 / spec 6 / spec 9: when the email-capture lightbox may show. Never on the excluded pages
 * (checkout, faqs, merchantfaqs, welcome, refer-a-friend, internetsafety, email-deals, the
 * affiliates pages), never inside a switched-off date window (24 to 28 November 2023), never to a
 * signed-in shopper or one with an affiliate-source or brand cookie, never to a crawler; otherwise
 * after 2000 ms. Pure: the browser script feeds it what it knows.
 */
import { londonDay } from './format';

/** spec 9: the lightbox opens 2000 ms after the page. */
export const LIGHTBOX_DELAY_MS = 2000;

/** spec 2: the date windows (UK dates, inclusive) when the lightbox is switched off. */
export const LIGHTBOX_OFF_WINDOWS: ReadonlyArray<{ from: string; to: string }> = [
  { from: '2023-11-24', to: '2023-11-28' },
];

/** spec 2: paths (first segment or a /page/ slug) where the lightbox never shows. */
const EXCLUDED_SEGMENTS = new Set([
  'checkout',
  'faqs',
  'merchantfaqs',
  'welcome',
  'refer-a-friend',
  'internetsafety',
  'email-deals',
  'email-deal',
  'email',
]);

/** spec 2 exclusions, by path. */
export function isExcludedPath(pathname: string): boolean {
  const segments = pathname.toLowerCase().split('/').filter(Boolean);
  const [first = '', second = ''] = segments;
  if (EXCLUDED_SEGMENTS.has(first)) return true;
  // Content pages: /page/internetsafety, /page/faqs; account pages: /myaccount/refer-a-friend.
  if ((first === 'page' || first === 'myaccount') && EXCLUDED_SEGMENTS.has(second.replace(/\.html$/, ''))) {
    return true;
  }
  // The affiliates pages: /guides/affiliates-{product} and anything named affiliates.
  if (segments.some((segment) => segment.startsWith('affiliates'))) return true;
  // Pages that are forms of their own (sign-in, registration, checkout's neighbours).
  return ['login', 'register', 'forgot-password', 'basket', 'consume-token'].includes(first);
}

/** spec 2: true inside a switched-off window. */
export function isSwitchedOff(now: Date, windows = LIGHTBOX_OFF_WINDOWS): boolean {
  const day = londonDay(now);
  return windows.some((window) => day >= window.from && day <= window.to);
}

export interface LightboxVisit {
  pathname: string;
  now: Date;
  /** The readable user-logged-in cookie is present. */
  signedIn: boolean;
  /** An affiliate-source cookie is present (spec 6). */
  hasAffiliateCookie: boolean;
  /** A brand cookie (subscribed or registered_user) is present (spec 6). */
  hasBrandCookie: boolean;
  isCrawler: boolean;
  /** The shopper closed it or signed up already. */
  dismissed: boolean;
}

export type LightboxDecision = { show: true; delayMs: number } | { show: false; reason: LightboxRefusal };
export type LightboxRefusal =
  | 'excluded-page'
  | 'switched-off'
  | 'signed-in'
  | 'affiliate'
  | 'brand-cookie'
  | 'crawler'
  | 'dismissed';

/**
 * The page's half of the rules (path and date), decided where the page is rendered: the lightbox
 * is left out of an excluded or switched-off page altogether.
 */
export function pageRefusal(pathname: string, now: Date): LightboxRefusal | null {
  if (isExcludedPath(pathname)) return 'excluded-page';
  if (isSwitchedOff(now)) return 'switched-off';
  return null;
}

/** The visitor's half of the rules, decided in the browser from its cookies and user agent. */
export function visitorRefusal(visitor: Omit<LightboxVisit, 'pathname' | 'now'>): LightboxRefusal | null {
  if (visitor.isCrawler) return 'crawler';
  if (visitor.signedIn) return 'signed-in';
  if (visitor.hasAffiliateCookie) return 'affiliate';
  if (visitor.hasBrandCookie) return 'brand-cookie';
  if (visitor.dismissed) return 'dismissed';
  return null;
}

/** spec 2 / 6 / 9: whether (and after how long) the lightbox shows on this visit. */
export function lightboxDecision(visit: LightboxVisit): LightboxDecision {
  if (visit.isCrawler) return { show: false, reason: 'crawler' };
  const page = pageRefusal(visit.pathname, visit.now);
  if (page !== null) return { show: false, reason: page };
  if (visit.signedIn) return { show: false, reason: 'signed-in' };
  if (visit.hasAffiliateCookie) return { show: false, reason: 'affiliate' };
  if (visit.hasBrandCookie) return { show: false, reason: 'brand-cookie' };
  if (visit.dismissed) return { show: false, reason: 'dismissed' };
  return { show: true, delayMs: LIGHTBOX_DELAY_MS };
}
