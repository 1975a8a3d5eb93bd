/**
 * The personal rails (docs/decisions/022; spec 2 home rails and pages, spec 7 buy-again/deals and
 * recommended, spec 9 buy again 10, recommendations limit 40 and page size 25). Per shopper: never
 * on a shared page; the home page asks for them from the browser (/partials/personal-rail).
 */
import type { DealSummary } from '@/contracts/deal';
import { listDealCategoryIds, listDeals, listDealsByIds } from '@/server/catalog';
import type { Db } from '@/server/db';
import { listBoughtDealIds } from '@/server/orders';

/** spec 7 buy-again/deals: page 0, pageSize 10. */
export const BUY_AGAIN_PAGE_SIZE = 10;
/** spec 7 and 9: recommendations limit 40, page size 25. */
export const RECOMMENDED_LIMIT = 40;
export const RECOMMENDED_PAGE_SIZE = 25;
/** spec 9: recently viewed shows 4 (on the home rail). */
export const RECENTLY_VIEWED_SHOWN = 4;

export interface PersonalPage {
  deals: DealSummary[];
  total: number;
}

/**
 * Buy again: the live deals from the customer's orders, most recently bought first, a page at a
 * time (0-based). Deals no longer on sale are left out.
 */
export async function listBuyAgainDeals(
  db: Db,
  userId: number,
  { page = 0, pageSize = BUY_AGAIN_PAGE_SIZE }: { page?: number; pageSize?: number } = {},
): Promise<PersonalPage> {
  const live = await listDealsByIds(db, await listBoughtDealIds(db, userId));
  return { deals: live.slice(page * pageSize, (page + 1) * pageSize), total: live.length };
}

/**
 * Recommended for you: live deals in the categories and sub-categories of what the shopper bought
 * (signed in) and viewed (the recently viewed ids the browser keeps), leaving out those very deals,
 * most popular first; at most 40 in all, 25 a page (0-based). Nothing known: nothing recommended.
 */
export async function listRecommendedDeals(
  db: Db,
  { userId, viewedIds, page = 0 }: { userId: number | null; viewedIds: readonly number[]; page?: number },
): Promise<PersonalPage> {
  const bought = userId === null ? [] : await listBoughtDealIds(db, userId, 50);
  const seen = [...new Set([...bought, ...viewedIds])];
  const categoryIds = await listDealCategoryIds(db, seen);
  if (categoryIds.length === 0) return { deals: [], total: 0 };
  const all = await listDeals(db, {
    topic: { categoryIds, tags: [] },
    excludeIds: seen,
    limit: RECOMMENDED_LIMIT,
  });
  const start = page * RECOMMENDED_PAGE_SIZE;
  return { deals: all.slice(start, start + RECOMMENDED_PAGE_SIZE), total: all.length };
}
