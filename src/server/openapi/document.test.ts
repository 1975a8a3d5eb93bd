import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildOpenApiDocument } from './document';

describe('buildOpenApiDocument', () => {
  const document = buildOpenApiDocument({ title: 'Tuppence', version: '1', serverUrl: 'https://example.test' }, [
    {
      method: 'get',
      path: '/api/v1/things/{id}',
      summary: 'A thing',
      tag: 'things',
      pathParams: { id: 'The thing id' },
      query: z.object({ page: z.coerce.number().int().min(1).default(1), q: z.string().min(1) }),
      response: z.object({ id: z.number().int(), name: z.string() }),
      errors: { 404: 'No such thing' },
    },
  ]);
  const operation = document.paths['/api/v1/things/{id}']?.get as Record<string, unknown>;

  it('describes query and path parameters from the zod contract, with what is required', () => {
    const parameters = operation.parameters as { name: string; in: string; required: boolean }[];
    expect(parameters.map(({ name, in: where, required }) => [name, where, required])).toEqual([
      ['id', 'path', true],
      ['page', 'query', false],
      ['q', 'query', true],
    ]);
  });

  it('describes the response body and the JSON errors (message and status)', () => {
    const responses = operation.responses as Record<string, { content: Record<string, { schema: unknown }> }>;
    expect(responses[200]?.content['application/json']?.schema).toMatchObject({
      type: 'object',
      required: ['id', 'name'],
    });
    expect(responses[404]?.content['application/json']?.schema).toMatchObject({
      properties: { message: { type: 'string' } },
    });
    expect(Object.keys(responses)).toContain('400');
  });
});

describe('the Tuppence API document', () => {
  it('describes every read API endpoint with its query parameters, from the contracts', async () => {
    const { API_OPERATIONS } = await import('./operations');
    const document = buildOpenApiDocument(
      { title: 'Tuppence API', version: '1', serverUrl: 'https://x.test' },
      API_OPERATIONS,
    );
    for (const path of ['/api/v1/deals', '/api/v1/search', '/api/v1/suggest', '/api/v1/deal/{id}', '/api/v1/menu']) {
      expect(document.paths[path]?.get, path).toBeDefined();
    }
    const search = document.paths['/api/v1/search']?.get as { parameters: { name: string; required: boolean }[] };
    expect(search.parameters.find((parameter) => parameter.name === 'q')?.required).toBe(true);
    expect(search.parameters.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining(['q', 'minPrice', 'maxPrice', 'orderBy', 'page', 'pageSize', 'facetedNavigation']),
    );
    expect(JSON.parse(JSON.stringify(document)).openapi).toBe('3.1.0');
  });

  it('describes the spec 7 basket calls', async () => {
    const { API_OPERATIONS } = await import('./operations');
    const document = buildOpenApiDocument(
      { title: 'Tuppence API', version: '1', serverUrl: 'https://x.test' },
      API_OPERATIONS,
    );
    const paths = document.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>;
    expect(Object.keys(paths['/api/v1/basket'] ?? {})).toEqual(['post']);
    expect(paths['/api/v1/basket']?.post?.responses).toHaveProperty('201');
    expect(Object.keys(paths['/api/v1/basket/{token}'] ?? {}).sort()).toEqual(['get', 'patch', 'put']);
    expect(Object.keys(paths['/api/v1/basket/{token}/product/{lineId}'] ?? {}).sort()).toEqual(['delete', 'patch']);
    expect(paths['/api/v1/get/basket']?.get).toBeDefined();
    expect(paths['/api/v1/checkout']?.get).toBeDefined();
    expect(paths['/api/v1/pay']?.post?.responses).toHaveProperty('201');
    expect(paths['/api/v1/pay']?.post?.responses).toHaveProperty('422');
  });
});
