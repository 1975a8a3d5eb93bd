/**
 * The catalogue service: locations, categories, deal lists, one deal, header navigation.
 * Callers import only this module.
 */
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { DealSummary } from '@/contracts/deal';
import { type MapBounds, roundCoordinate } from '@/domain/map';
import type { Db } from '@/server/db';
import { listPlacedDealIds, type MapDeal } from './map-area';
import { type DealOrder, SHOWN_FROM_PRICE, selectDealRows } from './queries';
import { reshapeDeal } from './reshape';
import { type Category, categories } from './schema';

export { clearCatalogueCaches } from './caches';
export { type DealDetail, type DealProductView, isDealClosed, retrieveDeal } from './deal-detail';
export type { HeaderData } from './header-types';
export { knownLocationNames, listLocations, retrieveLocation } from './locations';
export { listPlacedDealIds, type MapDeal, type PlacedDealId } from './map-area';
export { retrieveMerchantName } from './merchant-names';
export { retrieveHeaderData } from './navigation';
export { closeMerchantDeals, type DealPatch, DealPatchSchema, UnknownProduct, updateDeal } from './operator';
export { type PriceEvidenceEntry, recordDealPriceEvidence, recordPriceEvidence } from './price-evidence';
export { type DealOrder, SHOWN_FROM_PRICE } from './queries';
export { setDealRating } from './rating';
export { COMPLEMENTARY_DEALS_LIMIT, listComplementaryDeals } from './related-deals';
export { FALLBACK_DEAL_IMAGE } from './reshape';
export { retrieveSavingCeilings, type SavingCeilings } from './saving-claims';
export { addSoldOutNotification, type SoldOutSignupResult } from './sold-out-notifications';
export {
  afterStockTaken,
  countDealPurchase,
  countDealPurchaseStatement,
  type LiveDealStock,
  listLiveStock,
  returnStock,
  stockLeft,
  takeStock,
  takeStockStatement,
} from './stock';

/** spec 9: default listing size. */
export const DEFAULT_LISTING_SIZE = 50;

/** Which live deals a list shows; every field narrows it further. */
export interface DealFilter {
  locationId?: number;
  categoryId?: number;
  subCategoryId?: number;
  /** Only deals with a VIP-exclusive option (spec 3 vipExclusive). */
  vipOnly?: boolean;
  /** Deals in any of these locations (hyperlocal pages: a town and its neighbours). */
  locationIds?: readonly number[];
  /** Only Early Bird Deals: the launch price still holds (spec 2 home rail, /early-bird). */
  isEarlyBird?: boolean;
  /** Deals in one of these categories or sub-categories, or carrying one of these tags (hyperlocal slugs). */
  topic?: { categoryIds: readonly number[]; tags: readonly string[] };
  /** The gift finder (docs/decisions/028): each of these topics must match (its categories, sub-categories or tags). */
  allTopics?: readonly { categoryIds: readonly number[]; tags: readonly string[] }[];
  /** Gift finder (docs/decisions/028): only deals with an option that can be given as a gift (spec 3 isGiftable). */
  giftableOnly?: boolean;
  /** spec 2 minPrice / maxPrice, in pence, over the deal's shown from-price (postage included: decision 051). */
  minPriceMinor?: number;
  maxPriceMinor?: number;
  /** spec 2 searchTag: deals carrying this tag (lower case). */
  searchTag?: string;
  /** Every one of these tags (special pages: the words of the slug). */
  allTags?: readonly string[];
  /** Words every deal must match in its search document (a guide feed's search term, docs/decisions/023). */
  searchText?: string;
  /** Deals to leave out (the main deal, recently viewed deals). */
  excludeIds?: readonly number[];
}

export interface ListDealsOptions extends DealFilter {
  orderBy?: DealOrder;
  limit?: number;
  offset?: number;
}

