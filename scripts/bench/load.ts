/**
 * A small closed-loop HTTP load generator for the bench: N connections each send the next
 * request as soon as the last one answered. Bounded by a request count, never by a clock.
 */

export interface LoadResult {
  label: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  kb: number;
  /** X-Astro-Cache of the last response (HIT, MISS, STALE) or '-'. */
  cache: string;
  errors: number;
}

export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/**
 * Sends `requests` GETs, `concurrency` at a time, to the URLs `urlFor(i)` gives (so a run can
 * vary the URL per request, e.g. to bypass the cache), after a short warm-up.
 */
export async function runLoad(
  label: string,
  urlFor: (i: number) => string,
  options: { requests: number; concurrency: number; warmup?: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const init = { headers: options.headers ?? {} };
  for (let i = 0; i < (options.warmup ?? 20); i++) await (await fetch(urlFor(-1 - i), init)).arrayBuffer();
  const times: number[] = [];
  let bytes = 0;
  let errors = 0;
  let cache = '-';
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (next < options.requests) {
        const i = next++;
        const t0 = performance.now();
        const response = await fetch(urlFor(i), init);
        bytes = (await response.arrayBuffer()).byteLength;
        times.push(performance.now() - t0);
        if (!response.ok) errors++;
        cache = response.headers.get('x-astro-cache') ?? '-';
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    label,
    requests: times.length,
    rps: times.length / seconds,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    kb: bytes / 1024,
    cache,
    errors,
  };
}

/** Prints load results as an aligned table. */
export function printLoadTable(results: readonly LoadResult[]): void {
  const head = ['page', 'req/s', 'p50 ms', 'p99 ms', 'KB', 'cache', 'errors'];
  console.log(
    `${head[0]?.padEnd(34)}${head
      .slice(1)
      .map((h) => h.padStart(9))
      .join('')}`,
  );
  for (const r of results) {
    console.log(
      r.label.padEnd(34) +
        [r.rps.toFixed(0), r.p50.toFixed(1), r.p99.toFixed(1), r.kb.toFixed(0), r.cache, String(r.errors)]
          .map((v) => v.padStart(9))
          .join(''),
    );
  }
}
