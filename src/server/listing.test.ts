/** Which listing a page shows (spec 2 page types and path rules): pure, no database. */
import { describe, expect, it } from 'vitest';
import { resolvePageType } from '@/domain/page-type';
import { scopeForPage, specialWords } from './listing';

const known = new Set(['london', 'leeds', 'glasgow']);
const scopeOf = (path: string) => scopeForPage(resolvePageType(path, { knownLocations: known }), known);

describe('scopeForPage (spec 2)', () => {
  it.each([
    ['/deals', { kind: 'place', location: 'national-deal' }],
    ['/deals/london', { kind: 'place', location: 'london' }],
    ['/deals/leeds/beauty/spa', { kind: 'place', location: 'leeds', category: 'beauty', subCategory: 'spa' }],
    ['/deals/travel/all-inclusive', { kind: 'place', location: 'travel', category: 'all-inclusive' }],
    ['/deals/wellness-collection', { kind: 'place', location: 'wellness-collection' }],
    ['/deals/vip', { kind: 'vip' }],
    ['/deals/vip/beauty', { kind: 'vip', category: 'beauty' }],
    // spec 2: the third segment special makes a special page.
    ['/deals/london/special/afternoon-tea', { kind: 'special', location: 'london', slug: 'afternoon-tea' }],
    // spec 2: deal preview pages take the rest of the path after deals/ as the deal group.
    ['/deals/preview/london/beauty', { kind: 'place', location: 'london', category: 'beauty' }],
    ['/deals/london?dealPreview=true', { kind: 'place', location: 'london' }],
    // spec 2: email-deal(s) is an alias of deals.
    ['/email-deals/london', { kind: 'place', location: 'london' }],
  ] as const)('%s', (path, scope) => {
    expect(scopeOf(path)).toEqual(scope);
  });

  it.each(['/deals/atlantis', '/deals/london/special', '/deals/vip/beauty/spa', '/deal/123', '/checkout'])(
    '%s is not a listing',
    (path) => {
      expect(scopeOf(path)).toBeNull();
    },
  );

  it('spec 2: a special page takes the words of its slug, short filler words left out', () => {
    expect(specialWords('afternoon-tea-for-two')).toEqual(['afternoon', 'tea', 'two']);
    expect(specialWords('--')).toEqual([]);
  });
});
