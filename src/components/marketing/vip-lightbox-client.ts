/**
 * Opens the VIP lightbox (decision 057) once the deal page's personal server island has put it in
 * the page: it is there only for a shopper who is not VIP, on a deal where VIP gives something, who
 * has no lightbox_vip cookie. Here the browser's half of the rules (domain/vip-lightbox.ts): not on a
 * spec 2 excluded page, not to a crawler, not before the cookie banner is answered, never in a page
 * view where the email-capture lightbox shows (its decision is on its dialog, made by the site
 * script), never over another dialog. Shown at most once in 30 days: the lightbox_vip cookie is set
 * when it opens (functional consent; otherwise this tab remembers it).
 */
import { CONSENT_COOKIE, isAllowed, parseConsent, readCookie } from '@/domain/consent';
import { isCrawler } from '@/domain/crawlers';
import {
  pageRefusal,
  VIP_LIGHTBOX_COOKIE,
  VIP_LIGHTBOX_DELAY_MS,
  VIP_LIGHTBOX_MAX_AGE_SECONDS,
} from '@/domain/vip-lightbox';

const TAB_KEY = 'tuppence:vip-lightbox';
const SELECTOR = 'dialog[data-vip-lightbox]';

function seenThisTab(): boolean {
  try {
    return sessionStorage.getItem(TAB_KEY) !== null;
  } catch {
    return false;
  }
}

/** Remembers that it was shown: the cookie with functional consent (spec 5), and this tab either way. */
function remember(functionalAllowed: boolean): void {
  try {
    sessionStorage.setItem(TAB_KEY, '1');
  } catch {
    // Blocked storage: the cookie (when allowed) still remembers.
  }
  if (functionalAllowed) {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from browsers the shop supports.
    document.cookie = `${VIP_LIGHTBOX_COOKIE}=1; path=/; max-age=${VIP_LIGHTBOX_MAX_AGE_SECONDS}; samesite=lax`;
  }
}

function decideAndOpen(dialog: HTMLDialogElement): void {
  const consent = parseConsent(readCookie(document.cookie, CONSENT_COOKIE));
  const refusal = pageRefusal({
    pathname: location.pathname,
    isCrawler: isCrawler(navigator.userAgent),
    consentDecided: consent.decided,
    emailCaptureShows: document.querySelector<HTMLElement>('[data-email-capture]')?.dataset.decision === 'show',
    dialogOpen: document.querySelector('dialog[open]') !== null,
    seenThisTab: seenThisTab(),
  });
  // What was decided, for anyone inspecting the page (and the stories that check "never").
  dialog.dataset.decision = refusal ?? 'show';
  if (refusal !== null) return;
  setTimeout(() => {
    if (document.querySelector('dialog[open]') !== null) {
      dialog.dataset.decision = 'another-dialog';
      return;
    }
    remember(isAllowed(consent, 'functional'));
    dialog.showModal();
  }, VIP_LIGHTBOX_DELAY_MS);
}

/** Waits for the server island to bring the lightbox (it may never: then nothing happens). */
export function watchForVipLightbox(): void {
  const present = document.querySelector<HTMLDialogElement>(SELECTOR);
  if (present) {
    decideAndOpen(present);
    return;
  }
  const observer = new MutationObserver(() => {
    const dialog = document.querySelector<HTMLDialogElement>(SELECTOR);
    if (!dialog) return;
    observer.disconnect();
    decideAndOpen(dialog);
  });
  observer.observe(document.body, { childList: true, subtree: true });
}
