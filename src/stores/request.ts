/**
 * The browser's calls to the shop's own API, with a time limit (spec 9 "request timeout 20000 ms";
 * spec 8 "Connection timeout" on a connection timeout; docs/decisions/060). A call that has no
 * answer in time is aborted, so a hung connection never leaves a button spinning, and it fails with
 * `ConnectionTimeout`, whose message is spec 8's words. Stores call `fetchWithTimeout` instead of
 * `fetch` and word a failure with `requestFailureMessage`.
 */
import { MESSAGES } from '@/domain/messages';

/** spec 9: how long the browser waits for the shop's answer. */
export const REQUEST_TIMEOUT_MS = 20_000;

/** No answer came within the time limit: spec 8 "Connection timeout". */
export class ConnectionTimeout extends Error {
  constructor() {
    super(MESSAGES.connectionTimeout);
    this.name = 'ConnectionTimeout';
  }
}

/**
 * `fetch`, aborted after `timeoutMs` without response headers: then it rejects with
 * ConnectionTimeout, whether or not the transport heeds the abort (the two race: spec 9's race
 * timeout). A signal the caller passes still cancels it, rejecting as that signal says.
 */
export async function fetchWithTimeout(
  input: string | URL,
  init: RequestInit = {},
  timeoutMs: number = REQUEST_TIMEOUT_MS,
  send: typeof fetch = (request, options) => fetch(request, options),
): Promise<Response> {
  const controller = new AbortController();
  const outer = init.signal;
  if (outer?.aborted) throw outer.reason;
  const cancel = () => controller.abort(outer?.reason);
  outer?.addEventListener('abort', cancel, { once: true });
  const stopped = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
  });
  const timer = setTimeout(() => controller.abort(new ConnectionTimeout()), timeoutMs);
  try {
    return await Promise.race([send(input, { ...init, signal: controller.signal }), stopped]);
  } catch (error) {
    throw controller.signal.reason instanceof ConnectionTimeout ? controller.signal.reason : error;
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', cancel);
  }
}

/**
 * What the shopper reads when a call failed before any answer: spec 8 "Connection timeout" after
 * the time limit, else `otherwise` (the action's own generic words).
 */
export function requestFailureMessage(error: unknown, otherwise: string): string {
  return error instanceof ConnectionTimeout ? MESSAGES.connectionTimeout : otherwise;
}
