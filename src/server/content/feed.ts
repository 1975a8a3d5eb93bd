/**
 * A guide's deals (spec 3 guide feed configuration, spec 9 guide page size 30): the feed's filters
 * turned into the catalogue's deal filter, and a listicle's picks in the editor's order.
 */
import type { DealSummary } from '@/contracts/deal';
import type { GuideFeed, ListiclePick } from '@/contracts/guide';
import {
  countDeals,
  type DealFilter,
  type DealOrder,
  listDeals,
  listDealsByIds,
  retrieveCategory,
  retrieveLocation,
} from '@/server/catalog';
import type { Db } from '@/server/db';

/** What a feed lists: its deals (at most its page size) and how many match in all. */
export interface GuideFeedResult {
  deals: DealSummary[];
  total: number;
  /** Filters that name nothing we sell (an unknown town or category): the feed is empty because of them. */
  unknown: string[];
}

const ORDERS: Record<GuideFeed['orderBy'], Record<GuideFeed['direction'], DealOrder>> = {
  popularity: { desc: 'popularity', asc: 'popularity-asc' },
  newest: { desc: 'newest', asc: 'oldest' },
  price: { desc: 'price-desc', asc: 'price-asc' },
  discount: { desc: 'discount', asc: 'discount-asc' },
};

/** The catalogue filter for a feed, or the list of filters that name nothing known. */
async function feedFilter(db: Db, feed: GuideFeed): Promise<{ filter: DealFilter; unknown: string[] }> {
  const filter: DealFilter = { excludeIds: feed.excludeIds };
  const unknown: string[] = [];
  if (feed.location !== '') {
    const location = await retrieveLocation(db, feed.location);
    if (location) filter.locationId = location.id;
    else unknown.push(`location "${feed.location}"`);
  }
  if (feed.category !== '') {
    const category = await retrieveCategory(db, feed.category);
    if (category) {
      filter.categoryId = category.id;
      if (feed.subCategory !== '') {
        const subCategory = await retrieveCategory(db, feed.subCategory, category.id);
        if (subCategory) filter.subCategoryId = subCategory.id;
        else unknown.push(`sub-category "${feed.subCategory}"`);
      }
    } else unknown.push(`category "${feed.category}"`);
  }
  if (feed.tag !== '') filter.searchTag = feed.tag;
  if (feed.searchTerm !== '') filter.searchText = feed.searchTerm;
  if (feed.minPriceMinor !== null) filter.minPriceMinor = feed.minPriceMinor;
  if (feed.maxPriceMinor !== null) filter.maxPriceMinor = feed.maxPriceMinor;
  return { filter, unknown };
}

/** The live deals a feed configuration lists, in its order, at most its page size. */
export async function listGuideFeed(db: Db, feed: GuideFeed): Promise<GuideFeedResult> {
  const { filter, unknown } = await feedFilter(db, feed);
  if (unknown.length > 0) return { deals: [], total: 0, unknown };
  const [deals, total] = await Promise.all([
    listDeals(db, { ...filter, orderBy: ORDERS[feed.orderBy][feed.direction], limit: feed.pageSize }),
    countDeals(db, filter),
  ]);
  return { deals, total, unknown };
}

/** A listicle's picks with their live deals, numbered in the editor's order; picks of closed deals drop out. */
export async function listListiclePicks(
  db: Db,
  picks: readonly ListiclePick[],
): Promise<{ rank: number; writeUp: string; deal: DealSummary }[]> {
  const deals = await listDealsByIds(
    db,
    picks.map((pick) => pick.dealId),
  );
  const byId = new Map(deals.map((deal) => [deal.id, deal]));
  return picks
    .flatMap((pick) => {
      const deal = byId.get(pick.dealId);
      return deal ? [{ writeUp: pick.writeUp, deal }] : [];
    })
    .map((pick, index) => ({ rank: index + 1, ...pick }));
}
