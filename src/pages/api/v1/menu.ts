/**
 * GET /api/v1/menu (spec 7 "GET menu by location, range=1-30"): the location's navigation bar
 * items (spec 3 Navigation item) from position a to b of ?range=a-b (default 1-30).
 */
import { MenuQuerySchema } from '@/contracts/location';
import { BRAND_INFO } from '@/domain/brands';
import { NotFound } from '@/domain/errors';
import { retrieveHeaderData, retrieveLocation } from '@/server/catalog';
import { getDb } from '@/server/db';
import { endpoint, json } from '@/server/http';

export const GET = endpoint({
  who: 'anyone',
  input: MenuQuerySchema,
  area: 'catalog',
  handler: async ({ input, context }) => {
    const { db } = await getDb();
    const { location: shortName, range } = input;
    const location = await retrieveLocation(db, shortName);
    if (!location) throw new NotFound(`No location called "${shortName}"`);
    const header = await retrieveHeaderData(db, location, BRAND_INFO[context.locals.brand].displayName);
    return json(
      {
        location: header.location,
        range: `${range.from}-${range.to}`,
        items: header.nav.slice(range.from - 1, range.to),
      },
      { cacheSeconds: 1200 },
    );
  },
});
