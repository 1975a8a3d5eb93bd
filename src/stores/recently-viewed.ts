/**
 * $recentlyViewed (spec 3 "Recently viewed"): the deals this browser opened, newest
 * first, kept in localStorage (@nanostores/persistent) with the date each was stored; 5 per
 * location type (spec 9). The deal page records a view; the home rail and /recently-viewed read it.
 */
import { persistentAtom } from '@nanostores/persistent';
import {
  NO_RECENT,
  parseRecentlyViewed,
  RECENT_SENT_TO_FEEDS,
  type RecentLocationType,
  type RecentlyViewed,
  recentIds,
  recordRecentView,
} from '@/domain/recently-viewed';

/** The localStorage entry (components/personal/recent-ids.ts reads the same one). */
export const RECENTLY_VIEWED_STORAGE_KEY = 'tuppence:recently-viewed';

export const $recentlyViewed = persistentAtom<RecentlyViewed>(RECENTLY_VIEWED_STORAGE_KEY, NO_RECENT, {
  encode: JSON.stringify,
  decode: parseRecentlyViewed,
});

/** A deal page was opened. */
export function recordView(id: number, locationType: RecentLocationType, now = new Date()): void {
  $recentlyViewed.set(recordRecentView($recentlyViewed.get(), { id, locationType }, now));
}

/** The ids, newest first (all, or the first `limit`). */
export function recentlyViewedIds(limit?: number): number[] {
  return recentIds($recentlyViewed.get(), limit);
}

/** spec 7 deal feed: up to 5 recentViewedDeal ids. */
export function recentViewedForFeed(): number[] {
  return recentlyViewedIds(RECENT_SENT_TO_FEEDS);
}
