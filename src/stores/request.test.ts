import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@/domain/messages';
import { ConnectionTimeout, fetchWithTimeout, REQUEST_TIMEOUT_MS, requestFailureMessage } from './request';

/** A transport that never answers, as a hung connection; it notes whether it was told to stop. */
function hungTransport() {
  const seen: { signal: AbortSignal | null } = { signal: null };
  const send = ((_input: string | URL | Request, init?: RequestInit) => {
    seen.signal = init?.signal ?? null;
    return new Promise<Response>(() => {});
  }) as typeof fetch;
  return { send, seen };
}

describe('fetchWithTimeout (spec 9 request timeout 20000 ms; spec 8 "Connection timeout")', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('spec 9: the browser waits 20000 ms for the shop', () => {
    expect(REQUEST_TIMEOUT_MS).toBe(20_000);
  });

  it('a call with no answer fails with "Connection timeout" at the limit, and the request is aborted', async () => {
    const { send, seen } = hungTransport();
    const call = fetchWithTimeout('/api/v1/wishlist', {}, REQUEST_TIMEOUT_MS, send);
    const outcome = call.then(
      () => 'answered',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(seen.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ConnectionTimeout);
    expect((error as Error).message).toBe('Connection timeout');
    expect(seen.signal?.aborted).toBe(true);
    expect(requestFailureMessage(error, MESSAGES.somethingWentWrong)).toBe('Connection timeout');
  });

  it('an answer in time is returned as it came, and no timer is left behind', async () => {
    const send = (async () => new Response('{"deals":[]}', { status: 200 })) as typeof fetch;
    const response = await fetchWithTimeout('/api/v1/wishlist', {}, 2500, send);
    expect(response.status).toBe(200);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("a network failure is not a timeout: the caller's generic words are shown", async () => {
    const send = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    const error = await fetchWithTimeout('/api/v1/wishlist', {}, REQUEST_TIMEOUT_MS, send).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(requestFailureMessage(error, MESSAGES.somethingWentWrong)).toBe(MESSAGES.somethingWentWrong);
  });

  it("the caller's own signal still cancels the call (a newer search replaces an older one)", async () => {
    const { send, seen } = hungTransport();
    const caller = new AbortController();
    const call = fetchWithTimeout('/api/v1/suggest', { signal: caller.signal }, REQUEST_TIMEOUT_MS, send);
    caller.abort();
    expect(seen.signal?.aborted).toBe(true);
    // Even a transport that ignores the abort ends the call, as an abort, not a timeout.
    const error = await call.catch((e: unknown) => e);
    expect((error as Error).name).toBe('AbortError');
    expect(error).not.toBeInstanceOf(ConnectionTimeout);
  });
});
