/**
 * GET /api/v1/product-listing-page-deal?categoryId=&limit=40&pageSize=25&page=0[&live=true]
 * (spec 7; decision 033): recommendations for a listing by category or sub-category id, most popular
 * first; recentViewedDeal (up to 5) leaves deals out; live=true leaves out sold-out deals. Shared:
 * cached like a page.
 */
import { ListingRecommendationsQuerySchema } from '@/contracts/recommendations';
import { CACHE_AGE_SECONDS } from '@/server/cache';
import { getDb } from '@/server/db';
import { endpoint, json } from '@/server/http';
import { listCategoryRecommendations } from '@/server/rails';

export const GET = endpoint({
  who: 'anyone',
  input: ListingRecommendationsQuerySchema,
  area: 'rails',
  handler: async ({ input }) => {
    const { db } = await getDb();
    const answer = await listCategoryRecommendations(db, input.categoryId, {
      limit: input.limit,
      pageSize: input.pageSize,
      page: input.page,
      live: input.live,
      excludeIds: input.recentViewedDeal ?? [],
    });
    return json(answer, { cacheSeconds: CACHE_AGE_SECONDS });
  },
});
