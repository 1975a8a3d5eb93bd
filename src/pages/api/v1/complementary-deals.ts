/** GET /api/v1/complementary-deals?dealId&limit (spec 7): deals related to one deal, most related first. */
import type { APIRoute } from 'astro';
import { ComplementaryDealsQuerySchema, readDealId } from '@/contracts/deal-detail';
import { CACHE_AGE_SECONDS } from '@/server/cache';
import { listComplementaryDeals, retrieveDeal } from '@/server/catalog';
import { getDb } from '@/server/db';
import { apiError, json, parseQuery } from '@/server/http';

export const GET: APIRoute = async ({ url }) => {
  const query = parseQuery(ComplementaryDealsQuerySchema, url.searchParams);
  if (!query.ok) return query.response;
  const id = readDealId(query.value.dealId);
  if (id === 'invalid') return apiError(400, 'dealId must be a number.');
  if (id === 'unknown') return apiError(404, 'No deal has this id.');
  const { db } = await getDb();
  if (!(await retrieveDeal(db, id))) return apiError(404, 'No deal has this id.');
  const deals = await listComplementaryDeals(db, id, query.value.limit);
  return json({ dealId: id, deals }, { cacheSeconds: CACHE_AGE_SECONDS });
};
