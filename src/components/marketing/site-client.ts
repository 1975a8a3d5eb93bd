/**
 * The one script every page loads (decision 025; kept small for the pages' JavaScript budgets):
 * - consent (spec 5): opens the banner when no choice is stored, ticks its boxes to match the
 *   cookie, and keeps a landing's parameters for the choice; after a choice, a landing posts its
 *   query to the campaign call, which sets marketing cookies only with consent;
 * - the dataLayer (spec 7 Analytics): page_view, addToCart and order events (the tag manager that
 *   reads it is TagManager.astro's, on pages only when one is configured); the shop's own analytics
 *   (../analytics, decision 059), started only with analytics consent;
 * - the email lightbox (spec 2 / 6 / 9), when the page has one: after 2000 ms, to a visitor who is
 *   not a crawler, not signed in, has no affiliate-source or brand cookie and has not closed it;
 * - the Buy again flag (spec 4), set to "false" for a signed-out visitor (decision 057).
 */
import { bootAnalytics } from '@/components/analytics/boot';
import { readBuyAgainFlag, writeBuyAgainFlag } from '@/components/personal/buy-again-flag';
import { isAnalyticsAllowed } from '@/domain/analytics';
import { CONSENT_COOKIE, isAllowed, type OptionalCategory, parseConsent, readCookie } from '@/domain/consent';
import { isCrawler } from '@/domain/crawlers';
import { LIGHTBOX_DELAY_MS, visitorRefusal } from '@/domain/email-capture';
import { hasLandingParams, LANDING_COOKIES } from '@/domain/landing-params';

type DataLayerEvent = Record<string, unknown> & { event: string };
declare global {
  interface Window {
    dataLayer?: DataLayerEvent[];
  }
}

const LANDING_KEY = 'tuppence:landing';
const LIGHTBOX_COOKIE = 'email_lightbox';
const LIGHTBOX_SESSION = 'tuppence:email-lightbox';
const post = (path: string, body: unknown) =>
  fetch(path, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
const cookie = (name: string) => readCookie(document.cookie, name);
const $ = <T extends Element>(selector: string, root: ParentNode = document) => root.querySelector<T>(selector);
const consent = parseConsent(cookie(CONSENT_COOKIE));
const search = location.search;

// Consent.
const banner = $<HTMLElement>('[data-consent-banner]');
if (banner) {
  for (const box of banner.querySelectorAll<HTMLInputElement>('input[name="categories"]')) {
    box.checked = isAllowed(consent, box.value as OptionalCategory);
  }
  const landing = $<HTMLInputElement>('[data-consent-landing]', banner);
  if (!consent.decided) {
    if (hasLandingParams(search)) sessionStorage.setItem(LANDING_KEY, search);
    if (landing) landing.value = sessionStorage.getItem(LANDING_KEY) ?? '';
    // Opened already with the first paint by the inline opener (./consent-opener.mjs), as a rule.
    if (!banner.matches(':popover-open')) banner.showPopover();
  } else {
    sessionStorage.removeItem(LANDING_KEY);
    const close = $<HTMLElement>('[data-consent-close]', banner);
    if (close) close.hidden = false;
  }
}
if (consent.decided && hasLandingParams(search)) post('/api/v1/campaign', { search }).catch(() => undefined);

// The shop's own analytics (spec 7 / spec 9 timing; decision 059): only with analytics consent.
if (isAnalyticsAllowed(consent)) bootAnalytics();

// The dataLayer.
window.dataLayer ??= [];
const dataLayer = window.dataLayer;
dataLayer.push({
  event: 'page_view',
  page_path: location.pathname,
  page_type: document.documentElement.dataset.pageType,
});
const order = $<HTMLElement>('[data-analytics-order]')?.dataset.analyticsOrder;
if (order) dataLayer.push({ event: 'order', ecommerce: JSON.parse(order) });
document.addEventListener('submit', (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-add-to-cart')) return;
  const data = new FormData(form);
  dataLayer.push({
    event: 'addToCart',
    ecommerce: {
      currency: 'GBP',
      items: [
        { item_id: data.get('dealId'), item_variant: data.get('productId'), quantity: Number(data.get('quantity')) },
      ],
    },
  });
});
// spec 4 "false on reset": signed out, the Buy again flag says no deals (decision 057).
if (cookie('user_logged_in') !== 'true' && readBuyAgainFlag()) writeBuyAgainFlag(false);

// The email lightbox.
const dialog = $<HTMLDialogElement>('[data-email-capture]');
if (dialog) {
  const refusal = visitorRefusal({
    isCrawler: isCrawler(navigator.userAgent),
    // spec 3 cookies (src/domain/cookies.ts IDENTITY_COOKIES): user logged in, brand.
    signedIn: cookie('user_logged_in') === 'true',
    hasAffiliateCookie: cookie(LANDING_COOKIES.affiliateSource) !== null,
    hasBrandCookie: cookie('brand_user') !== null,
    dismissed: cookie(LIGHTBOX_COOKIE) !== null || sessionStorage.getItem(LIGHTBOX_SESSION) !== null,
  });
  // One prompt at a time: the lightbox waits for the cookie choice (the choice reloads the page).
  const decision = refusal ?? (consent.decided ? 'show' : 'awaiting-consent');
  // What was decided, for anyone inspecting the page (and the stories that check "never").
  dialog.dataset.decision = decision;
  if (decision === 'show') {
    const form = $<HTMLFormElement>('form[data-email-capture-form]', dialog);
    const input = $<HTMLInputElement>('input', dialog);
    const message = $<HTMLElement>('[data-email-capture-message]', dialog);
    const done = $<HTMLElement>('[data-email-capture-done]', dialog);
    dialog.addEventListener('close', () => {
      // Closing is remembered for 30 days when functional cookies are allowed, else for this tab.
      sessionStorage.setItem(LIGHTBOX_SESSION, '1');
      if (isAllowed(consent, 'functional')) {
        // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from browsers the shop supports.
        document.cookie = `${LIGHTBOX_COOKIE}=1; path=/; max-age=2592000; samesite=lax`;
      }
    });
    form?.addEventListener('submit', async (event) => {
      event.preventDefault();
      if (!input || !message || !done) return;
      message.textContent = '';
      const response = await post('/api/v1/email', { email: input.value, source: 'lightbox' }).catch(() => null);
      const body = (await response?.json().catch(() => null)) as { message?: string } | null;
      if (response?.ok) {
        form.hidden = true;
        done.hidden = false;
        const text = $<HTMLElement>('[role="status"]', done);
        if (text) text.textContent = body?.message ?? '';
        $<HTMLElement>('button', done)?.focus();
      } else {
        message.textContent = body?.message ?? 'Something went wrong. Please try again.';
        input.setAttribute('aria-invalid', 'true');
        input.focus();
      }
    });
    setTimeout(() => {
      if (!document.querySelector('dialog[open]') && !cookie('user_logged_in')) dialog.showModal();
    }, LIGHTBOX_DELAY_MS);
  }
}
