/**
 * Where a shopper is (spec 2 hyperlocal hub, spec 7 location and nearmelocation calls): the
 * nearest town to a coordinate or a postcode, a typed town name, the towns around one, and the
 * deals a hyperlocal page (/near-me/{slug}) shows. Callers import only this module.
 */
import type { DealSummary } from '@/contracts/deal';
import type { LocationView } from '@/contracts/location';
import { isLatLon, type LatLon, nearestPlace, placesWithin } from '@/domain/geo';
import { hyperlocalPhrases, NEAR_ME_RADIUS_KM, slugify } from '@/domain/near-me';
import { looksLikePostcode, parsePostcode, postcodeCentre } from '@/domain/postcode';
import { countDeals, DEFAULT_LISTING_SIZE, listDeals, listLocations, retrieveLocation } from '@/server/catalog';
import { categories, type Location } from '@/server/catalog/schema';
import type { Db } from '@/server/db';

/** Towns and cities (not the special locations), the places a shopper can be near. */
export async function listTowns(db: Db): Promise<Location[]> {
  return (await listLocations(db)).filter((location) => location.kind === 'local');
}

/** The town nearest to a coordinate, with its distance in km; null for an impossible coordinate. */
export async function findNearestLocation(
  db: Db,
  point: LatLon,
): Promise<{ location: Location; distanceKm: number } | null> {
  if (!isLatLon(point)) return null;
  const nearest = nearestPlace(await listTowns(db), point);
  return nearest ? { location: nearest.place, distanceKm: nearest.km } : null;
}

/** The town nearest to a UK postcode's area; null when the text is not a postcode we can place. */
export async function findLocationByPostcode(db: Db, postcode: string): Promise<Location | null> {
  const parsed = parsePostcode(postcode);
  const centre = parsed ? postcodeCentre(parsed) : null;
  if (!centre) return null;
  return (await findNearestLocation(db, centre))?.location ?? null;
}

/** A town by its name or short name ("Stoke-on-Trent", "stoke on trent", "leeds"), else one it starts. */
export async function findLocationByName(db: Db, name: string): Promise<Location | null> {
  const wanted = slugify(name);
  if (wanted === '') return null;
  const towns = await listTowns(db);
  const exact = towns.find((town) => town.shortName === wanted || slugify(town.name) === wanted);
  if (exact) return exact;
  const starting = towns.filter((town) => town.shortName.startsWith(wanted));
  return starting.length === 1 ? (starting[0] ?? null) : null;
}

export type PlaceSearch =
  | { kind: 'found'; location: Location; via: 'town' | 'postcode' }
  | { kind: 'invalid-postcode' }
  | { kind: 'unknown-town' };

/** The near-me box: a town name, or a UK postcode mapped to the nearest town (spec 5 postcode rule). */
export async function searchPlace(db: Db, query: string): Promise<PlaceSearch> {
  const byName = looksLikePostcode(query) ? null : await findLocationByName(db, query);
  if (byName) return { kind: 'found', location: byName, via: 'town' };
  const byPostcode = await findLocationByPostcode(db, query);
  if (byPostcode) return { kind: 'found', location: byPostcode, via: 'postcode' };
  return looksLikePostcode(query) ? { kind: 'invalid-postcode' } : { kind: 'unknown-town' };
}

/** The chosen location for a hyperlocal page: the remembered town, else London (spec 3 default). */
export async function retrieveChosenTown(db: Db, remembered: string | undefined): Promise<Location | null> {
  const fromCookie = remembered ? await retrieveLocation(db, remembered) : null;
  if (fromCookie && fromCookie.kind === 'local') return fromCookie;
  return retrieveLocation(db, 'london');
}

/** The town and its neighbours within the hyperlocal radius, nearest first. */
export async function listNearbyTowns(db: Db, town: Location, radiusKm = NEAR_ME_RADIUS_KM): Promise<Location[]> {
  return placesWithin(await listTowns(db), town, radiusKm);
}

/** Categories and sub-categories whose short name or name matches a hyperlocal slug ("spa-days" -> Spa Days). */
async function categoriesForSlug(db: Db, slug: string): Promise<number[]> {
  const phrases = hyperlocalPhrases(slug).map((phrase) => phrase.replace(/ /g, '-'));
  const all = await db
    .select({ id: categories.id, shortName: categories.shortName, name: categories.name })
    .from(categories);
  return all
    .filter((sub) => phrases.includes(sub.shortName) || phrases.includes(slugify(sub.name)))
    .map((sub) => sub.id);
}

export interface HyperlocalDeals {
  /** Towns searched, nearest first (the chosen town first). */
  towns: Location[];
  deals: DealSummary[];
  total: number;
}

/**
 * Deals for /near-me/{slug}: in a matching category or sub-category, or tagged with the slug's
 * words; the chosen town's first, then those of towns within NEAR_ME_RADIUS_KM. Null when the
 * slug matches no deal anywhere (the page then 404s), so made-up slugs never become thin pages.
 */
export async function listHyperlocalDeals(db: Db, slug: string, town: Location): Promise<HyperlocalDeals | null> {
  const topic = { categoryIds: await categoriesForSlug(db, slug), tags: hyperlocalPhrases(slug) };
  const towns = await listNearbyTowns(db, town);
  const neighbourIds = towns.filter((t) => t.id !== town.id).map((t) => t.id);
  // The chosen town's own deals come first; its neighbours fill the rest of the page.
  const [inTown, total] = await Promise.all([
    listDeals(db, { topic, locationId: town.id, limit: DEFAULT_LISTING_SIZE }),
    countDeals(db, { topic, locationIds: towns.map((t) => t.id) }),
  ]);
  const room = DEFAULT_LISTING_SIZE - inTown.length;
  const nearby = room > 0 ? await listDeals(db, { topic, locationIds: neighbourIds, limit: room }) : [];
  const deals = [...inTown, ...nearby];
  if (total > 0) return { towns, deals, total };
  const anywhere = await countDeals(db, { topic });
  return anywhere > 0 ? { towns, deals, total } : null;
}

/** A location row as the spec 3 Location the API carries. */
export function toLocationView(location: Location): LocationView {
  return {
    id: location.id,
    name: location.name,
    shortName: location.shortName,
    brand: location.brand,
    countryCode: location.countryCode,
    region: location.region,
    latLon: { lat: location.lat, lon: location.lon },
    status: location.status,
    siteGroup: location.siteGroup,
    description: location.description,
    domain: location.domain,
  };
}
