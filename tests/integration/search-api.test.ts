/**
 * /api/v1/search and /api/v1/suggest refuse bad input with a clear 400 {message, status}
 * (a bad query is never a 500), before touching the database. Answers with data are covered end to end
 * in tests/e2e/search.spec.ts.
 */
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import * as searchEndpoint from '../../src/pages/api/v1/search';
import * as suggestEndpoint from '../../src/pages/api/v1/suggest';

/** The Container API renders endpoint modules with routeType "endpoint" (its documented use); its types only name components. */
type Renderable = Parameters<AstroContainer['renderToResponse']>[0];

async function get(endpoint: typeof searchEndpoint | typeof suggestEndpoint, url: string): Promise<Response> {
  const container = await AstroContainer.create();
  return container.renderToResponse(endpoint as unknown as Renderable, {
    routeType: 'endpoint',
    request: new Request(url),
  });
}

describe('GET /api/v1/search with bad input', () => {
  it.each([
    ['no q at all', '/api/v1/search', /^q: Enter something to search for/],
    ['an empty q', '/api/v1/search?q=', /^q: Enter something to search for/],
    ['a blank q', '/api/v1/search?q=%20%20', /^q: Enter something to search for/],
    ['pageSize 0', '/api/v1/search?q=spa&pageSize=0', /^pageSize:/],
    ['pageSize over 50', '/api/v1/search?q=spa&pageSize=51', /^pageSize:/],
    ['a page that is not a number', '/api/v1/search?q=spa&page=two', /^page:/],
    ['page 0', '/api/v1/search?q=spa&page=0', /^page:/],
    ['a price in words', '/api/v1/search?q=spa&minPrice=cheap', /^minPrice: Enter a whole number of pounds/],
    ['a negative price', '/api/v1/search?q=spa&maxPrice=-5', /^maxPrice:/],
    [
      'minPrice above maxPrice',
      '/api/v1/search?q=spa&minPrice=50&maxPrice=10',
      /minPrice must not be more than maxPrice/,
    ],
    ['an unknown order', '/api/v1/search?q=spa&orderBy=cheapest', /^orderBy:/],
    ['a location with odd characters', '/api/v1/search?q=spa&location=Lon%20don', /^location:/],
    ['facetedNavigation not true or false', '/api/v1/search?q=spa&facetedNavigation=yes', /^facetedNavigation:/],
  ])('%s is a 400 saying what is wrong', async (_case, path, message) => {
    const response = await get(searchEndpoint, `http://localhost${path}`);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('application/json');
    const body = await response.json();
    expect(body).toMatchObject({ status: 400, message: expect.stringMatching(message) });
  });
});

describe('GET /api/v1/suggest with bad input', () => {
  it.each([
    ['limit 0', '/api/v1/suggest?q=spa&limit=0', /^limit:/],
    ['limit over 20', '/api/v1/suggest?q=spa&limit=21', /^limit:/],
    ['a q longer than 100 characters', `/api/v1/suggest?q=${'a'.repeat(101)}`, /^q:/],
  ])('%s is a 400 saying what is wrong', async (_case, path, message) => {
    const response = await get(suggestEndpoint, `http://localhost${path}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ status: 400, message: expect.stringMatching(message) });
  });
});
