/**
 * GET /api/v1/deals: the deal feed (spec 7 "GET deal feed" and "GET deals by path"). Pick the listing
 * by `path` (a listing URL path) or by location, category and subcategory; page (from 0, spec 7),
 * pageSize (1 to 100, default 50) or offset; filters minPrice, maxPrice, orderBy, vip, searchTag
 * (spec 2); recentViewedDeal up to 5 times, deals to leave out (spec 9).
 * Answers { deals, mainDeal?, facetedNavigation, page, pageSize, nomore }. Bad values are a 400
 * with a message, an unknown place a 404; never a 500 for anything the caller sent.
 */
import { DealFeedQuerySchema, type DealFeedResponse } from '@/contracts/deal-feed';
import { Invalid, NotFound } from '@/domain/errors';
import { parseListingFilter } from '@/domain/listing-filters';
import { CACHE_AGE_SECONDS, cachePublicPage, dealTag, LISTINGS_TAG, locationTag } from '@/server/cache';
import { knownLocationNames } from '@/server/catalog';
import { getDb } from '@/server/db';
import { endpoint, json, refusalResponse } from '@/server/http';
import { loadListingPage } from '@/server/listing';
import { scopeForFeed } from '@/server/listing-page';

export const GET = endpoint({
  who: 'anyone',
  input: DealFeedQuerySchema,
  area: 'listing',
  handler: async ({ input: query, context }) => {
    // The feed counts pages from 0; the listing filter reads page URLs from 1, so page is left out here.
    const filterParams = new URLSearchParams(context.url.searchParams);
    filterParams.delete('page');
    const { filter, problems } = parseListingFilter(filterParams);
    if (problems.length > 0) throw new Invalid(problems.join('; '));

    const { db } = await getDb();
    const picked = scopeForFeed(query, await knownLocationNames(db));
    if (!picked.ok) return refusalResponse(picked);

    const listing = await loadListingPage(
      db,
      picked.scope,
      { ...filter, page: query.page + 1 },
      { pageSize: query.pageSize, offset: query.offset, excludeIds: query.recentViewedDeal },
    );
    if (!listing) throw new NotFound('No such location or category');
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
  },
});
