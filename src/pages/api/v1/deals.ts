/**
 * GET /api/v1/deals: the deal feed (spec 7 "GET deal feed" and "GET deals by path"). Pick the listing
 * by `path` (a listing URL path) or by location, category and subcategory; page (from 0, spec 7),
 * pageSize (1 to 100, default 50) or offset; filters minPrice, maxPrice, orderBy, vip, searchTag
 * (spec 2); recentViewedDeal up to 5 times, deals to leave out (spec 9).
 * Answers { deals, mainDeal?, facetedNavigation, page, pageSize, nomore }. Bad values are a 400
 * with a message, an unknown place a 404; never a 500 for anything the caller sent.
 */
import type { APIRoute } from 'astro';
import { DealFeedQuerySchema, type DealFeedResponse } from '../../../contracts/deal-feed';
import { parseListingFilter } from '../../../domain/listing-filters';
import { MESSAGES } from '../../../domain/messages';
import { PathRuleError, resolvePageType } from '../../../domain/page-type';
import {
  CACHE_AGE_SECONDS,
  cachePublicPage,
  dealTag,
  LISTINGS_TAG,
  locationTag,
} from '../../../server/cache/page-cache';
import { knownLocationNames } from '../../../server/catalog';
import { getDb } from '../../../server/db';
import { apiError, json, parseQuery } from '../../../server/http/api';
import { type ListingScope, loadListingPage, scopeForPage } from '../../../server/listing';

export const GET: APIRoute = async (context) => {
  const { url } = context;
  const parsed = parseQuery(DealFeedQuerySchema, url.searchParams);
  if (!parsed.ok) return parsed.response;
  const query = parsed.value;
  // The feed counts pages from 0; the listing filter reads page URLs from 1, so page is left out here.
  const filterParams = new URLSearchParams(url.searchParams);
  filterParams.delete('page');
  const { filter, problems } = parseListingFilter(filterParams);
  if (problems.length > 0) return apiError(400, problems.join('; '));

  const { db } = await getDb();
  const picked = await pickScope(query, await knownLocationNames(db));
  if ('error' in picked) return picked.error;

  const listing = await loadListingPage(
    db,
    picked.scope,
    { ...filter, page: query.page + 1 },
    { pageSize: query.pageSize, offset: query.offset, excludeIds: query.recentViewedDeal },
  );
  if (!listing) return apiError(404, 'No such location or category');
  const start = query.offset ?? query.page * query.pageSize;
  const body: DealFeedResponse = {
    deals: listing.deals,
    facetedNavigation: { navigations: listing.navigations, count: listing.total },
    page: query.page,
    pageSize: query.pageSize,
    // spec 4: no more deals after this page.
    nomore: start + listing.deals.length >= listing.gridTotal,
  };
  if (listing.mainDeal) body.mainDeal = listing.mainDeal;
  cachePublicPage(context, [
    LISTINGS_TAG,
    ...(listing.location ? [locationTag(listing.location.shortName)] : []),
    ...[...(listing.mainDeal ? [listing.mainDeal] : []), ...listing.deals].map((deal) => dealTag(deal.id)),
  ]);
  return json(body, { cacheSeconds: CACHE_AGE_SECONDS });
};

type Picked = { scope: ListingScope } | { error: Response };

/** The listing the query names: a path (spec 7 deals by path) or a location with category segments. */
async function pickScope(
  query: { path?: string; location?: string; category?: string; subcategory?: string },
  knownLocations: ReadonlySet<string>,
): Promise<Picked> {
  if (query.path === undefined && query.location === undefined) {
    return { error: apiError(400, MESSAGES.urlPathRequired) };
  }
  if (query.path !== undefined) {
    // spec 5: getDeals needs a non-empty URL path.
    if (query.path.trim() === '') return { error: apiError(400, MESSAGES.urlPathRequired) };
    try {
      const info = resolvePageType(query.path, { knownLocations });
      if (info.pageType === 'other' && /^\/?find\/?$/.test(query.path.trim())) {
        return { scope: { kind: 'find', category: query.category, subCategory: query.subcategory } };
      }
      const scope = scopeForPage(info, knownLocations);
      return scope ? { scope } : { error: apiError(404, `No deal listing at ${query.path}`) };
    } catch (error) {
      if (error instanceof PathRuleError) return { error: apiError(400, error.message) };
      throw error;
    }
  }
  if (query.location === 'vip') return { scope: { kind: 'vip', category: query.category } };
  return {
    scope: { kind: 'place', location: query.location ?? '', category: query.category, subCategory: query.subcategory },
  };
}
