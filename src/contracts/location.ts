/**
 * spec 3 Location and the spec 7 location calls: /api/v1/location, /api/v1/nearmelocation,
 * /api/v1/menu, /api/v1/navigations and /api/v1/early-bird-deal (query strings and answers).
 */
import { z } from 'zod';
import { DealSummarySchema } from './deal';
import { NavigationItemSchema } from './navigation';
import { text } from './text';

/** spec 3 Location. */
export const LocationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  shortName: z.string(),
  brand: z.string(),
  countryCode: z.string(),
  region: z.string(),
  latLon: z.object({ lat: z.number(), lon: z.number() }),
  status: z.string(),
  siteGroup: z.string(),
  description: z.string(),
  domain: z.string(),
});
export type LocationView = z.output<typeof LocationSchema>;

const SHORT_NAME = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z][a-z0-9-]{0,59}$/, 'Expected a location short name such as "leeds"');

/** GET /api/v1/location: one location by shortName, or every location. */
export const LocationQuerySchema = z.object({ shortName: SHORT_NAME.optional() });

const coordinate = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^-?\d{1,3}(\.\d+)?$/, 'Expected a decimal number')
    .transform(Number)
    .pipe(z.number().min(min).max(max));

/** GET /api/v1/nearmelocation: lat and lon together, or a postcode. */
export const NearMeLocationQuerySchema = z.union(
  [
    z.object({ lat: coordinate(-90, 90), lon: coordinate(-180, 180) }).strict(),
    z.object({ postcode: text().trim().min(1).max(10) }).strict(),
  ],
  { error: 'Give lat and lon, or a postcode' },
);
export type NearMeLocationQuery = z.output<typeof NearMeLocationQuerySchema>;

/** The answer of /api/v1/nearmelocation: the nearest town and, for coordinates, how far it is. */
export const NearMeLocationSchema = z.object({
  location: LocationSchema,
  distanceKm: z.number().nonnegative().nullable(),
});
export type NearMeLocation = z.output<typeof NearMeLocationSchema>;

/** spec 7 / spec 9: menu range 1-30. */
export const MENU_RANGE_MAX = 30;

/** "a-b" with 1 <= a <= b <= 30 (spec 7: GET menu by location, range=1-30), as 1-based bounds. */
export const MenuRangeSchema = z
  .string()
  .trim()
  .regex(/^\d{1,2}-\d{1,2}$/, 'Expected a range such as "1-30"')
  .transform((text) => {
    const [from = 0, to = 0] = text.split('-').map(Number);
    return { from, to };
  })
  .refine(
    ({ from, to }) => from >= 1 && from <= to && to <= MENU_RANGE_MAX,
    `Expected 1 <= start <= end <= ${MENU_RANGE_MAX}`,
  );
export type MenuRange = z.output<typeof MenuRangeSchema>;

/** GET /api/v1/menu and /api/v1/navigations. */
export const MenuQuerySchema = z.object({
  location: SHORT_NAME.default('london'),
  range: MenuRangeSchema.default({ from: 1, to: MENU_RANGE_MAX }),
});

/** The answer of /api/v1/menu: navigation items from position `from` to `to`. */
export const MenuSchema = z.object({
  location: z.object({ shortName: z.string(), name: z.string() }),
  range: z.string(),
  items: z.array(NavigationItemSchema),
});

/** The answer of /api/v1/navigations: the header bar, the travel menu and the Scottish menu. */
export const NavigationsSchema = z.object({
  location: z.object({ shortName: z.string(), name: z.string() }),
  navigations: z.array(NavigationItemSchema),
  travelNavigations: z.array(NavigationItemSchema),
  scottishMenu: z.array(NavigationItemSchema),
});

const integerParam = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,6}$/, 'Expected a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

/** spec 7: a default list query is page 0, page size 50. */
export const EarlyBirdQuerySchema = z.object({
  location: SHORT_NAME.optional(),
  page: integerParam(0, 10_000).default(0),
  pageSize: integerParam(1, 100).default(50),
});

/** The answer of /api/v1/early-bird-deal. */
export const EarlyBirdPageSchema = z.object({
  deals: z.array(DealSummarySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type EarlyBirdPage = z.output<typeof EarlyBirdPageSchema>;
