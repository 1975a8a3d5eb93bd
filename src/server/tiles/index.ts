/**
 * The tiles service (spec 7 "GET tiles", docs/decisions/033): the ways into a location's deals as
 * tiles. For a location, its categories; under a navigation (a category), its sub-categories; a
 * sub-navigation is the deepest level and has none. Each tile counts the live deals it leads to
 * (the same counts as the listing's faceted navigation) and shows the picture of its most popular
 * deal. Read through a one-minute memory cache, as listings are.
 */
import { z } from 'zod';
import { type Tile, TileSchema, type TilesQuery } from '@/contracts/tiles';
import { getErrorMessage } from '@/domain/error-message';
import { createTtlCache, sourceKey } from '@/server/cache';
import { countDealsByCategory, listDeals } from '@/server/catalog';
import type { Db } from '@/server/db';
import { resolveListingScope } from '@/server/listing';
import { logWarning } from '@/server/log';

/** At most this many tiles (the header's navigation shows as many categories). */
export const TILES_MAX = 12;

const tilesCache = createTtlCache<Tile[] | null>(60_000, 500);

/** The tiles for a place, most deals first; null when the location or navigation is unknown. */
export function listTiles(db: Db, query: PlaceQuery): Promise<Tile[] | null> {
  const key = JSON.stringify([sourceKey(db), query.location, query.navigation, query.subNavigation]);
  return tilesCache.get(key, () => readTiles(db, query));
}

async function readTiles(db: Db, query: PlaceQuery): Promise<Tile[] | null> {
  const resolved = await resolveListingScope(db, {
    kind: 'place',
    location: query.location,
    category: query.navigation,
    subCategory: query.subNavigation,
  });
  if (!resolved) return null;
  if (!resolved.facets) return [];
  const { level, urlFor } = resolved.facets;
  const facets = (await countDealsByCategory(db, resolved.filter, level)).slice(0, TILES_MAX);
  const tiles = await Promise.all(
    facets.map(async (facet): Promise<Tile | null> => {
      const within = level === 'category' ? { categoryId: facet.id } : { subCategoryId: facet.id };
      const [top] = await listDeals(db, { ...resolved.filter, ...within, limit: 1 });
      if (!top) return null;
      return {
        linkText: facet.name,
        shortName: facet.shortName,
        url: urlFor(facet.shortName),
        count: facet.count,
        image: top.image,
      };
    }),
  );
  return tiles.filter((tile): tile is Tile => tile !== null);
}

type PlaceQuery = Pick<TilesQuery, 'location' | 'navigation' | 'subNavigation'>;

/**
 * The tiles a page shows (the home page's): spec 8 "Tiles api error: {error}" is logged when they
 * cannot be read and "Tiles api unexpected data" when what came back is not a list of tiles; either
 * way the page shows none (null), never an error.
 */
export async function tilesForPage(db: Db, query: PlaceQuery): Promise<Tile[] | null> {
  let answer: unknown;
  try {
    answer = await listTiles(db, query);
  } catch (error) {
    logWarning('tiles', `Tiles api error: ${getErrorMessage(error)}`, error);
    return null;
  }
  const tiles = z.array(TileSchema).safeParse(answer);
  if (!tiles.success) {
    logWarning('tiles', 'Tiles api unexpected data', null);
    return null;
  }
  return tiles.data;
}
