/**
 * GET /api/v1/map-deals (decision 022): the map view's deals inside ?south&west&north&east at ?zoom
 * (spec 9: 6 to 16), as many as spec 9 allows at that zoom (200 down to 80; with mobile=true 100
 * down to 40), under an optional ?maxPrice (10, 20, 50, 100 or 200 pounds), most popular first.
 * The corners are rounded outwards to 3 decimals (spec 9), so nearby views share a cached answer.
 */
import { MapDealsQuerySchema, type MapDealsResponse } from '@/contracts/map-view';
import { mapDealLimit, roundBounds } from '@/domain/map';
import { listMapDeals } from '@/server/catalog';
import { getDb } from '@/server/db';
import { endpoint, json } from '@/server/http';

export const GET = endpoint({
  who: 'anyone',
  input: MapDealsQuerySchema,
  area: 'catalog',
  handler: async ({ input }) => {
    const { db } = await getDb();
    const limit = mapDealLimit(input.zoom, input.mobile === 'true');
    const deals = await listMapDeals(db, {
      bounds: roundBounds(input),
      limit,
      maxPriceMinor: input.maxPrice === undefined ? undefined : input.maxPrice * 100,
    });
    const body: MapDealsResponse = { deals, limit };
    return json(body, { cacheSeconds: 1200 });
  },
});
