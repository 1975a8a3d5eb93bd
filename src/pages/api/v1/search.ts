/**
 * GET /api/v1/search (spec 7 "GET search"): q, location, category, subcategory, minPrice, maxPrice
 * (whole pounds), orderBy, page, pageSize (1 to 50, default 12 per spec 9) and facetedNavigation.
 * Answers spec 3's search response; bad input is a 400 {message, status}.
 */
import type { APIRoute } from 'astro';
import { SearchQuerySchema } from '@/contracts/search';
import { CACHE_AGE_SECONDS } from '@/server/cache';
import { getDb } from '@/server/db';
import { json, parseQuery } from '@/server/http';
import { searchDeals } from '@/server/search';

export const GET: APIRoute = async ({ url }) => {
  const parsed = parseQuery(SearchQuerySchema, url.searchParams);
  if (!parsed.ok) return parsed.response;
  const { db } = await getDb();
  return json(await searchDeals(db, parsed.value), { cacheSeconds: CACHE_AGE_SECONDS });
};
