/**
 * spec 7 "GET tiles" (the tiles service; decision 033): query brand, country, location, navigation,
 * subNavigation, no credentials; the answer is an array of tiles, or an object with error. A tile is
 * one way into a location's deals: a category (or, under a navigation, a sub-category) with how many
 * live deals it has and the picture of its most popular one.
 */
import { z } from 'zod';
import { BRANDS } from '@/domain/brands';
import { DealImageSchema } from './deal';

const shortName = (what: string) =>
  z
    .string({ error: `${what} must be a short name such as london or beauty` })
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9][a-z0-9-]{0,79}$/, { error: `${what} must be a short name such as london or beauty` });

export const TilesQuerySchema = z
  .object({
    brand: z.enum(BRANDS, { error: `brand must be one of ${BRANDS.join(', ')}` }).optional(),
    /** The shop sells in Great Britain only. */
    country: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.literal('gb', { error: 'country must be gb' }))
      .default('gb'),
    location: shortName('location'),
    navigation: shortName('navigation').optional(),
    subNavigation: shortName('subNavigation').optional(),
  })
  .refine((query) => query.subNavigation === undefined || query.navigation !== undefined, {
    error: 'subNavigation needs a navigation',
    path: ['subNavigation'],
  });
export type TilesQuery = z.output<typeof TilesQuerySchema>;

export const TileSchema = z.object({
  linkText: z.string(),
  shortName: z.string(),
  url: z.string(),
  count: z.number().int().min(0),
  /** The picture of the tile's most popular live deal. */
  image: DealImageSchema,
});
export type Tile = z.output<typeof TileSchema>;

/** spec 7: an array, or an object with error. */
export const TilesAnswerSchema = z.union([z.array(TileSchema), z.object({ error: z.string() })]);
