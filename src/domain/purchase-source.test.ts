/** spec 9 "purchase source history 1 year" (decision 059): what is kept, in what order, and what an order is attributed to. */
import { describe, expect, it } from 'vitest';
import {
  attributedPurchaseSource,
  formatPurchaseSourceHistory,
  nextPurchaseSourceHistory,
  PURCHASE_SOURCE_HISTORY_DAYS,
  PURCHASE_SOURCE_HISTORY_MAX,
  purchaseSourceOf,
  readPurchaseSourceHistory,
} from './purchase-source';

describe('spec 9: the purchase source history', () => {
  it('lives a year and keeps the 5 newest sources', () => {
    expect(PURCHASE_SOURCE_HISTORY_DAYS).toBe(365);
    expect(PURCHASE_SOURCE_HISTORY_MAX).toBe(5);
  });

  it.each([
    ['usr_src=sponsored_search_12', 'sponsored_search_12'],
    ['usr_src=newsletter&utm_source=google', 'newsletter'],
    ['utm_source=google&utm_medium=cpc&utm_campaign=spa', 'google|cpc|spa'],
    ['usr_src=%3Cscript%3E', null],
    ['gclid=abc', null],
  ])('%s → %s', (query, source) => {
    expect(purchaseSourceOf(new URLSearchParams(query))).toBe(source);
  });

  it('a new source goes last; one seen before moves last; the oldest drops past 5', () => {
    let history: string[] = [];
    for (const source of ['a', 'b', 'c', 'd', 'e']) history = nextPurchaseSourceHistory(history, source);
    expect(nextPurchaseSourceHistory(history, 'b')).toEqual(['a', 'c', 'd', 'e', 'b']);
    expect(nextPurchaseSourceHistory(history, 'f')).toEqual(['b', 'c', 'd', 'e', 'f']);
  });

  it('reads back what it wrote, and leaves out what it could not have written', () => {
    expect(readPurchaseSourceHistory(formatPurchaseSourceHistory(['google|cpc|spa', 'newsletter']))).toEqual([
      'google|cpc|spa',
      'newsletter',
    ]);
    expect(readPurchaseSourceHistory('ok,<bad>,,also-ok')).toEqual(['ok', 'also-ok']);
    expect(readPurchaseSourceHistory(undefined)).toEqual([]);
  });

  it('an order is attributed to the newest source (last click), or to none', () => {
    expect(attributedPurchaseSource(['google|cpc|spa', 'newsletter'])).toBe('newsletter');
    expect(attributedPurchaseSource([])).toBeNull();
  });
});
