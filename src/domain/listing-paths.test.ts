import { describe, expect, it } from 'vitest';
import { listingPath, listingSegments } from './listing-paths';

describe('listing paths (spec 2 routes)', () => {
  it.each([
    [['glasgow'], '/deals/glasgow'],
    [['glasgow', 'beauty'], '/deals/glasgow/beauty'],
    [['london', 'food-drink', 'afternoon-tea'], '/deals/london/food-drink/afternoon-tea'],
    [['travel', 'travel'], '/deals/travel'],
    [['travel', 'travel', 'all-inclusive'], '/deals/travel/all-inclusive'],
    [['national-deal', 'shop', 'electronics'], '/deals/national-deal/electronics'],
    [['wellness-collection', 'beauty', 'spa'], '/deals/wellness-collection/spa'],
  ] as const)('%j -> %s', (args, path) => {
    expect(listingPath(...(args as unknown as [string, string?, string?]))).toBe(path);
  });

  it('reads a special location’s single segment as a sub-category of its own category', () => {
    expect(listingSegments('travel', 'all-inclusive')).toEqual({
      category: 'travel',
      subCategory: 'all-inclusive',
      isImplicitCategory: true,
    });
    expect(listingSegments('travel', 'travel', 'cruises')).toMatchObject({
      category: 'travel',
      subCategory: 'cruises',
    });
    expect(listingSegments('glasgow', 'beauty', 'spa')).toMatchObject({ category: 'beauty', subCategory: 'spa' });
    expect(listingSegments('glasgow')).toMatchObject({ category: undefined, subCategory: undefined });
  });
});
