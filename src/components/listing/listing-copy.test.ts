/** spec 2: listing titles and descriptions come from faceted navigation and location. */
import { describe, expect, it } from 'vitest';
import type { Category, Location } from '@/server/catalog/schema';
import type { ResolvedScope } from '@/server/listing';
import { copyForScope } from './listing-copy';

/** Only the fields the copy reads; the rest of a row does not matter here. */
const place = (shortName: string, name: string, kind: string) => ({ shortName, name, kind }) as unknown as Location;
const category = (shortName: string, name: string) => ({ shortName, name }) as unknown as Category;
const leeds = place('leeds', 'Leeds', 'local');

function scope(fields: Partial<ResolvedScope> & Pick<ResolvedScope, 'scope'>): ResolvedScope {
  return { location: null, category: null, subCategory: null, path: '/', filter: {}, facets: null, ...fields };
}

describe('listing copy (spec 2 page head)', () => {
  it.each([
    [scope({ scope: { kind: 'place', location: 'leeds' }, location: leeds }), 'Deals in Leeds', 'Deals in Leeds'],
    [
      scope({
        scope: { kind: 'place', location: 'leeds', category: 'beauty', subCategory: 'spa' },
        location: leeds,
        category: category('beauty', 'Beauty'),
        subCategory: category('spa', 'Spa Days'),
      }),
      'Spa Days deals in Leeds',
      'Spa Days in Leeds',
    ],
    [
      scope({ scope: { kind: 'special', location: 'leeds', slug: 'afternoon-tea' }, location: leeds }),
      'Afternoon Tea deals in Leeds',
      'Afternoon Tea in Leeds',
    ],
    [scope({ scope: { kind: 'find' } }), 'Find a deal', 'Find a deal'],
    [scope({ scope: { kind: 'vip' } }), 'VIP deals', 'VIP deals'],
  ])('%#: heading "%s", title "%s"', (resolved, heading, title) => {
    const copy = copyForScope(resolved);
    expect(copy.heading).toBe(heading);
    expect(copy.title).toBe(title);
    expect(copy.description.length).toBeGreaterThan(20);
  });

  it('describes a town listing by its place and topic, and travel with its own measured saving (spec 1)', () => {
    const savingCeilings = { local: 78, travel: 46 };
    const spa = copyForScope({
      ...scope({
        scope: { kind: 'place', location: 'leeds', category: 'beauty' },
        location: leeds,
        category: category('beauty', 'Beauty'),
      }),
      savingCeilings,
    });
    expect(spa.description).toContain('Leeds');
    expect(spa.description).toContain('Save up to 78%');
    const travel = copyForScope({
      ...scope({ scope: { kind: 'place', location: 'travel' }, location: place('travel', 'Travel', 'special') }),
      savingCeilings,
    });
    expect(travel.description).toContain('Save up to 46%');
  });

  it('with no evidenced saving on sale, the copy claims none', () => {
    const spa = copyForScope({
      ...scope({ scope: { kind: 'place', location: 'leeds' }, location: leeds }),
      savingCeilings: { local: 0, travel: 0 },
    });
    expect(spa.description).not.toMatch(/up to|%/);
  });
});
