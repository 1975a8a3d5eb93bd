import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearMemoCaches, createTtlCache } from './memo';

describe('createTtlCache', () => {
  afterEach(() => vi.useRealTimers());

  it('reads once within the time to live, and again after it or after clearing', async () => {
    vi.useFakeTimers();
    const cache = createTtlCache<number>(60_000, 10);
    let reads = 0;
    const load = async () => ++reads;
    expect(await cache.get('london', load)).toBe(1);
    expect(await cache.get('london', load)).toBe(1);
    vi.advanceTimersByTime(60_001);
    expect(await cache.get('london', load)).toBe(2);
    clearMemoCaches();
    expect(await cache.get('london', load)).toBe(3);
  });

  it('shares one read between concurrent callers and never keeps a failure', async () => {
    const cache = createTtlCache<string>(60_000, 10);
    let reads = 0;
    const slow = () => new Promise<string>((resolve) => setTimeout(() => resolve(`read ${++reads}`), 5));
    expect(await Promise.all([cache.get('k', slow), cache.get('k', slow)])).toEqual(['read 1', 'read 1']);
    await expect(cache.get('bad', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('bad', async () => 'recovered')).toBe('recovered');
  });

  it('drops the oldest entry when full', async () => {
    const cache = createTtlCache<string>(60_000, 2);
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    await cache.get('c', async () => 'c1');
    expect(await cache.get('a', async () => 'a2')).toBe('a2');
    expect(await cache.get('c', async () => 'c2')).toBe('c1');
  });
});
