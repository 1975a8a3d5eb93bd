import { describe, expect, it } from 'vitest';
import { pageCount, searchUrl, TOP_SEARCHES } from './search';

describe('searchUrl (spec 2: filter URL parameters; page 1 has no page parameter)', () => {
  it.each([
    [{ q: 'spa' }, '/search?q=spa'],
    [{ q: '  afternoon tea ' }, '/search?q=afternoon+tea'],
    [{ q: 'spa', page: 1 }, '/search?q=spa'],
    [{ q: 'spa', page: 2 }, '/search?q=spa&page=2'],
    [{ q: 'spa', orderBy: 'relevance' }, '/search?q=spa'],
    [{ q: 'spa', orderBy: 'pricelow' }, '/search?q=spa&orderBy=pricelow'],
    [
      { q: 'spa', page: 3, category: 'beauty', location: 'london', minPrice: 0, maxPrice: 50 },
      '/search?q=spa&location=london&category=beauty&minPrice=0&maxPrice=50&page=3',
    ],
    [{ q: 'fish & chips' }, '/search?q=fish+%26+chips'],
  ])('%o -> %s', (params, url) => {
    expect(searchUrl(params)).toBe(url);
  });
});

describe('pageCount', () => {
  it.each([
    [0, 12, 1],
    [1, 12, 1],
    [12, 12, 1],
    [13, 12, 2],
    [100, 12, 9],
  ])('%i results at %i a page fill %i pages', (count, size, pages) => {
    expect(pageCount(count, size)).toBe(pages);
  });
});

describe('TOP_SEARCHES (spec 2: search shows Top Searches)', () => {
  it('is a short list of distinct queries', () => {
    expect(TOP_SEARCHES.length).toBeGreaterThanOrEqual(5);
    expect(new Set(TOP_SEARCHES.map((q) => q.toLowerCase())).size).toBe(TOP_SEARCHES.length);
  });
});
