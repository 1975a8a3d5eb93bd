/**
 * GET /api/v1/location (spec 7 "location"): ?shortName=leeds gives that spec 3 Location,
 * no query gives every location. Unknown short names are 404, malformed ones 400.
 */
import { LocationQuerySchema } from '@/contracts/location';
import { NotFound } from '@/domain/errors';
import { listLocations, retrieveLocation } from '@/server/catalog';
import { getDb } from '@/server/db';
import { endpoint, json } from '@/server/http';
import { toLocationView } from '@/server/locations';

/** Locations change rarely: shared caches may keep answers this long. */
const CACHE_SECONDS = 3600;

export const GET = endpoint({
  who: 'anyone',
  input: LocationQuerySchema,
  area: 'locations',
  handler: async ({ input }) => {
    const { db } = await getDb();
    const { shortName } = input;
    if (shortName === undefined) {
      const locations = (await listLocations(db)).map(toLocationView);
      return json({ locations }, { cacheSeconds: CACHE_SECONDS });
    }
    const location = await retrieveLocation(db, shortName);
    if (!location) throw new NotFound(`No location called "${shortName}"`);
    return json(toLocationView(location), { cacheSeconds: CACHE_SECONDS });
  },
});
