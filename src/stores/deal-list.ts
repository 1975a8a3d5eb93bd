/**
 * The deal list state (spec 3 "Deal list state", spec 4 "Deal list" transitions): the deals a
 * listing shows, its main deal and facets, how far paging has gone and whether more exist.
 */
import { map } from 'nanostores';
import type { DealSummary } from '@/contracts/deal';
import type { FacetedNavigation } from '@/contracts/deal-feed';

export interface DealListState {
  /** Deals the client holds (server-rendered cards stay in the HTML; their ids are in shownIds). */
  deals: DealSummary[];
  /** Ids of the deals the server rendered, so an appended page never repeats one. */
  shownIds: number[];
  mainDeal: DealSummary | null;
  facetedNavigation: FacetedNavigation | null;
  searchResult: unknown;
  /** The id of the last deal shown (0 after a fresh list with a main deal). */
  lastId: number;
  /** The last page fetched, 1-based as in page URLs. */
  lastPage: number;
  /** spec 4: no more deals to fetch. */
  nomore: boolean;
  /** True while the list is only what the server rendered. */
  ssr: boolean;
}

const INITIAL: DealListState = {
  deals: [],
  shownIds: [],
  mainDeal: null,
  facetedNavigation: null,
  searchResult: null,
  lastId: 0,
  lastPage: 1,
  nomore: false,
  ssr: true,
};

export const $dealList = map<DealListState>({ ...INITIAL });

export interface SetDealsInput {
  deals: DealSummary[];
  mainDeal?: DealSummary | null;
  facetedNavigation?: FacetedNavigation | null;
  searchResult?: unknown;
}

/**
 * spec 4: with a main deal the list is replaced and lastId resets to 0 and nomore to false;
 * without one only deals, facets and search result are replaced.
 */
export function setDeals(input: SetDealsInput): void {
  const current = $dealList.get();
  const replaced = {
    deals: input.deals,
    facetedNavigation: input.facetedNavigation ?? current.facetedNavigation,
    searchResult: input.searchResult ?? current.searchResult,
  };
  if (input.mainDeal) {
    $dealList.set({ ...current, ...replaced, mainDeal: input.mainDeal, lastId: 0, nomore: false });
  } else {
    $dealList.set({ ...current, ...replaced });
  }
}

/**
 * spec 4: extra deals are appended and clear the ssr flag; nomore is recorded, with the last page,
 * when the fetched page holds fewer deals than the page size, or none. Deals already listed are skipped.
 */
export function appendDeals(deals: DealSummary[], page: number, pageSize: number): void {
  const current = $dealList.get();
  const known = new Set([...current.shownIds, ...current.deals.map((deal) => deal.id)]);
  if (current.mainDeal) known.add(current.mainDeal.id);
  const fresh = deals.filter((deal) => !known.has(deal.id));
  const all = [...current.deals, ...fresh];
  const nomore = deals.length === 0 || deals.length < pageSize;
  $dealList.set({
    ...current,
    deals: all,
    lastId: all.at(-1)?.id ?? current.lastId,
    lastPage: page,
    nomore: current.nomore || nomore,
    ssr: false,
  });
}

/**
 * spec 4, for cards appended as server-rendered HTML (Show more): records the ids of a fetched page's
 * deals as shown, clears the ssr flag and records nomore (with the page) when the page held fewer
 * deals than the page size, or none. Returns the ids not listed before, in order: the cards to add.
 */
export function appendShownIds(ids: number[], page: number, pageSize: number): number[] {
  const current = $dealList.get();
  const known = new Set([...current.shownIds, ...current.deals.map((deal) => deal.id)]);
  if (current.mainDeal) known.add(current.mainDeal.id);
  const fresh: number[] = [];
  for (const id of ids) {
    if (known.has(id)) continue;
    known.add(id);
    fresh.push(id);
  }
  const nomore = ids.length === 0 || ids.length < pageSize;
  $dealList.set({
    ...current,
    shownIds: [...current.shownIds, ...fresh],
    lastId: fresh.at(-1) ?? current.lastId,
    lastPage: page,
    nomore: current.nomore || nomore,
    ssr: false,
  });
  return fresh;
}

/** A listing the server rendered: its deals' ids and its page (1-based); nothing appended yet. */
export function startDealList(shownIds: number[], page: number): void {
  $dealList.set({ ...INITIAL, shownIds, lastPage: page, lastId: shownIds.at(-1) ?? 0 });
}

/** Records that no more pages exist (a page said so, or the server rendered the last page). */
export function markNoMore(lastPage: number): void {
  $dealList.setKey('nomore', true);
  $dealList.setKey('lastPage', lastPage);
}

/** Back to an empty, server-rendered list (tests; leaving a listing). */
export function resetDealList(): void {
  $dealList.set({ ...INITIAL });
}
