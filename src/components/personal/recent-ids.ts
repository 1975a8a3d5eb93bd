/**
 * The recently viewed ids for the personal rails and pages, read straight from
 * the $recentlyViewed store's localStorage entry. These scripts only read, and reading the entry
 * here (not through the store) keeps the store in the deal page's one personal chunk instead of
 * a chunk of its own (docs/decisions/022). tests/unit: the key is the store's.
 */
import { RECENT_SENT_TO_FEEDS } from '@/domain/recently-viewed';

export const RECENTLY_VIEWED_KEY = 'tuppence:recently-viewed';

/** Newest first, at most `limit`; nothing when the entry is missing or unreadable. */
export function readRecentIds(limit: number, storage: Pick<Storage, 'getItem'> = localStorage): number[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(RECENTLY_VIEWED_KEY) ?? 'null');
    const list = (value as { recentDeals?: unknown } | null)?.recentDeals;
    if (!Array.isArray(list)) return [];
    return list
      .map((entry) => (entry as { id?: unknown } | null)?.id)
      .filter((id): id is number => Number.isSafeInteger(id))
      .slice(0, limit);
  } catch {
    return [];
  }
}

/**
 * spec 7 deal feed "recentViewedDeal repeated up to 5" (spec 9): the newest recently viewed ids added
 * to a feed's query, for the feed to leave out. Returns the same query.
 */
export function withRecentViewedDeals(
  query: URLSearchParams,
  storage: Pick<Storage, 'getItem'> = localStorage,
): URLSearchParams {
  for (const id of readRecentIds(RECENT_SENT_TO_FEEDS, storage)) query.append('recentViewedDeal', String(id));
  return query;
}
