/**
 * The listing and deal pages' recommendation calls (docs/decisions/030; spec 7
 * product-listing-page-deal and product-detail-page-deal, spec 9 limit 40 and page size 25): live
 * deals of a category, or like a deal (its category and sub-category, the deal itself left out),
 * most popular first, leaving out the recently viewed deals the caller names; `limit` in all,
 * `pageSize` a page (0-based).
 */
import type { RecommendationsResponse } from '@/contracts/recommendations';
import { listDealCategoryIds, listDeals } from '@/server/catalog';
import type { Db } from '@/server/db';

export interface RecommendationPaging {
  limit: number;
  pageSize: number;
  page: number;
  excludeIds?: readonly number[];
}

async function page(
  db: Db,
  categoryIds: number[],
  paging: RecommendationPaging,
  options: { excludeIds: readonly number[]; live?: boolean },
): Promise<RecommendationsResponse> {
  const base = { deals: [], count: 0, page: paging.page, pageSize: paging.pageSize };
  if (categoryIds.length === 0) return base;
  const all = await listDeals(db, {
    topic: { categoryIds, tags: [] },
    excludeIds: options.excludeIds,
    limit: paging.limit,
  });
  const shown = options.live ? all.filter((deal) => !deal.isSoldOut) : all;
  const start = paging.page * paging.pageSize;
  return { ...base, deals: shown.slice(start, start + paging.pageSize), count: shown.length };
}

/** spec 7 product-listing-page-deal: a category's (or sub-category's) recommendations; `live` leaves out sold-out deals. */
export function listCategoryRecommendations(
  db: Db,
  categoryId: number,
  paging: RecommendationPaging & { live: boolean },
): Promise<RecommendationsResponse> {
  return page(db, [categoryId], paging, { excludeIds: paging.excludeIds ?? [], live: paging.live });
}

/** spec 7 product-detail-page-deal: deals like this one (none for an unknown deal). */
export async function listDealRecommendations(
  db: Db,
  dealId: number,
  paging: RecommendationPaging,
): Promise<RecommendationsResponse> {
  const categoryIds = await listDealCategoryIds(db, [dealId]);
  return page(db, categoryIds, paging, { excludeIds: [dealId, ...(paging.excludeIds ?? [])] });
}
