/**
 * Loads a listing page's data from a path's page info: location, category, sub-category, deals, count.
 * Returns null when any part of the path names something we do not have (the route then 404s).
 */
import type { DealSummary } from '../contracts/deal';
import { listingSegments, SPECIAL_LOCATION_CATEGORY } from '../domain/listing-paths';
import { countDeals, DEFAULT_LISTING_SIZE, listDeals, retrieveCategory, retrieveLocation } from './catalog';
import type { Db } from './db';
import type { Category, Location } from './db/schema';

export interface ListingData {
  location: Location;
  category: Category | null;
  subCategory: Category | null;
  deals: DealSummary[];
  total: number;
}

/** The first page of a listing, or null for an unknown location, category or sub-category. */
export async function loadListing(
  db: Db,
  path: { location: string; category?: string; subCategory?: string },
): Promise<ListingData | null> {
  const location = await retrieveLocation(db, path.location);
  if (!location) return null;
  const segments = listingSegments(location.shortName, path.category, path.subCategory);
  const category = segments.category ? await retrieveCategory(db, segments.category) : null;
  if (segments.category && !category) return null;
  const subCategory =
    segments.subCategory && category ? await retrieveCategory(db, segments.subCategory, category.id) : null;
  if (segments.subCategory && !subCategory) return null;
  // /deals/travel narrows nothing: the travel category is the whole location.
  const narrowsByCategory =
    category !== null && !(segments.category === SPECIAL_LOCATION_CATEGORY[location.shortName] && !subCategory);
  const filter = {
    locationId: location.id,
    categoryId: narrowsByCategory ? category?.id : undefined,
    subCategoryId: subCategory?.id,
  };
  const [deals, total] = await Promise.all([
    listDeals(db, { ...filter, limit: DEFAULT_LISTING_SIZE }),
    countDeals(db, filter),
  ]);
  return { location, category, subCategory, deals, total };
}

export interface VipListingData {
  category: Category | null;
  deals: DealSummary[];
  total: number;
}

/** VIP deals everywhere (spec 3 vipExclusive options), optionally in one top-level category. */
export async function loadVipListing(db: Db, categoryShortName?: string): Promise<VipListingData | null> {
  const category = categoryShortName ? await retrieveCategory(db, categoryShortName) : null;
  if (categoryShortName && !category) return null;
  const filter = { vipOnly: true, categoryId: category?.id };
  const [deals, total] = await Promise.all([
    listDeals(db, { ...filter, limit: DEFAULT_LISTING_SIZE }),
    countDeals(db, filter),
  ]);
  return { category, deals, total };
}
