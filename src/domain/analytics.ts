/**
 * The shop's own analytics (spec 7 Analytics: the page-view beacon and the order event; spec 9
 * Timing; decision 059): its timing in one place, who may be measured, and how a click on a deal card
 * is described. Pure: the browser's module (src/components/analytics) and the events endpoint read it.
 */
import { type Consent, isAllowed } from './consent';

/** spec 9 Timing: "Analytics poll every 300 ms, up to 40 times. Page-view retry 1500 ms, click position save 3500 ms, order tracking delay 2000 ms." */
export const ANALYTICS_TIMING = {
  /** How often the page asks whether the analytics layer is ready. */
  pollMs: 300,
  /** How many times it asks before giving up (300 ms x 40 = 12 s, spec 8's "about 12 s"). */
  pollLimit: 40,
  /** A page-view beacon that failed is sent once more after this long. */
  pageViewRetryMs: 1500,
  /** A clicked card's position is sent this long after the click (or when the page is left, first). */
  clickPositionSaveMs: 3500,
  /** The order is tracked this long after the order confirmation has loaded. */
  orderTrackingDelayMs: 2000,
} as const;

/** spec 8 (internal): logged when the analytics layer is still not ready after the last poll. */
export const ANALYTICS_NOT_LOADED = 'DTM has not loaded correctly';

/**
 * spec 5 and PECR reg. 6: analytics are performance cookies' purpose (C0002), and they run only once
 * the visitor has answered the banner without refusing them. Before any answer nothing is measured,
 * although spec 5 counts performance as allowed until refused (decision 059).
 */
export function isAnalyticsAllowed(consent: Consent): boolean {
  return consent.decided && isAllowed(consent, 'performance');
}

/**
 * Remembering a guest's wishlist for a year rather than 7 days (spec 9's 31536000 s variant) is a
 * preference, so it needs functional cookies allowed by an answer to the banner (decision 059).
 */
export function isLongMemoryAllowed(consent: Consent): boolean {
  return consent.decided && isAllowed(consent, 'functional');
}

/** The list a clicked deal card sat in, its 1-based position in it, and the page it was on. */
export interface ClickPosition {
  dealId: number;
  position: number;
  list: string;
  path: string;
}

/** A list name fit to store: lower-case words and dashes, at most 64 characters; else "list". */
export function listNameOf(value: string | null | undefined): string {
  const name = (value ?? '')
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64);
  return name === '' ? 'list' : name;
}

/** A page's path without its query or fragment (click ids and tokens never reach the table). */
export function pagePathOf(value: string): string {
  const path = value.split(/[?#]/, 1)[0] ?? '/';
  return path.startsWith('/') ? path.slice(0, 500) : '/';
}
