/** spec 9 analytics timing, spec 5 / PECR consent for analytics, and the click position's names (decision 059). */
import { describe, expect, it } from 'vitest';
import {
  ANALYTICS_NOT_LOADED,
  ANALYTICS_TIMING,
  isAnalyticsAllowed,
  isLongMemoryAllowed,
  listNameOf,
  pagePathOf,
} from './analytics';
import { parseConsent } from './consent';

describe('spec 9 Timing', () => {
  it('polls every 300 ms up to 40 times (about 12 s, spec 8); retry 1500, click save 3500, order 2000', () => {
    expect(ANALYTICS_TIMING).toEqual({
      pollMs: 300,
      pollLimit: 40,
      pageViewRetryMs: 1500,
      clickPositionSaveMs: 3500,
      orderTrackingDelayMs: 2000,
    });
    expect(ANALYTICS_TIMING.pollMs * ANALYTICS_TIMING.pollLimit).toBe(12_000);
    expect(ANALYTICS_NOT_LOADED).toBe('DTM has not loaded correctly');
  });
});

describe('spec 5 and PECR: analytics only with the answer that allows them', () => {
  it.each([
    ['no answer yet', undefined, false, false],
    ['everything accepted', 'groups=C0001:1,C0002:1,C0003:1,C0004:1', true, true],
    ['non-essential rejected', 'groups=C0001:1,C0002:0,C0003:0,C0004:0', false, false],
    ['performance only', 'groups=C0001:1,C0002:1,C0003:0,C0004:0', true, false],
    ['functional only', 'groups=C0001:1,C0002:0,C0003:1,C0004:0', false, true],
    ['the cookie as the browser keeps it', 'groups%3DC0001%3A1%2CC0002%3A1%2CC0003%3A1%2CC0004%3A0', true, true],
  ])('%s: analytics %s, a year-long wishlist %s', (_, cookie, analytics, longMemory) => {
    expect(isAnalyticsAllowed(parseConsent(cookie))).toBe(analytics);
    expect(isLongMemoryAllowed(parseConsent(cookie))).toBe(longMemory);
  });
});

describe('a click position names its list and page without anything personal', () => {
  it.each([
    ['new-products', 'new-products'],
    ['Recently Viewed', 'recently-viewed'],
    ['  ', 'list'],
    [undefined, 'list'],
    ['x'.repeat(80), 'x'.repeat(64)],
  ])('list %s → %s', (value, name) => {
    expect(listNameOf(value)).toBe(name);
  });

  it.each([
    ['/london/restaurants', '/london/restaurants'],
    ['/deal/12?usr_src=newsletter&token=abc', '/deal/12'],
    ['/search#top', '/search'],
    ['https://elsewhere.test/', '/'],
  ])('path %s → %s', (value, path) => {
    expect(pagePathOf(value)).toBe(path);
  });
});
