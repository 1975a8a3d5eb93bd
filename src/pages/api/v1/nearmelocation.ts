/**
 * GET /api/v1/nearmelocation (spec 7 "nearmelocation", "nearmelocation by area"): the town
 * nearest to ?lat=&lon=, or to a UK ?postcode= (by its area; approximate, see docs/decisions/006).
 * Bad input is 400; a postcode we cannot place says "Enter a valid postcode" (spec 5).
 */
import { type NearMeLocation, NearMeLocationQuerySchema } from '@/contracts/location';
import { Invalid, NotFound } from '@/domain/errors';
import { MESSAGES } from '@/domain/messages';
import { getDb } from '@/server/db';
import { endpoint, json } from '@/server/http';
import { findLocationByPostcode, findNearestLocation, toLocationView } from '@/server/locations';

export const GET = endpoint({
  who: 'anyone',
  input: NearMeLocationQuerySchema,
  area: 'locations',
  handler: async ({ input }) => {
    const { db } = await getDb();
    if ('postcode' in input) {
      const location = await findLocationByPostcode(db, input.postcode);
      if (!location) throw new Invalid(MESSAGES.enterValidPostcode);
      const body: NearMeLocation = { location: toLocationView(location), distanceKm: null };
      return json(body, { cacheSeconds: 3600 });
    }
    const nearest = await findNearestLocation(db, input);
    if (!nearest) throw new NotFound('No location found');
    const body: NearMeLocation = {
      location: toLocationView(nearest.location),
      distanceKm: Math.round(nearest.distanceKm * 10) / 10,
    };
    // Coordinates are personal: never shared by caches.
    return json(body);
  },
});
