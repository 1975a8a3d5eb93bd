/**
 * The consent banner's behaviour (spec 5; issue 25.2), the landing report (issue 25.1) and the
 * experiments (spec 4), on every page. Plain DOM, no framework: it is bundled once and small.
 * - No consent cookie: the banner shows (fixed at the bottom, so nothing on the page moves).
 * - Any "Cookie settings" control ([data-consent-open]) reopens it with the choices shown.
 * - A choice is written to the consent cookie for 182 days and announced as `tuppence:consent`.
 * - A landing's click ids wait in this tab's session storage until there is a choice; the server
 *   sets them only with marketing consent (and removes marketing cookies when it is withdrawn).
 */
import {
  CONSENT_COOKIE,
  CONSENT_LIFETIME_DAYS,
  type Consent,
  choiceOf,
  formatConsent,
  isAllowed,
  type OptionalCategory,
  parseConsent,
  readCookie,
} from '@/domain/consent';
import { assignVariant, EXPERIMENT_NAMES, EXPERIMENTS, variantExpiry } from '@/domain/experiments';
import { hasLandingParams } from '@/domain/landing-params';
import { writeCookie } from './browser-cookie';

const PENDING_LANDING = 'tuppence:landing';
const CONSENT_EVENT = 'tuppence:consent';

function readConsent(): Consent {
  return parseConsent(readCookie(document.cookie, CONSENT_COOKIE));
}

function writeConsent(choice: Record<OptionalCategory, boolean>): void {
  writeCookie(CONSENT_COOKIE, encodeURIComponent(formatConsent(choice)), {
    maxAgeSeconds: CONSENT_LIFETIME_DAYS * 24 * 60 * 60,
  });
}

/** Posts a landing's query; the server sets or clears the marketing cookies by the consent cookie. */
function reportLanding(search: string): void {
  void fetch('/api/v1/campaign', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ search }),
  }).catch(() => {
    // Attribution is best effort: a failed report changes nothing for the shopper.
  });
}

/** spec 4: each experiment's variant, drawn once and kept (a performance cookie: allowed unless denied). */
function assignExperiments(consent: Consent): void {
  if (!isAllowed(consent, 'performance')) return;
  const now = new Date();
  for (const name of EXPERIMENT_NAMES) {
    const definition = EXPERIMENTS[name];
    const { value, isNew } = assignVariant(definition, readCookie(document.cookie, definition.cookie), Math.random);
    if (!isNew) continue;
    writeCookie(definition.cookie, value, { expires: variantExpiry(definition, now) });
  }
}

function setUp(): void {
  const banner = document.querySelector<HTMLElement>('[data-consent-banner]');
  const consent = readConsent();
  const search = location.search;
  if (hasLandingParams(search)) {
    if (consent.decided) reportLanding(search);
    else sessionStorage.setItem(PENDING_LANDING, search);
  }
  assignExperiments(consent);
  if (banner === null) return;

  const details = banner.querySelector<HTMLElement>('[data-consent-details]');
  const boxes = [...banner.querySelectorAll<HTMLInputElement>('input[data-consent-category]')];
  const heading = banner.querySelector<HTMLElement>('[data-consent-heading]');
  const manage = banner.querySelector<HTMLButtonElement>('[data-consent-manage]');
  const save = banner.querySelector<HTMLButtonElement>('[data-consent-save]');
  let returnFocus: HTMLElement | null = null;

  const tick = (from: Consent) => {
    const choice = choiceOf(from);
    for (const box of boxes) box.checked = choice[box.dataset.consentCategory as OptionalCategory] ?? false;
  };

  const showDetails = (show: boolean) => {
    if (details) details.hidden = !show;
    if (save) save.hidden = !show;
    if (manage) {
      manage.hidden = show;
      manage.setAttribute('aria-expanded', String(show));
    }
  };

  const open = (withDetails: boolean, focus: boolean) => {
    tick(readConsent());
    showDetails(withDetails);
    banner.hidden = false;
    if (focus) heading?.focus();
  };

  const close = () => {
    banner.hidden = true;
    returnFocus?.focus();
    returnFocus = null;
  };

  const choose = (choice: Record<OptionalCategory, boolean>) => {
    const before = readConsent();
    writeConsent(choice);
    const after = readConsent();
    const pending = sessionStorage.getItem(PENDING_LANDING);
    sessionStorage.removeItem(PENDING_LANDING);
    // Report a waiting landing, or let the server remove marketing cookies when marketing is withdrawn.
    if (pending !== null || (isAllowed(before, 'marketing') && !choice.marketing)) reportLanding(pending ?? '');
    assignExperiments(after);
    window.dispatchEvent(new CustomEvent(CONSENT_EVENT, { detail: choice }));
    close();
  };

  banner.addEventListener('click', (event) => {
    const target = (event.target as HTMLElement).closest<HTMLElement>('[data-consent-action]');
    if (target === null) return;
    const action = target.dataset.consentAction;
    if (action === 'accept') choose({ performance: true, functional: true, marketing: true });
    else if (action === 'reject') choose({ performance: false, functional: false, marketing: false });
    else if (action === 'manage') {
      showDetails(true);
      boxes[0]?.focus();
    } else if (action === 'save') {
      const choice = { performance: false, functional: false, marketing: false };
      for (const box of boxes) choice[box.dataset.consentCategory as OptionalCategory] = box.checked;
      choose(choice);
    }
  });

  banner.addEventListener('keydown', (event) => {
    // Escape closes a reopened banner; a first visit still has to choose (the cookie decides nothing yet).
    if (event.key === 'Escape' && readConsent().decided) close();
  });

  document.addEventListener('click', (event) => {
    const opener = (event.target as HTMLElement).closest<HTMLElement>('[data-consent-open]');
    if (opener === null) return;
    event.preventDefault();
    returnFocus = opener;
    open(true, true);
  });

  if (!consent.decided) open(false, false);
}

setUp();
