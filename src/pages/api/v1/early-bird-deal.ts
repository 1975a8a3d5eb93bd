/**
 * GET /api/v1/early-bird-deal (spec 7 "early-bird-deal"): live Early Bird Deals, optionally in one
 * ?location=, a page at a time (?page=0-based, ?pageSize=1-100; spec 7 default page 0, size 50).
 */
import type { APIRoute } from 'astro';
import { EarlyBirdQuerySchema } from '@/contracts/location';
import { getDb } from '@/server/db';
import { apiError, json, parseQuery } from '@/server/http';
import { listEarlyBirdDeals } from '@/server/rails';

export const GET: APIRoute = async ({ url }) => {
  const query = parseQuery(EarlyBirdQuerySchema, url.searchParams);
  if (!query.ok) return query.response;
  const { db } = await getDb();
  const { location, page, pageSize } = query.value;
  const result = await listEarlyBirdDeals(db, { location, page, pageSize });
  if (!result) return apiError(404, `No location called "${location ?? ''}"`);
  return json({ ...result, page, pageSize }, { cacheSeconds: 1200 });
};
