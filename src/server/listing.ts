/**
 * Loads a listing page's data from a path's page info: location, category, sub-category, deals, count.
 * Returns null when any part of the path names something we do not have (the route then 404s).
 */
import type { DealSummary } from '../contracts/deal';
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
  const category = path.category ? await retrieveCategory(db, path.category) : null;
  if (path.category && !category) return null;
  const subCategory = path.subCategory && category ? await retrieveCategory(db, path.subCategory, category.id) : null;
  if (path.subCategory && !subCategory) return null;
  const filter = {
    locationId: location.id,
    categoryId: category?.id,
    subCategoryId: subCategory?.id,
  };
  const [deals, total] = await Promise.all([
    listDeals(db, { ...filter, limit: DEFAULT_LISTING_SIZE }),
    countDeals(db, filter.locationId, filter.categoryId, filter.subCategoryId),
  ]);
  return { location, category, subCategory, deals, total };
}
