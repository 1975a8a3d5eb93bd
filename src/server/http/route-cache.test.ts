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

describe('spec 4 test variants: a page an experiment shapes is never served to another variant (decision 058)', () => {
  it('keys /search on the search variant and /deal/ on the reviews and dynamic price variants', () => {
    expect(pageVariant('search_variant=alternate', '/search')).toBe('||search=alternate');
    expect(pageVariant('reviews_variant=b; dynamic_price=c; site=vip', '/deal/12')).toBe(
      'vip||reviews=b|dynamicPrice=c',
    );
    // Pages no experiment shapes keep one copy whatever the visitor's variants.
    expect(pageVariant('search_variant=alternate; dynamic_price=c', '/deals/london')).toBe('');
  });

  it('an unknown value keys as no variant does (the control), so nonsense cannot split the cache', () => {
    expect(pageVariant('dynamic_price=zz; reviews_variant=', '/deal/12')).toBe(pageVariant(null, '/deal/12'));
  });

  const logger = { info() {}, warn() {}, error() {} };
  const visit = (provider: ReturnType<typeof variantCache>, cookie: string, render: () => Response) => {
    const url = 'http://shop.test/deal/7';
    // biome-ignore lint/style/noNonNullAssertion: the memory provider has onRequest.
    return provider.onRequest!(
      { request: new Request(url, { headers: { cookie } }), url: new URL(url), logger, waitUntil: () => undefined },
      async () => render(),
    );
  };
  const page = (text: string) => () =>
    new Response(text, { headers: { 'CDN-Cache-Control': 'max-age=1200', 'Cache-Control': 'public, max-age=0' } });

  it('variant b’s cached deal page is not served to variant a, and each variant gets its own copy back', async () => {
    const provider = variantCache({ max: 10 });
    expect(await (await visit(provider, 'dynamic_price=b', page('price for b'))).text()).toBe('price for b');
    expect(await (await visit(provider, 'dynamic_price=a', page('price for a'))).text()).toBe('price for a');
    const againB = await visit(provider, 'dynamic_price=b', page('rendered again'));
    expect(againB.headers.get('X-Astro-Cache')).toBe('HIT');
    expect(await againB.text()).toBe('price for b');
    expect(await (await visit(provider, 'dynamic_price=a', page('rendered again'))).text()).toBe('price for a');
    // A shared cache in front keys on the cookies too.
    expect(againB.headers.get('Vary')).toContain('Cookie');
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
