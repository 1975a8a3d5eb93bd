/**
 * $featuredDeals: the home page's featured deals, the personal rails the browser fills from
 * /partials/personal-rail (decision 022). spec 3 "Deal list state": buyAgainDeals, recommendedDeals,
 * recentlyViewedDeals, featuredDealsLoaded; spec 4: "Featured deals loaded is COMPLETE or UNCOMPLETE"
 * (UNCOMPLETE until every rail asked for has answered or failed) and "The buy-again list is mirrored
 * to local storage as a true/false flag, false on reset" (decision 057). New Products is rendered by
 * the server with the page, so it is not here.
 */
import { map } from 'nanostores';
import { readBuyAgainFlag, writeBuyAgainFlag } from '@/components/personal/buy-again-flag';

export type FeaturedDealsLoaded = 'COMPLETE' | 'UNCOMPLETE';
export type FeaturedRail = 'buy-again' | 'recently-viewed' | 'recommended';

export interface FeaturedDealsState {
  featuredDealsLoaded: FeaturedDealsLoaded;
  /** The deal ids each rail shows, in order; empty until it loads or when it has nothing. */
  buyAgainDeals: number[];
  recommendedDeals: number[];
  recentlyViewedDeals: number[];
  /** Each rail's HTML as the partial answered it; absent while loading and when it has nothing to show. */
  railHtml: Partial<Record<FeaturedRail, string>>;
  /**
   * Buy again is expected (a signed-in shopper whose flag says "true"): its place is held while the
   * featured deals are UNCOMPLETE, until its own answer comes.
   */
  expectsBuyAgain: boolean;
}

const INITIAL: FeaturedDealsState = {
  featuredDealsLoaded: 'UNCOMPLETE',
  buyAgainDeals: [],
  recommendedDeals: [],
  recentlyViewedDeals: [],
  railHtml: {},
  expectsBuyAgain: false,
};

export const $featuredDeals = map<FeaturedDealsState>({ ...INITIAL });

const LIST_KEY = {
  'buy-again': 'buyAgainDeals',
  recommended: 'recommendedDeals',
  'recently-viewed': 'recentlyViewedDeals',
} as const satisfies Record<FeaturedRail, keyof FeaturedDealsState>;

/** spec 9: the recently viewed ids sent for Recently Viewed and Recommended for you (up to 15 kept). */
export const VIEWED_IDS_SENT = 15;

/** Asks /partials/personal-rail with a query; injectable for tests. */
export type RailFetcher = (query: URLSearchParams) => Promise<Response>;

const fetchRail: RailFetcher = (query) => fetch(`/partials/personal-rail?${query}`, { credentials: 'same-origin' });

type FlagStorage = Pick<Storage, 'getItem' | 'setItem'> | null | undefined;

/** The deal ids of the cards in a rail's HTML (each card carries data-deal-id), in order, once each. */
export function dealIdsIn(html: string): number[] {
  const ids = [...html.matchAll(/data-deal-id="(\d+)"/g)].map((match) => Number(match[1]));
  return [...new Set(ids)];
}

/**
 * spec 4 "false on reset": Buy again is emptied and its flag set to "false" (a signed-out visitor, a
 * shopper whose list is empty).
 */
export function resetBuyAgain(storage?: FlagStorage): void {
  const { 'buy-again': _dropped, ...railHtml } = $featuredDeals.get().railHtml;
  $featuredDeals.set({ ...$featuredDeals.get(), buyAgainDeals: [], railHtml, expectsBuyAgain: false });
  writeBuyAgainFlag(false, storage);
}

/**
 * The page has started: featured deals are UNCOMPLETE, and the flag decides, before any request,
 * whether Buy again's place is held. A signed-out visitor's flag is reset.
 */
export function startFeaturedDeals(input: { signedIn: boolean }, storage?: FlagStorage): void {
  if (!input.signedIn) resetBuyAgain(storage);
  $featuredDeals.set({
    ...$featuredDeals.get(),
    featuredDealsLoaded: 'UNCOMPLETE',
    expectsBuyAgain: input.signedIn && readBuyAgainFlag(storage),
  });
}

export interface FeaturedDealsRequest {
  /** The rails the page has places for. */
  rails: readonly FeaturedRail[];
  /** The readable user-logged-in cookie is present. */
  signedIn: boolean;
  /** This browser's recently viewed ids, newest first. */
  viewed: readonly number[];
}

/** Which rails are worth asking for: Buy again only when signed in; the others need viewed ids (or, for Recommended, a signed-in shopper's orders). */
function railsToAsk(request: FeaturedDealsRequest): FeaturedRail[] {
  return request.rails.filter((rail) => {
    if (rail === 'buy-again') return request.signedIn;
    if (rail === 'recommended') return request.viewed.length > 0 || request.signedIn;
    return request.viewed.length > 0;
  });
}

/** One rail's answer: its HTML, "" when it has nothing (204 or an empty body); throws on failure. */
async function askRail(rail: FeaturedRail, viewed: readonly number[], fetcher: RailFetcher): Promise<string> {
  const query = new URLSearchParams({ rail });
  if (rail !== 'buy-again' && viewed.length > 0) query.set('viewed', viewed.slice(0, VIEWED_IDS_SENT).join(','));
  const response = await fetcher(query);
  if (response.status === 204) return '';
  if (response.status !== 200) throw new Error(`${rail} rail answered ${response.status}`);
  return (await response.text()).trim();
}

/** A rail answered: its deals and HTML are kept; Buy again's answer is mirrored to the flag. */
function railAnswered(rail: FeaturedRail, html: string, storage: FlagStorage): void {
  const ids = html === '' ? [] : dealIdsIn(html);
  if (rail === 'buy-again' && ids.length === 0) {
    resetBuyAgain(storage);
    return;
  }
  const current = $featuredDeals.get();
  const railHtml = { ...current.railHtml };
  if (ids.length > 0) railHtml[rail] = html;
  else delete railHtml[rail];
  $featuredDeals.set({
    ...current,
    [LIST_KEY[rail]]: ids,
    railHtml,
    ...(rail === 'buy-again' ? { expectsBuyAgain: false } : {}),
  });
  if (rail === 'buy-again') writeBuyAgainFlag(true, storage);
}

/**
 * Loads the featured deals: every rail worth asking for, at once. Each answer is kept as it comes;
 * a failed rail stays empty (logged; the rest of the page never depends on it) and leaves the flag
 * as it was. featuredDealsLoaded is COMPLETE once all have answered or failed.
 */
export async function loadFeaturedDeals(
  request: FeaturedDealsRequest,
  fetcher: RailFetcher = fetchRail,
  storage?: FlagStorage,
): Promise<void> {
  $featuredDeals.setKey('featuredDealsLoaded', 'UNCOMPLETE');
  await Promise.all(
    railsToAsk(request).map(async (rail) => {
      try {
        railAnswered(rail, await askRail(rail, request.viewed, fetcher), storage);
      } catch (error) {
        console.warn(`[rails] ${rail} rail not loaded:`, error);
        if (rail === 'buy-again') $featuredDeals.setKey('expectsBuyAgain', false);
      }
    }),
  );
  $featuredDeals.set({ ...$featuredDeals.get(), featuredDealsLoaded: 'COMPLETE', expectsBuyAgain: false });
}

/** Tests: back to nothing loaded. */
export function resetFeaturedDeals(): void {
  $featuredDeals.set({ ...INITIAL, railHtml: {} });
}
