/**
 * Deal impressions by location (spec 7; decision 033), the browser's side: a listing page's deal cards
 * count as seen once half of one has been on screen (an IntersectionObserver, no scroll handlers),
 * and the ids go to POST /api/v1/deal/impressions in batches of up to 50: when a batch is full, 5 s
 * after the last card seen, and when the page is hidden or left (sendBeacon, else a keepalive fetch).
 * Cards added later (Show more) are watched too. It starts when the browser is idle and never waits
 * on the answer; a failure is logged and dropped, never shown.
 */
import { IMPRESSIONS_FLUSH_MS, IMPRESSIONS_PER_BATCH, impressionBatches } from '@/domain/impressions';

const ENDPOINT = '/api/v1/deal/impressions';

function send(location: string, dealIds: number[]): void {
  const body = JSON.stringify({ location, dealIds });
  try {
    if (navigator.sendBeacon?.(ENDPOINT, body)) return;
  } catch {
    // A beacon refused (too large, not allowed): the fetch below.
  }
  fetch(ENDPOINT, {
    method: 'POST',
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body,
  }).catch((error: unknown) => console.warn('[impressions] not recorded', error));
}

/** Watches the deal cards inside `root` and reports them for `location` (a location short name). */
export function watchDealImpressions(root: HTMLElement, location: string): void {
  let seen: number[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    for (const batch of impressionBatches(seen)) send(location, batch);
    seen = [];
  };
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        const id = Number((entry.target as HTMLElement).dataset.dealId);
        if (Number.isSafeInteger(id) && id > 0) seen.push(id);
      }
      if (seen.length >= IMPRESSIONS_PER_BATCH) flush();
      else if (seen.length > 0) {
        clearTimeout(timer);
        timer = setTimeout(flush, IMPRESSIONS_FLUSH_MS);
      }
    },
    { threshold: 0.5 },
  );
  const watch = (scope: HTMLElement) => {
    if (scope.matches('[data-deal-id]')) observer.observe(scope);
    for (const card of scope.querySelectorAll('[data-deal-id]')) observer.observe(card);
  };
  watch(root);
  new MutationObserver((changes) => {
    for (const change of changes) for (const node of change.addedNodes) if (node instanceof HTMLElement) watch(node);
  }).observe(root, { childList: true, subtree: true });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  window.addEventListener('pagehide', flush);
}
