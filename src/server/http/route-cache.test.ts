/** The route cache's key: variant cookies in, tracking parameters out (docs/decisions/006, 025). */
import { describe, expect, it } from 'vitest';
import variantCache, { isCacheable, pageVariant, withoutTrackingParams } from './route-cache';

describe('click ids and campaign parameters never split the cache', () => {
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

describe('the variant cookies', () => {
  it('keys on brand and location, leaving location out under /deals/', () => {
    expect(pageVariant('site=vip; location=leeds', '/')).toBe('vip|leeds');
    expect(pageVariant('site=vip; location=leeds', '/deals/london')).toBe('vip|');
    expect(pageVariant(null, '/')).toBe('');
  });
});

describe('a form posted to a cached page (an action) is never served from or stored in the cache', () => {
  const page = 'http://shop.test/deal/1';
  const cachedAnswer = () =>
    new Response('the page', {
      headers: { 'CDN-Cache-Control': 'max-age=1200', 'Cache-Tag': 'deal:1', 'Cache-Control': 'public, max-age=0' },
    });
  const logger = { info() {}, warn() {}, error() {} };
  const ask = (provider: ReturnType<typeof variantCache>, method: string, answer: () => Response) =>
    // biome-ignore lint/style/noNonNullAssertion: the memory provider has onRequest.
    provider.onRequest!(
      { request: new Request(page, { method }), url: new URL(page), logger, waitUntil: () => undefined },
      async () => answer(),
    );

  it('renders every POST afresh and marks it no-store, and a GET after it is the cached page', async () => {
    const provider = variantCache({ max: 10 });
    expect(await (await ask(provider, 'GET', cachedAnswer)).text()).toBe('the page');
    const posted = await ask(provider, 'POST', () => new Response('refused', { status: 400 }));
    expect(await posted.text()).toBe('refused');
    expect(posted.headers.get('Cache-Control')).toBe('no-store');
    const again = await ask(provider, 'GET', () => new Response('rendered again'));
    expect(again.headers.get('X-Astro-Cache')).toBe('HIT');
    expect(await again.text()).toBe('the page');
  });

  it('never stores a POST answer, even one marked cacheable', async () => {
    const provider = variantCache({ max: 10 });
    const posted = await ask(provider, 'POST', cachedAnswer);
    expect(posted.headers.get('CDN-Cache-Control')).toBeNull();
    const read = await ask(provider, 'GET', () => new Response('rendered for the GET'));
    expect(await read.text()).toBe('rendered for the GET');
  });

  it('reads only', () => {
    expect(['GET', 'HEAD', 'POST', 'PUT', 'DELETE'].map(isCacheable)).toEqual([true, true, false, false, false]);
  });
});
