/**
 * The part of the /api/v1/nearmelocation answer the near-me island reads. Written with zod/mini
 * so the island ships a few kB of validation instead of all of zod; the server's full answer is
 * NearMeLocationSchema in ./location.ts, and a test keeps the two in step.
 */
import * as z from 'zod/mini';

export const NearestTownSchema = z.object({
  location: z.object({ shortName: z.string(), name: z.string() }),
});
export type NearestTown = z.output<typeof NearestTownSchema>;
