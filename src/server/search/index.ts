/**
 * The search service: full-text search over live deals with typo tolerance and category facets
 * (spec 3 "Search response", spec 7 "GET search"), and suggestions for the header search box.
 * Callers import only this module.
 */
import type { Facet, SearchQueryInput, SearchResponse, SuggestResponse } from '@/contracts/search';
import { SEARCH_PAGE_SIZE, SearchQuerySchema } from '@/contracts/search';
import { matchPlaces } from '@/domain/autocomplete';
import { searchUrl, TOP_SEARCHES } from '@/domain/search';
import { listDealsByIds, listLocations } from '@/server/catalog';
import { type Db, withPreparedStatements } from '@/server/db';
import { correctQuery, isPlainWords } from './correct';
import { type MatchParts, type SearchRanking, selectMatches } from './queries';

export type { SearchRanking };

import { listSuggestions } from './suggest';

export { SEARCH_PAGE_SIZE };

/**
 * One page of live deals matching `q`, best match first unless another order is asked for.
 * A word that matches nothing is replaced by its nearest vocabulary word (`correctedQuery`).
 * Facets count the matched deals by category, so their counts add up to `count`.
 * Prices are whole pounds (spec 9 price filters). Throws a zod error for invalid input;
 * endpoints validate first with SearchQuerySchema.
 */
export async function searchDeals(
  db: Db,
  input: SearchQueryInput,
  /** spec 4: the visitor's search variant; 'alternate' ranks best matches by value (decision 058). */
  options: { ranking?: SearchRanking } = {},
): Promise<SearchResponse> {
  const query = SearchQuerySchema.parse(input);
  const run = (text: string): MatchParts =>
    selectMatches(db, {
      text,
      location: query.location,
      category: query.category,
      subcategory: query.subcategory,
      minPriceMinor: query.minPrice === undefined ? undefined : query.minPrice * 100,
      maxPriceMinor: query.maxPrice === undefined ? undefined : query.maxPrice * 100,
      orderBy: query.orderBy,
      ranking: options.ranking ?? 'default',
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
      withFacets: query.facetedNavigation,
    });
  // A query of plain words that finds deals has no word to correct (isPlainWords), so it runs first
  // and the typo check runs only when it found nothing (docs/decisions/073); any other query is
  // checked first, as before.
  const first = isPlainWords(query.q) ? await cardsAndCounts(db, run(query.q)) : undefined;
  const checked = first === undefined || first.counts.total === 0 ? await correctQuery(db, query.q) : undefined;
  const { deals, counts } =
    first !== undefined && checked?.correctedQuery === undefined
      ? first
      : await cardsAndCounts(db, run(checked?.text ?? query.q));
  const correctedQuery = checked?.correctedQuery;
  const navigations: Facet[] = counts.categories.map((category) => ({
    linkText: category.name,
    count: category.count,
    shortName: category.shortName,
    url: searchUrl({
      q: query.q,
      location: query.location,
      category: category.shortName,
      minPrice: query.minPrice,
      maxPrice: query.maxPrice,
      orderBy: query.orderBy,
    }),
  }));
  return {
    deals,
    count: counts.total,
    facetedNavigation: { navigations, count: counts.total },
    searchResult: {
      q: query.q,
      ...(correctedQuery === undefined ? {} : { correctedQuery }),
      page: query.page,
      pageSize: query.pageSize,
    },
  };
}

/**
 * The cards of a page of matches, fetched as soon as its ids are in while the counts may still be
 * running. The cards' statement is the same whatever the words and is planned the same for any page of
 * ids, but planning its joins cost PostgreSQL about 2 ms a search, more than running it: it is kept
 * prepared (docs/decisions/079). The matching statements are not: their plans depend on the words.
 */
async function cardsAndCounts(db: Db, matches: MatchParts) {
  const cards = matches.ids.then((ids) => withPreparedStatements(() => listDealsByIds(db, ids)));
  const [deals, counts] = await Promise.all([cards, matches.counts]);
  return { deals, counts };
}

/** spec 2 Top Searches: the curated list (domain/search.ts), each a link to its search. */
export function listTopSearches(): SuggestResponse['topSearches'] {
  return TOP_SEARCHES.map((text) => ({ text, url: searchUrl({ q: text }) }));
}

/** Suggestions for what has been typed so far and matching towns, with the Top Searches beside them (spec 2). */
export async function suggestDeals(db: Db, { q, limit = 8 }: { q: string; limit?: number }): Promise<SuggestResponse> {
  const suggestions = q.trim() === '' ? [] : await listSuggestions(db, q.trim(), limit);
  const places = matchPlaces(q, await listLocations(db));
  return { suggestions, places, topSearches: listTopSearches() };
}