/** The filter as a condition over the deals alias d. */
function filterSql(filter: DealFilter): SQL {
  const conditions = [sql`true`];
  if (filter.locationId !== undefined) conditions.push(sql`d.location_id = ${filter.locationId}`);
  if (filter.categoryId !== undefined) conditions.push(sql`d.category_id = ${filter.categoryId}`);
  if (filter.subCategoryId !== undefined) conditions.push(sql`d.sub_category_id = ${filter.subCategoryId}`);
  if (filter.vipOnly) {
    conditions.push(sql`exists (
      select 1 from deal_products vp
      where vp.deal_id = d.id and vp.vip_exclusive and vp.visibility = 'visible' and not vp.disabled
    )`);
  }
  if (filter.locationIds !== undefined) conditions.push(inList(sql`d.location_id`, filter.locationIds));
  if (filter.isEarlyBird) conditions.push(sql`d.early_bird_until > now()`);
  for (const topic of [...(filter.topic ? [filter.topic] : []), ...(filter.allTopics ?? [])]) {
    const { categoryIds, tags } = topic;
    const byCategory = sql`(${inList(sql`d.category_id`, categoryIds)} or ${inList(sql`d.sub_category_id`, categoryIds)})`;
    const byTag =
      tags.length === 0
        ? sql`false`
        : sql`d.tags ?| array[${sql.join(
            tags.map((tag) => sql`${tag}`),
            sql`, `,
          )}]::text[]`;
    conditions.push(sql`(${byCategory} or ${byTag})`);
  }
  if (filter.giftableOnly) {
    conditions.push(sql`exists (
      select 1 from deal_products gp
      where gp.deal_id = d.id and gp.is_giftable and gp.visibility = 'visible' and not gp.disabled
    )`);
  }
  if (filter.minPriceMinor !== undefined) conditions.push(sql`${SHOWN_FROM_PRICE} >= ${filter.minPriceMinor}`);
  if (filter.maxPriceMinor !== undefined) conditions.push(sql`${SHOWN_FROM_PRICE} <= ${filter.maxPriceMinor}`);
  if (filter.searchTag !== undefined) {
    conditions.push(
      sql`exists (select 1 from jsonb_array_elements_text(d.tags) t where lower(t) = ${filter.searchTag})`,
    );
  }
  for (const word of filter.allTags ?? []) {
    conditions.push(
      sql`exists (select 1 from jsonb_array_elements_text(d.tags) t where lower(t) like ${`%${escapeLike(word)}%`})`,
    );
  }
  if (filter.searchText !== undefined && filter.searchText.trim() !== '') {
    conditions.push(sql`d.search_vector @@ websearch_to_tsquery('english', ${filter.searchText})`);
  }
  const excluded = (filter.excludeIds ?? []).filter((id) => Number.isSafeInteger(id));
  if (excluded.length > 0) {
    conditions.push(
      sql`d.id not in (${sql.join(
        excluded.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  }
  return sql.join(conditions, sql` and `);
}

/** `column in (...)`, false for an empty list. */
function inList(column: SQL, ids: readonly number[]): SQL {
  if (ids.length === 0) return sql`false`;
  return sql`${column} in (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Live deals matching the filter, most popular first unless another order is asked for. */
export async function listDeals(db: Db, options: ListDealsOptions): Promise<DealSummary[]> {
  const rows = await selectDealRows(db, {
    where: filterSql(options),
    orderBy: options.orderBy,
    limit: options.limit ?? DEFAULT_LISTING_SIZE,
    offset: options.offset,
  });
  return rows.map(reshapeDeal);
}

/**
 * Live deals by id, in the order of `ids` (a search's ranked page). Ids of deals that are no
 * longer live are skipped.
 */
export async function listDealsByIds(db: Db, ids: readonly number[]): Promise<DealSummary[]> {
  if (ids.length === 0) return [];
  const rows = await selectDealRows(db, {
    // One array parameter, not one per id: the statement's text is the same for any page, so search can
    // keep it prepared (docs/decisions/079). The ids are integers (a page's matches).
    where: sql`d.id = any(${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[])`,
    limit: ids.length,
  });
  const byId = new Map(rows.map((row) => [row.id, reshapeDeal(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** How many live deals match the filter (for headings: "312 deals"). */
export async function countDeals(db: Db, filter: DealFilter): Promise<number> {
  const result = await db.execute<{ count: number | string }>(sql`
    select count(*) as count from deals d
    where d.status = 'live' and d.closing_date > now() and ${filterSql(filter)}
  `);
  return Number(result.rows[0]?.count ?? 0);
}

/** One facet of a listing (spec 3 Navigation item): a category or sub-category and its deal count. */
export interface DealFacet {
  id: number;
  shortName: string;
  name: string;
  count: number;
}

/**
 * Counts the filter's live deals per top-level category, or per sub-category, largest first
 * (faceted navigation, spec 3). Deals without a sub-category are left out of the sub-category facets.
 */
export async function countDealsByCategory(
  db: Db,
  filter: DealFilter,
  level: 'category' | 'subCategory',
): Promise<DealFacet[]> {
  const column = level === 'category' ? sql`d.category_id` : sql`d.sub_category_id`;
  const result = await db.execute<{ id: number; short_name: string; name: string; count: number | string }>(sql`
    select c.id, c.short_name, c.name, count(*) as count
    from deals d join categories c on c.id = ${column}
    where d.status = 'live' and d.closing_date > now() and ${filterSql(filter)}
    group by c.id, c.short_name, c.name, c.sort_order
    order by count(*) desc, c.sort_order, c.name
  `);
  return result.rows.map((row) => ({
    id: row.id,
    shortName: row.short_name,
    name: row.name,
    count: Number(row.count),
  }));
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

/**
 * The map view's deals (docs/decisions/022): up to `limit` live deals inside the bounds, most
 * popular first, each with its position (spec 9: lat/lon to 3 decimals).
 */
export async function listMapDeals(
  db: Db,
  options: { bounds: MapBounds; limit: number; maxPriceMinor?: number },
): Promise<MapDeal[]> {
  const placed = await listPlacedDealIds(db, options);
  const byId = new Map(placed.map((point) => [point.id, point]));
  const deals = await listDealsByIds(
    db,
    placed.map((point) => point.id),
  );
  return deals.flatMap((deal) => {
    const point = byId.get(deal.id);
    return point === undefined ? [] : [{ ...deal, lat: roundCoordinate(point.lat), lon: roundCoordinate(point.lon) }];
  });
}

/** The categories and sub-categories of these deals (any status), for recommendations. */
export async function listDealCategoryIds(db: Db, dealIds: readonly number[]): Promise<number[]> {
  if (dealIds.length === 0) return [];
  const result = await db.execute<{ id: number }>(sql`
    select distinct unnest(array[d.category_id, d.sub_category_id]) as id from deals d
    where ${inList(sql`d.id`, dealIds)}
  `);
  return result.rows.flatMap((row) => (row.id === null ? [] : [Number(row.id)]));
}
