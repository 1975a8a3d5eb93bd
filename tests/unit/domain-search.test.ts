import { describe, expect, it } from 'vitest';
import { SearchOrderSchema } from '@/contracts/search';
import { pageCount, priceRanges, SEARCH_SORT_OPTIONS, searchUrl, TOP_SEARCHES } from '@/domain/search';

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

describe('priceRanges (spec 9: price filters 0, 10, 20, 50, 100, 1000)', () => {
  it('turns the steps into ranges in whole pounds', () => {
    expect(priceRanges()).toEqual([
      { label: 'Under £10', maxPrice: 10 },
      { label: '£10 to £20', minPrice: 10, maxPrice: 20 },
      { label: '£20 to £50', minPrice: 20, maxPrice: 50 },
      { label: '£50 to £100', minPrice: 50, maxPrice: 100 },
      { label: '£100 to £1,000', minPrice: 100, maxPrice: 1000 },
      { label: 'Over £1,000', minPrice: 1000 },
    ]);
  });

  it.each([
    [[0, 10, 20, 50, 100], 'Over £100'],
    [[0, 1000], 'Over £1,000'],
  ])('other steps (%o) end with %s', (steps, last) => {
    expect(priceRanges(steps).at(-1)?.label).toBe(last);
  });
});

describe('SEARCH_SORT_OPTIONS (spec 9 sort options)', () => {
  it('offers every search order the API accepts, best match first', () => {
    expect(SEARCH_SORT_OPTIONS.map((o) => o.value)).toEqual(SearchOrderSchema.options);
    expect(SEARCH_SORT_OPTIONS[0]?.value).toBe('relevance');
  });
});
