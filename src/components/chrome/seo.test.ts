import { describe, expect, it } from 'vitest';
import { fullTitleFor, robotsFor } from './seo';

describe('page head (spec 2)', () => {
  it.each([
    ['/deals/london', {}, 'index, follow'],
    ['/deals/london', { noindex: true }, 'noindex, follow'],
    ['/deals/london', { robots: 'noindex, nofollow' }, 'noindex, nofollow'],
    ['/gshop', {}, 'noindex, follow'],
    ['/gshop/summer-sale', { robots: 'index, follow' }, 'noindex, follow'],
    ['/deals/GShop/anything', {}, 'noindex, follow'],
    ['/deals/gshopping', {}, 'index, follow'],
  ])('robots for %s %j is %s', (path, options, robots) => {
    expect(robotsFor(path, options)).toBe(robots);
  });

  it('adds the brand to a title once', () => {
    expect(fullTitleFor('Deals in Glasgow', 'Tuppence')).toBe('Deals in Glasgow | Tuppence');
    expect(fullTitleFor('Deals in Glasgow | Tuppence', 'Tuppence')).toBe('Deals in Glasgow | Tuppence');
  });
});
