/**
 * The map view's call (decision 022): GET /api/v1/map-deals with the visible area, the zoom and the
 * price filter; it answers the deals to draw, each with its position (spec 9 "Map").
 */
import { z } from 'zod';
import { MAP_MAX_ZOOM, MAP_MIN_ZOOM, MAP_PRICE_STEPS } from '@/domain/map';
import { DealSummarySchema } from './deal';

const latitude = z.coerce.number().min(-90).max(90);
const longitude = z.coerce.number().min(-180).max(180);

export const MapDealsQuerySchema = z
  .object({
    south: latitude,
    west: longitude,
    north: latitude,
    east: longitude,
    zoom: z.coerce.number().int().min(MAP_MIN_ZOOM).max(MAP_MAX_ZOOM),
    /** A phone: fewer deals (spec 9: 100 down to 40). */
    mobile: z.enum(['true', 'false']).default('false'),
    /** spec 9: map prices up to 200 pounds, in whole pounds. */
    maxPrice: z.coerce
      .number()
      .int()
      .refine((value) => (MAP_PRICE_STEPS as readonly number[]).includes(value), {
        message: `maxPrice must be one of ${MAP_PRICE_STEPS.join(', ')}`,
      })
      .optional(),
  })
  .refine((query) => query.south <= query.north, { message: 'south must not be north of north' })
  .refine((query) => query.west <= query.east, { message: 'west must not be east of east' });

export type MapDealsQuery = z.output<typeof MapDealsQuerySchema>;

export const MapDealSchema = DealSummarySchema.extend({ lat: z.number(), lon: z.number() });
export const MapDealsResponseSchema = z.object({ deals: z.array(MapDealSchema), limit: z.number().int() });

export type MapDealView = z.output<typeof MapDealSchema>;
export type MapDealsResponse = z.output<typeof MapDealsResponseSchema>;
