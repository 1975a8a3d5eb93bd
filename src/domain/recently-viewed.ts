/**
 * Recently viewed (spec 3 "Recently viewed", spec 9: lists of 5 ids per location type,
 * 4 shown, up to 5 sent to feeds as recentViewedDeal). Pure: the browser's store applies it.
 */

/** spec 9: each location type keeps its 5 latest. */
export const RECENT_PER_LOCATION_TYPE = 5;
/** spec 9: the home rail shows 4. */
export const RECENT_SHOWN = 4;
/** spec 9: feeds take up to 5 recentViewedDeal ids. */
export const RECENT_SENT_TO_FEEDS = 5;

/** Where a deal is sold: a town, the national shop, or travel. */
export type RecentLocationType = 'local' | 'national' | 'travel';

export interface RecentDeal {
  id: number;
  /** ISO date-time the deal was last opened. */
  storedDate: string;
  locationType: RecentLocationType;
}

export interface RecentlyViewed {
  /** spec 3 recentDeals: newest first, each id once. */
  recentDeals: RecentDeal[];
}

export const NO_RECENT: RecentlyViewed = { recentDeals: [] };

/** The location type of a deal page. */
export function recentLocationType(deal: { isTravel: boolean; locationShortName: string }): RecentLocationType {
  if (deal.isTravel) return 'travel';
  return deal.locationShortName === 'national-deal' ? 'national' : 'local';
}

/**
 * A deal opened: it moves to the front with today's date; each location type then keeps its 5
 * latest (spec 9), so a run of London restaurants never pushes out the shop deal viewed before.
 */
export function recordRecentView(
  state: RecentlyViewed,
  view: { id: number; locationType: RecentLocationType },
  now: Date,
): RecentlyViewed {
  const entry: RecentDeal = { id: view.id, locationType: view.locationType, storedDate: now.toISOString() };
  const ordered = [entry, ...state.recentDeals.filter((deal) => deal.id !== view.id)];
  const kept = new Map<RecentLocationType, number>();
  const recentDeals = ordered.filter((deal) => {
    const count = kept.get(deal.locationType) ?? 0;
    kept.set(deal.locationType, count + 1);
    return count < RECENT_PER_LOCATION_TYPE;
  });
  return { recentDeals };
}

/** The ids, newest first (all, or the first `limit`). */
export function recentIds(state: RecentlyViewed, limit?: number): number[] {
  const ids = state.recentDeals.map((deal) => deal.id);
  return limit === undefined ? ids : ids.slice(0, limit);
}

/**
 * Reads a stored value defensively (localStorage may hold anything): a list of entries, or nothing.
 * Entries are used as stored; readers that show them check each id (components/personal/recent-ids).
 */
export function parseRecentlyViewed(text: string): RecentlyViewed {
  try {
    const list: unknown = JSON.parse(text)?.recentDeals;
    return Array.isArray(list) ? { recentDeals: list.filter((deal) => Number.isSafeInteger(deal?.id)) } : NO_RECENT;
  } catch {
    return NO_RECENT;
  }
}
