/**
 * The part of the /api/v1/nearmelocation answer the near-me hub's "Use my location" reads. Checked by hand
 * (plain-reader) so the island ships no validation library (decision 018); the server's full answer
 * is NearMeLocationSchema in ./location.ts, and a test keeps the two in step.
 */
import { object, reader, string } from './plain-reader';

export interface NearestTown {
  location: { shortName: string; name: string };
}

export const NearestTownSchema = reader(
  object<NearestTown>({ location: object<NearestTown['location']>({ shortName: string, name: string }) }),
);
