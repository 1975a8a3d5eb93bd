/**
 * GET /api/v1/facetednavigation?location=&category=: a listing's faceted navigation (spec 7
 * facetednavigation; spec 3 Navigation item and Search response: navigations with linkText, count,
 * shortName and url, and their total count). The filters (minPrice, maxPrice, vip, searchTag)
 * narrow the counts as they narrow the listing. 400 for bad values, 404 for an unknown place.
 */
import { FacetQuerySchema } from '@/contracts/deal-feed';
import { Invalid, NotFound } from '@/domain/errors';
import { parseListingFilter } from '@/domain/listing-filters';
import { CACHE_AGE_SECONDS, cachePublicPage, LISTINGS_TAG, locationTag } from '@/server/cache';
import { getDb } from '@/server/db';
import { endpoint, json } from '@/server/http';
import { loadFacetedNavigation } from '@/server/listing';

export const GET = endpoint({
  who: 'anyone',
  input: FacetQuerySchema,
  area: 'listing',
  handler: async ({ input, context }) => {
    const { filter, problems } = parseListingFilter(context.url.searchParams);
    if (problems.length > 0) throw new Invalid(problems.join('; '));
    const { location, category } = input;
    const scope =
      location === 'vip' ? ({ kind: 'vip', category } as const) : ({ kind: 'place', location, category } as const);
    const { db } = await getDb();
    const facets = await loadFacetedNavigation(db, scope, filter);
    if (!facets) throw new NotFound('No such location or category');
    cachePublicPage(context, [LISTINGS_TAG, locationTag(location)]);
    return json(facets, { cacheSeconds: CACHE_AGE_SECONDS });
  },
});
