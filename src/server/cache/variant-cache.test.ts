/** The route cache's key: variant cookies in, tracking parameters out (issue 14.11, issue 25.1). */
import { describe, expect, it } from 'vitest';
import { pageVariant, withoutTrackingParams } from './variant-cache';

describe('issue 25.1: click ids and campaign parameters never split the cache', () => {
  it.each([
    ['/ppc?gclid=abc', '/ppc'],
    ['/ppc?gclid=abc&utm_source=google&utm_campaign=spa', '/ppc'],
    ['/deals/london?msclkid=1&page=2', '/deals/london?page=2'],
    ['/welcome?awc=1_2&fbclid=x', '/welcome'],
    ['/search?q=spa', '/search?q=spa'],
  ])('%s is cached as %s', (path, key) => {
    const url = withoutTrackingParams(new URL(`http://shop.test${path}`));
    expect(url.pathname + url.search).toBe(key);
  });

  it('leaves a URL without tracking parameters as it is (the same object)', () => {
    const url = new URL('http://shop.test/deals/london?page=2');
    expect(withoutTrackingParams(url)).toBe(url);
  });
});

describe('issue 14.11: the variant cookies', () => {
  it('keys on brand and location, leaving location out under /deals/', () => {
    expect(pageVariant('site=vip; location=leeds', '/')).toBe('vip|leeds');
    expect(pageVariant('site=vip; location=leeds', '/deals/london')).toBe('vip|');
    expect(pageVariant(null, '/')).toBe('');
  });
});
