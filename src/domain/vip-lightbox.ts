/**
 * The VIP lightbox (spec 3 cookie "lightbox VIP", spec 3 User "lightbox", spec 6 "Non-VIP users see a
 * VIP prompt"; decision 057): a dialog inviting a shopper who is not VIP to join, on a deal page
 * where VIP gives something (a VIP price or a VIP-exclusive option). Shown at most once in
 * VIP_LIGHTBOX_DAYS, remembered by the lightbox_vip cookie; never to a VIP member, never on the
 * spec 2 email-capture exclusion list, never in the same page view as the email-capture lightbox,
 * and never over the cookie banner. Pure: the server island decides its half (who is looking, what
 * the deal offers, the cookie), the browser the rest.
 */
import { isExcludedPath, LIGHTBOX_DELAY_MS } from './email-capture';

/** spec 3 cookie "lightbox VIP": set when the lightbox shows. */
export const VIP_LIGHTBOX_COOKIE = 'lightbox_vip';

/** spec 9 cookie lifetimes (1, 7, 30, 182, 365 days): 30, as the email lightbox's (decision 057). */
export const VIP_LIGHTBOX_DAYS = 30;

/** Seconds, for the cookie's Max-Age. */
export const VIP_LIGHTBOX_MAX_AGE_SECONDS = VIP_LIGHTBOX_DAYS * 24 * 60 * 60;

/** spec 9's lightbox delay (2000 ms), so the prompt never jumps at a shopper on first paint. */
export const VIP_LIGHTBOX_DELAY_MS = LIGHTBOX_DELAY_MS;

export type VipLightboxRefusal =
  | 'vip'
  | 'no-vip-perk'
  | 'seen'
  | 'excluded-page'
  | 'crawler'
  | 'awaiting-consent'
  | 'email-capture'
  | 'another-dialog';

/** The server island's half: who is looking and what the deal offers. */
export interface VipLightboxShopper {
  /** The signed-in shopper is a VIP member (false for a guest). */
  isVip: boolean;
  /** The deal has a VIP price or a VIP-exclusive option. */
  hasVipPerk: boolean;
  /** The lightbox_vip cookie is present: it was shown within VIP_LIGHTBOX_DAYS. */
  hasSeenCookie: boolean;
}

/** Null when the island should carry the lightbox, else why not. */
export function shopperRefusal(shopper: VipLightboxShopper): VipLightboxRefusal | null {
  if (shopper.isVip) return 'vip';
  if (!shopper.hasVipPerk) return 'no-vip-perk';
  if (shopper.hasSeenCookie) return 'seen';
  return null;
}

/** The browser's half: the page, the other prompts, and this tab's memory. */
export interface VipLightboxPage {
  pathname: string;
  isCrawler: boolean;
  /** The cookie banner has been answered (one prompt at a time, as the email lightbox). */
  consentDecided: boolean;
  /** The email-capture lightbox is showing, or will show, in this page view. */
  emailCaptureShows: boolean;
  /** Another dialog is open. */
  dialogOpen: boolean;
  /** Shown already in this tab (the memory used when functional cookies are refused). */
  seenThisTab: boolean;
}

/** Null when the lightbox may open now, else why not. */
export function pageRefusal(page: VipLightboxPage): VipLightboxRefusal | null {
  if (isExcludedPath(page.pathname)) return 'excluded-page';
  if (page.isCrawler) return 'crawler';
  if (page.seenThisTab) return 'seen';
  if (!page.consentDecided) return 'awaiting-consent';
  if (page.emailCaptureShows) return 'email-capture';
  if (page.dialogOpen) return 'another-dialog';
  return null;
}
