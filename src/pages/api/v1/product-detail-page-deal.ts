/**
 * GET /api/v1/product-detail-page-deal?dealId=&limit=40&pageSize=25&page=0 (spec 7; decision 033):
 * deals like the deal page's (its category and sub-category, most popular first, the deal itself and
 * up to 5 recentViewedDeal left out). An unknown deal has none. Shared: cached like a page.
 */
import { DetailRecommendationsQuerySchema } from '@/contracts/recommendations';
import { CACHE_AGE_SECONDS } from '@/server/cache';
import { getDb } from '@/server/db';
import { endpoint, json } from '@/server/http';
import { listDealRecommendations } from '@/server/rails';

export const GET = endpoint({
  who: 'anyone',
  input: DetailRecommendationsQuerySchema,
  area: 'rails',
  handler: async ({ input }) => {
    const { db } = await getDb();
    const answer = await listDealRecommendations(db, input.dealId, {
      limit: input.limit,
      pageSize: input.pageSize,
      page: input.page,
      excludeIds: input.recentViewedDeal ?? [],
    });
    return json(answer, { cacheSeconds: CACHE_AGE_SECONDS });
  },
});
