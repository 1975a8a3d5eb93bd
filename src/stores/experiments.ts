/**
 * The browser's side of spec 4 exposure records (docs/decisions/058): once a variant has decided
 * what the visitor sees on a shared page or in an island, say so once per browser session. Only
 * with analytics consent (decision 059) and an assigned variant; the server reads the variant from
 * the visitor's cookie itself and keeps one record per session and experiment.
 */
import { isAnalyticsAllowed } from '@/domain/analytics';
import { CONSENT_COOKIE, parseConsent, readCookie } from '@/domain/consent';
import { assignedVariant, EXPERIMENTS, type ExperimentName } from '@/domain/experiments';

const SENT_KEY = (name: ExperimentName) => `tuppence:exposed:${name}`;

/** The visitor's valid variant of `name` as the browser holds it, or null (they see the control). */
export function browserVariant(name: ExperimentName): string | null {
  return assignedVariant(name, readCookie(document.cookie, EXPERIMENTS[name].cookie));
}

/** Reports this page's exposure to `name`, at most once per browser session; never throws. */
export function reportExposure(name: ExperimentName): void {
  try {
    if (browserVariant(name) === null) return;
    if (!isAnalyticsAllowed(parseConsent(readCookie(document.cookie, CONSENT_COOKIE)))) return;
    if (sessionStorage.getItem(SENT_KEY(name)) !== null) return;
    sessionStorage.setItem(SENT_KEY(name), '1');
    fetch('/api/v1/experiments/exposure', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ experiment: name, path: location.pathname }),
    })
      // Read to its end: an answer whose body nobody reads stays open in the browser.
      .then((response) => response.text())
      .catch(() => sessionStorage.removeItem(SENT_KEY(name)));
  } catch {
    // Storage refused (private mode): the exposure goes unrecorded; the page works the same.
  }
}
