/**
 * GET /api/v1/navigations (spec 7 "navigations"): everything the header menus show for a
 * location: the navigation bar (limited by ?range=a-b, default 1-30), the travel menu with its
 * UK / International groups, and the default Scottish menu (spec 2).
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
        navigations: header.nav.slice(range.from - 1, range.to),
        travelNavigations: header.travelNav,
        scottishMenu: header.scottishMenu,
      },
      { cacheSeconds: 1200 },
    );
  },
});
