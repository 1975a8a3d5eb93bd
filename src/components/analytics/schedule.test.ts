/**
 * spec 9 Timing, the analytics schedulers under fake timers: "Analytics poll every 300 ms, up to 40
 * times. Page-view retry 1500 ms, click position save 3500 ms, order tracking delay 2000 ms." With
 * spec 8's "DTM has not loaded correctly" after the last poll (about 12 s). Decision 059.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANALYTICS_TIMING } from '@/domain/analytics';
import { afterPageDelay, delayedSave, pollUntilReady, sendWithOneRetry } from './schedule';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('spec 9: the analytics layer is polled every 300 ms, up to 40 times', () => {
  const poll = (isReady: () => boolean) => {
    const onReady = vi.fn();
    const onGiveUp = vi.fn();
    pollUntilReady({
      isReady,
      onReady,
      onGiveUp,
      intervalMs: ANALYTICS_TIMING.pollMs,
      limit: ANALYTICS_TIMING.pollLimit,
    });
    return { onReady, onGiveUp };
  };

  it('starts the analytics at the first poll that finds the layer ready, and polls no more', () => {
    let ready = false;
    const isReady = vi.fn(() => ready);
    const { onReady, onGiveUp } = poll(isReady);
    vi.advanceTimersByTime(299);
    expect(isReady).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(isReady).toHaveBeenCalledTimes(1);
    ready = true;
    vi.advanceTimersByTime(300);
    expect(onReady).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(isReady).toHaveBeenCalledTimes(2);
    expect(onGiveUp).not.toHaveBeenCalled();
  });

  it('spec 8: gives up after the 40th poll (12 s), once, and never starts', () => {
    const isReady = vi.fn(() => false);
    const { onReady, onGiveUp } = poll(isReady);
    vi.advanceTimersByTime(11_999);
    expect(onGiveUp).not.toHaveBeenCalled();
    expect(isReady).toHaveBeenCalledTimes(39);
    vi.advanceTimersByTime(1);
    expect(isReady).toHaveBeenCalledTimes(40);
    expect(onGiveUp).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(isReady).toHaveBeenCalledTimes(40);
    expect(onReady).not.toHaveBeenCalled();
  });

  it('ready at the 40th poll still starts (no message)', () => {
    let polls = 0;
    const { onReady, onGiveUp } = poll(() => ++polls === 40);
    vi.advanceTimersByTime(12_000);
    expect(onReady).toHaveBeenCalledTimes(1);
    expect(onGiveUp).not.toHaveBeenCalled();
  });
});

describe('spec 9: a page view that did not arrive is sent once more after 1500 ms', () => {
  it('one send when the first arrives', async () => {
    const send = vi.fn(async () => true);
    await expect(sendWithOneRetry(send, ANALYTICS_TIMING.pageViewRetryMs)).resolves.toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['answered with a failure', async () => false],
    [
      'with no answer (offline)',
      async (): Promise<boolean> => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('the retry waits 1500 ms when the first was %s, and there is no third', async (_, first) => {
    const send = vi
      .fn(first)
      .mockImplementationOnce(first)
      .mockImplementation(async () => true);
    const result = sendWithOneRetry(send, ANALYTICS_TIMING.pageViewRetryMs);
    await vi.advanceTimersByTimeAsync(1499);
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(2);
    await expect(result).resolves.toBe(true);
  });

  it('gives up after the one retry', async () => {
    const send = vi.fn(async () => false);
    const result = sendWithOneRetry(send, ANALYTICS_TIMING.pageViewRetryMs);
    await vi.advanceTimersByTimeAsync(60_000);
    await expect(result).resolves.toBe(false);
    expect(send).toHaveBeenCalledTimes(2);
  });
});

describe('spec 9: a click position is saved 3500 ms after the click, or when the page is left first', () => {
  it('sends 3500 ms after the click', () => {
    const send = vi.fn();
    const clicks = delayedSave<number>(send, ANALYTICS_TIMING.clickPositionSaveMs);
    clicks.save(4);
    vi.advanceTimersByTime(3499);
    expect(send).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(send).toHaveBeenCalledWith(4);
    expect(clicks.pending).toBeNull();
  });

  it('leaving the page sends at once, and nothing is sent twice', () => {
    const send = vi.fn();
    const clicks = delayedSave<number>(send, ANALYTICS_TIMING.clickPositionSaveMs);
    clicks.save(2);
    vi.advanceTimersByTime(1000);
    clicks.flush();
    expect(send).toHaveBeenCalledExactlyOnceWith(2);
    vi.advanceTimersByTime(10_000);
    clicks.flush();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('a newer click replaces an unsent one and restarts the 3500 ms', () => {
    const send = vi.fn();
    const clicks = delayedSave<number>(send, ANALYTICS_TIMING.clickPositionSaveMs);
    clicks.save(1);
    vi.advanceTimersByTime(3000);
    clicks.save(7);
    vi.advanceTimersByTime(3499);
    expect(send).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(send).toHaveBeenCalledExactlyOnceWith(7);
  });
});

describe('spec 9: the order is tracked 2000 ms after the confirmation page loaded', () => {
  it.each([
    [0, 2000],
    [500, 1500],
    [2600, 0],
  ])('with the page %i ms old, it waits %i ms', (sinceStart, wait) => {
    const track = vi.fn();
    afterPageDelay(track, ANALYTICS_TIMING.orderTrackingDelayMs, sinceStart);
    if (wait > 0) {
      vi.advanceTimersByTime(wait - 1);
      expect(track).not.toHaveBeenCalled();
    }
    vi.advanceTimersByTime(1);
    expect(track).toHaveBeenCalledTimes(1);
  });
});
