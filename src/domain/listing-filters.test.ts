import { describe, expect, it } from 'vitest';
import {
  filterChips,
  isRefined,
  MAX_PRICE_DEFAULT,
  PRICE_STEPS,
  pageUrl,
  parseListingFilter,
  priceStepsFor,
  SORT_OPTIONS,
  sortFor,
} from './listing-filters';

const parse = (query: string) => parseListingFilter(new URLSearchParams(query));

describe('spec 9 sort options and orderBy values', () => {
  it.each([
    ['popularity', 'popularity'],
    ['pricehigh', 'price-desc'],
    ['discount', 'discount'],
    ['recent', 'newest'],
    // spec 9: pricelow maps to price ascending.
    ['pricelow', 'price-asc'],
  ] as const)('orderBy=%s sorts by %s', (orderBy, sort) => {
    expect(sortFor(orderBy)).toBe(sort);
    expect(parse(`orderBy=${orderBy}`).filter.sort).toBe(sort);
  });

  it('spec 9: popularity is the default and the five options read as the spec lists them', () => {
    expect(parse('').filter).toMatchObject({ orderBy: 'popularity', sort: 'popularity', vip: false, page: 1 });
    expect(SORT_OPTIONS.map((option) => option.label)).toEqual([
      'Popularity',
      'Price high to low',
      'Discount %',
      'Recently added',
      'Price low to high',
    ]);
  });
});

describe('spec 2 filter URL parameters', () => {
  it.each([
    ['minPrice=10', { minPriceMinor: 1000 }],
    ['maxPrice=50', { maxPriceMinor: 5000 }],
    ['minPrice=20&maxPrice=100', { minPriceMinor: 2000, maxPriceMinor: 10000 }],
    ['searchTag=Spa-Day', { searchTag: 'spa day' }],
    ['vip=true', { vip: true }],
    ['vip=false', { vip: false }],
    ['category=beauty&subcategory=spa&location=leeds', { category: 'beauty', subcategory: 'spa', location: 'leeds' }],
    ['page=3', { page: 3 }],
  ] as const)('%s', (query, expected) => {
    const { filter, problems } = parse(query);
    expect(problems).toEqual([]);
    expect(filter).toMatchObject(expected);
  });

  it.each([
    ['minPrice=cheap', 'minPrice'],
    ['maxPrice=-5', 'maxPrice'],
    ['minPrice=100&maxPrice=20', 'minPrice'],
    ['orderBy=random', 'orderBy'],
    ['vip=maybe', 'vip'],
    ['searchTag=%3Cscript%3E', 'searchTag'],
    ['category=Beauty%20%26%20Spa', 'category'],
    ['page=0', 'page'],
    ['page=two', 'page'],
  ])('pages ignore and the API reports a bad value: %s', (query, key) => {
    const { filter, problems } = parse(query);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${key}: `));
    expect(isRefined(filter)).toBe(false);
    expect(filter.page).toBe(1);
  });

  it('spec 9: a min price of 0 and a max price at the 5000 default narrow nothing', () => {
    for (const query of ['minPrice=0', `maxPrice=${MAX_PRICE_DEFAULT}`, 'maxPrice=9000']) {
      const { filter, problems } = parse(query);
      expect(problems).toEqual([]);
      expect(filter.minPriceMinor ?? filter.maxPriceMinor).toBeUndefined();
      expect(isRefined(filter)).toBe(false);
    }
  });

  it('only refinements (price, sort, tag, vip) make a variant of the listing', () => {
    expect(isRefined(parse('page=2&category=beauty').filter)).toBe(false);
    for (const query of ['minPrice=10', 'maxPrice=20', 'orderBy=pricelow', 'searchTag=spa', 'vip=1']) {
      expect(isRefined(parse(query).filter), query).toBe(true);
    }
  });
});

describe('spec 2 paging URLs', () => {
  it.each([
    ['', 1, '/deals/london'],
    ['', 2, '/deals/london?page=2'],
    ['orderBy=pricelow', 1, '/deals/london?orderBy=pricelow'],
    ['orderBy=pricelow&minPrice=10', 3, '/deals/london?minPrice=10&orderBy=pricelow&page=3'],
  ])('%s page %i -> %s (page 1 is the clean URL, never ?page=1)', (query, page, url) => {
    expect(pageUrl('/deals/london', parse(query).filter, page)).toBe(url);
  });
});

describe('active-filter chips', () => {
  it('one chip per refinement, each removing only itself and returning to page 1', () => {
    const chips = filterChips(
      '/deals/london',
      parse('minPrice=10&maxPrice=100&orderBy=pricelow&vip=true&page=2').filter,
    );
    expect(chips.map((chip) => chip.label)).toEqual([
      'From £10',
      'Up to £100',
      'Sorted: Price low to high',
      'VIP deals only',
    ]);
    expect(chips[0]?.removeUrl).toBe('/deals/london?maxPrice=100&orderBy=pricelow&vip=true');
    expect(chips[2]?.removeUrl).toBe('/deals/london?minPrice=10&maxPrice=100&vip=true');
  });
});

describe('spec 9 price steps', () => {
  it('are 0, 10, 20, 50, 100 and 1000 pounds; travel runs 0 to 1000', () => {
    expect(PRICE_STEPS).toEqual([0, 10, 20, 50, 100, 1000]);
    const travel = priceStepsFor(true);
    expect([travel[0], travel.at(-1)]).toEqual([0, 1000]);
  });
});
