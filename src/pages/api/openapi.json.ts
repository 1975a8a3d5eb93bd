/**
 * GET /api/openapi.json — the read API's OpenAPI 3.1 document, generated from the zod contracts. Its
 * server is the public origin (SITE_URL), never the first request's Host, which a client can set.
 */
import type { APIRoute } from 'astro';
import { API_OPERATIONS, buildOpenApiDocument } from '@/server/openapi';
import { publicOrigin } from '@/server/runtime';

let cached: string | null = null;

export const GET: APIRoute = () => {
  cached ??= JSON.stringify(
    buildOpenApiDocument({ title: 'Tuppence API', version: '1.0.0', serverUrl: publicOrigin() }, API_OPERATIONS),
  );
  return new Response(cached, {
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
};
