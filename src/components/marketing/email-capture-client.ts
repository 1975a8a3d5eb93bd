/**
 * The email-capture lightbox (spec 2 / 6 / 9; issue 25.3). 2000 ms after the page, a guest who is
 * not a crawler and has no user-logged-in, affiliate-source or brand cookie, and has not closed it
 * or signed up, sees a modal <dialog> (focus kept inside, Escape closes). Signing up posts to
 * spec 7 email; the confirmation comes by mail (double opt-in). Closing it is remembered for 30
 * days in a functional cookie (spec 5: allowed unless denied), else for this tab only.
 */
import { CONSENT_COOKIE, isAllowed, parseConsent, readCookie } from '@/domain/consent';
import { IDENTITY_COOKIES } from '@/domain/cookies';
import { isCrawler } from '@/domain/crawlers';
import { lightboxDecision } from '@/domain/email-capture';
import { parseBrandCookie } from '@/domain/identity';
import { LANDING_COOKIES } from '@/domain/landing-params';
import { writeCookie } from './browser-cookie';

const DISMISSED_COOKIE = 'email_lightbox';
const DISMISSED_DAYS = 30;
const DISMISSED_SESSION = 'tuppence:email-lightbox';

function isDismissed(): boolean {
  return readCookie(document.cookie, DISMISSED_COOKIE) !== null || sessionStorage.getItem(DISMISSED_SESSION) !== null;
}

function rememberDismissed(): void {
  sessionStorage.setItem(DISMISSED_SESSION, '1');
  if (isAllowed(parseConsent(readCookie(document.cookie, CONSENT_COOKIE)), 'functional')) {
    writeCookie(DISMISSED_COOKIE, '1', { maxAgeSeconds: DISMISSED_DAYS * 86400 });
  }
}

function setUp(): void {
  const dialog = document.querySelector<HTMLDialogElement>('[data-email-capture]');
  if (dialog === null) return;
  const cookies = document.cookie;
  const decision = lightboxDecision({
    pathname: location.pathname,
    now: new Date(),
    signedIn: readCookie(cookies, IDENTITY_COOKIES.userLoggedIn) === 'true',
    hasAffiliateCookie: readCookie(cookies, LANDING_COOKIES.affiliateSource) !== null,
    hasBrandCookie: parseBrandCookie(readCookie(cookies, IDENTITY_COOKIES.brand)) !== null,
    isCrawler: isCrawler(navigator.userAgent) || (navigator.webdriver === true && /Headless/.test(navigator.userAgent)),
    dismissed: isDismissed(),
  });
  // What was decided, for anyone inspecting the page (and the stories that check "never").
  dialog.dataset.decision = decision.show ? 'show' : decision.reason;
  if (!decision.show) return;

  const form = dialog.querySelector<HTMLFormElement>('form[data-email-capture-form]');
  const input = dialog.querySelector<HTMLInputElement>('input[type="email"]');
  const message = dialog.querySelector<HTMLElement>('[data-email-capture-message]');
  const done = dialog.querySelector<HTMLElement>('[data-email-capture-done]');
  const submit = form?.querySelector<HTMLButtonElement>('button[type="submit"]');

  dialog.addEventListener('close', rememberDismissed);
  dialog.querySelector('[data-email-capture-close]')?.addEventListener('click', () => dialog.close());
  // A click on the backdrop (the dialog box itself, outside its content) closes it too.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });

  form?.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!input || !message || !submit) return;
    message.textContent = '';
    input.removeAttribute('aria-invalid');
    submit.disabled = true;
    try {
      const response = await fetch('/api/v1/email', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ email: input.value, source: 'lightbox' }),
      });
      const body = (await response.json().catch(() => ({}))) as { message?: string };
      if (response.ok) {
        rememberDismissed();
        form.hidden = true;
        if (done) {
          done.hidden = false;
          const text = done.querySelector<HTMLElement>('[data-email-capture-done-text]');
          if (text) text.textContent = body.message ?? '';
          done.querySelector<HTMLElement>('button')?.focus();
        }
      } else {
        message.textContent = body.message ?? 'Something went wrong. Please try again.';
        input.setAttribute('aria-invalid', 'true');
        input.focus();
      }
    } catch {
      message.textContent = 'Something went wrong. Please try again.';
    } finally {
      submit.disabled = false;
    }
  });

  window.setTimeout(() => {
    // Another dialog (the consent banner is not one) or a late sign-in cookie wins.
    if (document.querySelector('dialog[open]') || readCookie(document.cookie, IDENTITY_COOKIES.userLoggedIn)) return;
    dialog.showModal();
  }, decision.delayMs);
}

setUp();
