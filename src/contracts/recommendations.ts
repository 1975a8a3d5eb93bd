/**
 * spec 7 product-listing-page-deal (recommendations by category id: limit 40, pageSize 25, page 0,
 * and a live variant) and product-detail-page-deal (spec 9 recommendations 40 and 25).
 */
import { z } from 'zod';
import { DealSummarySchema } from './deal';
import { RecentViewedDealSchema, wholeNumber } from './deal-feed';

/** spec 9: recommendations limit 40, page size 25. */
export const RECOMMENDATIONS_LIMIT = 40;
export const RECOMMENDATIONS_PAGE_SIZE = 25;

const paging = {
  limit: wholeNumber(1, RECOMMENDATIONS_LIMIT).default(RECOMMENDATIONS_LIMIT),
  pageSize: wholeNumber(1, RECOMMENDATIONS_LIMIT).default(RECOMMENDATIONS_PAGE_SIZE),
  page: wholeNumber(0, 1000).default(0),
  recentViewedDeal: RecentViewedDealSchema,
};

/** GET /api/v1/product-listing-page-deal?categoryId=: a category's (or sub-category's) recommendations. */
export const ListingRecommendationsQuerySchema = z.object({
  categoryId: wholeNumber(1, 2_147_483_647),
  /** The live variant: only deals on sale now (sold-out deals left out); the default lists live deals as listings do. */
  live: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  ...paging,
});

/** GET /api/v1/product-detail-page-deal?dealId=: deals like the one on the page (its sub-category, then category). */
export const DetailRecommendationsQuerySchema = z.object({ dealId: wholeNumber(1, 2_147_483_647), ...paging });

export const RecommendationsResponseSchema = z.object({
  deals: z.array(DealSummarySchema),
  /** All recommendations, up to the limit, across pages. */
  count: z.number().int().nonnegative(),
  page: z.number().int().nonnegative(),
  pageSize: z.number().int().positive(),
});
export type RecommendationsResponse = z.output<typeof RecommendationsResponseSchema>;
