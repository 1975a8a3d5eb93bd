/**
 * The catalogue service: locations, categories, deal lists, one deal, header navigation.
 * Callers import only this module.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DealSummary } from '../../contracts/deal';
import type { Db } from '../db/client';
import { type Category, categories } from '../db/schema';
import { type DealOrder, selectDealRows } from './queries';
import { reshapeDeal } from './reshape';

export { type DealDetail, type DealProductView, retrieveDeal } from './deal-detail';
export type { HeaderData } from './header-types';
export { clearLocationCache, knownLocationNames, listLocations, retrieveLocation } from './locations';
export { retrieveHeaderData, SCOTTISH_LOCATIONS, scottishSubLinks } from './navigation';
export type { DealOrder } from './queries';

/** spec 9: default listing size. */
export const DEFAULT_LISTING_SIZE = 50;

export interface ListDealsOptions {
  locationId: number;
  categoryId?: number;
  subCategoryId?: number;
  orderBy?: DealOrder;
  limit?: number;
  offset?: number;
}

/** Live deals in a location (optionally a category and sub-category), most popular first. */
export async function listDeals(db: Db, options: ListDealsOptions): Promise<DealSummary[]> {
  const conditions = [sql`d.location_id = ${options.locationId}`];
  if (options.categoryId !== undefined) conditions.push(sql`d.category_id = ${options.categoryId}`);
  if (options.subCategoryId !== undefined) conditions.push(sql`d.sub_category_id = ${options.subCategoryId}`);
  const rows = await selectDealRows(db, {
    where: sql.join(conditions, sql` and `),
    orderBy: options.orderBy,
    limit: options.limit ?? DEFAULT_LISTING_SIZE,
    offset: options.offset,
  });
  return rows.map(reshapeDeal);
}

/** Live deals anywhere, in the given order (home page rails). */
export async function listDealsEverywhere(db: Db, orderBy: DealOrder, limit: number): Promise<DealSummary[]> {
  const rows = await selectDealRows(db, { where: sql`true`, orderBy, limit });
  return rows.map(reshapeDeal);
}

/** How many live deals a location has (for headings: "312 deals in Glasgow"). */
export async function countDeals(
  db: Db,
  locationId: number,
  categoryId?: number,
  subCategoryId?: number,
): Promise<number> {
  const result = await db.execute<{ count: number | string }>(sql`
    select count(*) as count from deals d
    where d.status = 'live' and d.closing_date > now() and d.location_id = ${locationId}
      ${categoryId === undefined ? sql`` : sql`and d.category_id = ${categoryId}`}
      ${subCategoryId === undefined ? sql`` : sql`and d.sub_category_id = ${subCategoryId}`}
  `);
  return Number(result.rows[0]?.count ?? 0);
}

/** A top-level category by short name, or a sub-category of `parentId`. */
export async function retrieveCategory(db: Db, shortName: string, parentId?: number): Promise<Category | null> {
  const [row] = await db
    .select()
    .from(categories)
    .where(
      and(
        eq(categories.shortName, shortName),
        parentId === undefined ? isNull(categories.parentId) : eq(categories.parentId, parentId),
      ),
    )
    .limit(1);
  return row ?? null;
}
