/**
 * The spec 9 analytics timing as small schedulers over the browser's timers (decision 059), apart
 * from the page so each is tested with fake timers: the readiness poll, the page view's one retry,
 * the click position's delayed save and the order's delayed tracking. The figures are the callers'
 * (ANALYTICS_TIMING in src/domain/analytics.ts).
 */

/**
 * Asks `isReady` every `intervalMs`, at most `limit` times: the first yes calls `onReady`; still no
 * after the last ask calls `onGiveUp` (spec 8 "DTM has not loaded correctly", about 12 s). Answers a
 * stop function.
 */
export function pollUntilReady(options: {
  isReady: () => boolean;
  onReady: () => void;
  onGiveUp: () => void;
  intervalMs: number;
  limit: number;
}): () => void {
  let polls = 0;
  const timer = setInterval(() => {
    polls += 1;
    if (options.isReady()) {
      clearInterval(timer);
      options.onReady();
    } else if (polls >= options.limit) {
      clearInterval(timer);
      options.onGiveUp();
    }
  }, options.intervalMs);
  return () => clearInterval(timer);
}

/**
 * Sends once and, when that did not arrive (`send` answers false or throws), once more after
 * `retryMs`. Answers whether either arrived.
 */
export function sendWithOneRetry(send: () => Promise<boolean>, retryMs: number): Promise<boolean> {
  const attempt = () => send().catch(() => false);
  return attempt().then((sent) =>
    sent ? true : new Promise<boolean>((resolve) => setTimeout(() => resolve(attempt()), retryMs)),
  );
}

/**
 * Holds one pending value (a clicked card's position) and sends it `delayMs` after it was saved, or
 * at once when `flush` is called first (the page is being left). A newer save replaces an unsent one.
 */
export function delayedSave<T>(send: (value: T) => void, delayMs: number) {
  let pending: T | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    if (pending === null) return;
    const value = pending;
    pending = null;
    send(value);
  };
  return {
    save(value: T): void {
      pending = value;
      clearTimeout(timer);
      timer = setTimeout(flush, delayMs);
    },
    flush,
    get pending(): T | null {
      return pending;
    },
  };
}

/**
 * Runs `track` when the page has been loaded `delayMs` (counted from the page's start, `sinceStartMs`
 * ago; at once when that is past already).
 */
export function afterPageDelay(
  track: () => void,
  delayMs: number,
  sinceStartMs: number,
): ReturnType<typeof setTimeout> {
  return setTimeout(track, Math.max(0, delayMs - sinceStartMs));
}
