/**
 * Starts the shop's own analytics (spec 7; spec 9 Timing; decision 059), from the one page script
 * (site-client.ts) and only when the visitor has given analytics consent. The module itself
 * (./analytics.ts) is a chunk of its own, fetched once the browser is idle so it never competes with
 * the page; the page polls for it every 300 ms, up to 40 times, and logs spec 8's
 * "DTM has not loaded correctly" through the spec 7 log call when it never arrives (about 12 s).
 */
import { ANALYTICS_NOT_LOADED, ANALYTICS_TIMING } from '@/domain/analytics';
import { pollUntilReady } from './schedule';

type AnalyticsModule = typeof import('./analytics');

export function bootAnalytics(): void {
  let loaded: AnalyticsModule | null = null;
  const load = () => {
    import('./analytics')
      .then((module) => {
        loaded = module;
      })
      .catch(() => undefined);
  };
  if ('requestIdleCallback' in window) requestIdleCallback(load, { timeout: 2000 });
  else setTimeout(load, 1);
  pollUntilReady({
    isReady: () => loaded !== null,
    onReady: () => loaded?.startAnalytics(),
    onGiveUp: () => {
      fetch('/api/v1/log', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ client: true, name: 'analytics', description: ANALYTICS_NOT_LOADED }),
      })
        .then((response) => response.text())
        .catch(() => undefined);
    },
    intervalMs: ANALYTICS_TIMING.pollMs,
    limit: ANALYTICS_TIMING.pollLimit,
  });
}
