/**
 * Search rules with no I/O: the curated Top Searches (spec 2 "Search shows Suggestions and Top
 * Searches"), and how a search page's URL is written (spec 2: page 1 carries no page parameter).
 */

/**
 * Top Searches: a fixed, curated list rather than live popularity, so the list never shows a
 * stray or embarrassing query and stays the same for every shopper (pages stay cacheable).
 * Each entry is a query the catalogue answers with many deals.
 */
export const TOP_SEARCHES: readonly string[] = [
  'Afternoon tea',
  'Spa day',
  'Massage',
  'Hotel break',
  'Bottomless brunch',
  'Facial',
  'Prosecco',
  'Escape room',
];

/** The search filters a URL can carry (spec 2 filter URL parameters). */
export interface SearchUrlParams {
  q: string;
  location?: string;
  category?: string;
  subcategory?: string;
  minPrice?: number;
  maxPrice?: number;
  orderBy?: string;
  page?: number;
}

/**
 * The /search URL for a query and its filters, parameters in a fixed order. Page 1 and the default
 * order (relevance) are left out, so each result page has exactly one URL.
 */
export function searchUrl(params: SearchUrlParams): string {
  const query = new URLSearchParams({ q: params.q.trim() });
  if (params.location) query.set('location', params.location);
  if (params.category) query.set('category', params.category);
  if (params.subcategory) query.set('subcategory', params.subcategory);
  if (params.minPrice !== undefined) query.set('minPrice', String(params.minPrice));
  if (params.maxPrice !== undefined) query.set('maxPrice', String(params.maxPrice));
  if (params.orderBy && params.orderBy !== 'relevance') query.set('orderBy', params.orderBy);
  if (params.page !== undefined && params.page > 1) query.set('page', String(params.page));
  return `/search?${query.toString()}`;
}

/** How many result pages `count` results fill at `pageSize` a page (at least one). */
export function pageCount(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / pageSize));
}
