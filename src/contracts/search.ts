/**
 * Search and suggestion shapes (spec 3 "Search response", spec 7 "GET search"): the query strings
 * /api/v1/search and /api/v1/suggest accept, and what they answer. Prices in the query are whole
 * pounds, like the spec 9 price filters (0, 10, 20, 50, 100, 1000); money in answers is pence.
 */
import { z } from 'zod';
import { DealSummarySchema } from './deal';
import { SponsoredDealSchema } from './sponsored';
import { text } from './text';

/** spec 9: search page size 12. */
export const SEARCH_PAGE_SIZE = 12;
/** The largest page an API caller may ask for. */
export const MAX_SEARCH_PAGE_SIZE = 50;

/**
 * spec 9 sort options: popularity, price high to low, discount %, recently added, price low to high
 * ("pricelow" is price ascending). Search adds relevance, its default.
 */
export const SearchOrderSchema = z.enum(['relevance', 'popularity', 'pricehigh', 'discount', 'recent', 'pricelow']);

/** An empty query-string value (`?location=`) counts as absent. */
const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);

const shortName = z
  .string()
  .max(80)
  .regex(/^[a-z0-9-]+$/, 'Use a short name such as "london" or "beauty"');

const pounds = z.coerce
  .number({ error: 'Enter a whole number of pounds' })
  .int('Enter a whole number of pounds')
  .min(0)
  .max(100_000);

export const SearchQuerySchema = z
  .object({
    q: text({ error: 'Enter something to search for (q)' }).trim().min(1, 'Enter something to search for (q)').max(200),
    location: z.preprocess(blankAsAbsent, shortName.optional()),
    category: z.preprocess(blankAsAbsent, shortName.optional()),
    subcategory: z.preprocess(blankAsAbsent, shortName.optional()),
    minPrice: z.preprocess(blankAsAbsent, pounds.optional()),
    maxPrice: z.preprocess(blankAsAbsent, pounds.optional()),
    orderBy: z.preprocess(blankAsAbsent, SearchOrderSchema.default('relevance')),
    page: z.preprocess(blankAsAbsent, z.coerce.number().int().min(1).max(1000).default(1)),
    pageSize: z.preprocess(
      blankAsAbsent,
      z.coerce.number().int().min(1).max(MAX_SEARCH_PAGE_SIZE).default(SEARCH_PAGE_SIZE),
    ),
    // "true" / "false" in a query string; a boolean from code (parsing twice gives the same result).
    facetedNavigation: z.preprocess(
      blankAsAbsent,
      z
        .union([z.boolean(), z.enum(['true', 'false'])])
        .default(true)
        .transform((value) => value === true || value === 'true'),
    ),
  })
  .refine((query) => query.minPrice === undefined || query.maxPrice === undefined || query.minPrice <= query.maxPrice, {
    message: 'minPrice must not be more than maxPrice',
    path: ['minPrice'],
  });

export const FacetSchema = z.object({
  /** The category's name, as the link reads. */
  linkText: z.string(),
  count: z.number().int().nonnegative(),
  shortName: z.string(),
  /** This search narrowed to the category. */
  url: z.string(),
});

export const SearchResponseSchema = z.object({
  deals: z.array(DealSummarySchema),
  /** Every matching live deal, across all pages. */
  count: z.number().int().nonnegative(),
  facetedNavigation: z.object({
    navigations: z.array(FacetSchema),
    count: z.number().int().nonnegative(),
  }),
  searchResult: z.object({
    q: z.string(),
    /** Set when a misspelt word was replaced ("spaa" searched as "spa"). */
    correctedQuery: z.string().optional(),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  }),
  /**
   * spec 3 search response `sponsored` (decision 030): the sponsored deals for this search. The answer
   * is shared (cached), so sessionId is null here: a visitor's session comes from POST sponsored/customer.
   */
  sponsored: z.object({ sessionId: z.string().nullable(), deals: z.array(SponsoredDealSchema) }).optional(),
});

export const SuggestQuerySchema = z.object({
  q: z.preprocess((value) => value ?? '', text().trim().max(100)),
  limit: z.preprocess(blankAsAbsent, z.coerce.number().int().min(1).max(20).default(8)),
});

export const SuggestionSchema = z.object({ text: z.string(), url: z.string() });

export const SuggestResponseSchema = z.object({
  suggestions: z.array(SuggestionSchema),
  /** Towns whose name starts with what was typed (spec 4 autocomplete variant b shows them; decision 058). */
  places: z.array(SuggestionSchema),
  topSearches: z.array(SuggestionSchema),
});

export type SearchOrder = z.output<typeof SearchOrderSchema>;
export type SearchQueryInput = z.input<typeof SearchQuerySchema>;
export type SearchQuery = z.output<typeof SearchQuerySchema>;
export type Facet = z.output<typeof FacetSchema>;
export type SearchResponse = z.output<typeof SearchResponseSchema>;
export type SuggestQuery = z.output<typeof SuggestQuerySchema>;
export type Suggestion = z.output<typeof SuggestionSchema>;
export type SuggestResponse = z.output<typeof SuggestResponseSchema>;
