/**
 * The read API's deal feed and faceted navigation (spec 7 "GET deal feed", spec 3 "Navigation item"
 * and "Search response"), shared by the endpoints and the Show more island.
 */
import { z } from 'zod';
import { DealSummarySchema } from './deal';
import { text } from './text';

/** spec 7: a default list query has page size 50; we allow 1 to 100. */
export const FEED_PAGE_SIZE_MAX = 100;
/** spec 9: recentViewed is sent in feeds up to 5 times. */
export const RECENT_VIEWED_MAX = 5;

/** spec 3 Navigation item, as a facet: linkText, count, shortName, url. */
export const NavigationItemSchema = z.object({
  linkText: z.string(),
  count: z.number().int().min(0),
  shortName: z.string(),
  url: z.string(),
});

/** spec 3 Search response facetedNavigation: navigations and their total count. */
export const FacetedNavigationSchema = z.object({
  navigations: z.array(NavigationItemSchema),
  count: z.number().int().min(0),
});

const slug = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{0,79}$/, 'must be a short name such as london or beauty');
export const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

/** spec 7: recentViewedDeal repeated up to 5 times (deals to leave out). */
export const RecentViewedDealSchema = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value : [value]))
  .pipe(
    z.array(wholeNumber(1, 2_147_483_647)).max(RECENT_VIEWED_MAX, `at most ${RECENT_VIEWED_MAX} recently viewed deals`),
  )
  .optional();

/**
 * GET /api/v1/deals. Either location (+ category, subcategory) or path (a listing URL path, spec 7
 * "GET deals by path"). page is 0-based (spec 7: a default list query is page 0, page size 50).
 * The filters (minPrice, maxPrice, orderBy, vip, searchTag) are read by domain/listing-filters.
 */
export const DealFeedQuerySchema = z.looseObject({
  path: text().optional(),
  location: slug.optional(),
  category: slug.optional(),
  subcategory: slug.optional(),
  page: wholeNumber(0, 100_000).default(0),
  pageSize: wholeNumber(1, FEED_PAGE_SIZE_MAX).default(50),
  offset: wholeNumber(0, 10_000_000).optional(),
  recentViewedDeal: RecentViewedDealSchema,
});
export type DealFeedQuery = z.output<typeof DealFeedQuerySchema>;

/** The deal feed answer: spec 7 deals, optional mainDeal, facetedNavigation; plus paging. */
export const DealFeedResponseSchema = z.object({
  deals: z.array(DealSummarySchema),
  mainDeal: DealSummarySchema.optional(),
  facetedNavigation: FacetedNavigationSchema,
  /** 0-based, as asked. */
  page: z.number().int().min(0),
  pageSize: z.number().int().min(1),
  /** spec 4: no more pages after this one. */
  nomore: z.boolean(),
});

/** GET /api/v1/facetednavigation. */
export const FacetQuerySchema = z.looseObject({
  location: slug,
  category: slug.optional(),
});

export type NavigationItem = z.output<typeof NavigationItemSchema>;
export type FacetedNavigation = z.output<typeof FacetedNavigationSchema>;
export type DealFeedResponse = z.output<typeof DealFeedResponseSchema>;
