/**
 * GET /api/v1/menu (spec 7 "GET menu by location, range=1-30"): the location's navigation bar
 * items (spec 3 Navigation item) from position a to b of ?range=a-b (default 1-30).
 */
import type { APIRoute } from 'astro';
import { MenuQuerySchema } from '@/contracts/location';
import { BRAND_INFO } from '@/domain/brands';
import { retrieveHeaderData, retrieveLocation } from '@/server/catalog';
import { getDb } from '@/server/db';
import { apiError, json, parseQuery } from '@/server/http';

export const GET: APIRoute = async ({ url, locals }) => {
  const query = parseQuery(MenuQuerySchema, url.searchParams);
  if (!query.ok) return query.response;
  const { db } = await getDb();
  const { location: shortName, range } = query.value;
  const location = await retrieveLocation(db, shortName);
  if (!location) return apiError(404, `No location called "${shortName}"`);
  const header = await retrieveHeaderData(db, location, BRAND_INFO[locals.brand].displayName);
  return json(
    {
      location: header.location,
      range: `${range.from}-${range.to}`,
      items: header.nav.slice(range.from - 1, range.to),
    },
    { cacheSeconds: 1200 },
  );
};
