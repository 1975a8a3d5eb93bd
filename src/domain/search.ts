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

/** spec 9: price filters 0, 10, 20, 50, 100, 1000 (whole pounds). */
export const PRICE_FILTER_STEPS: readonly number[] = [0, 10, 20, 50, 100, 1000];

export interface PriceRange {
  label: string;
  minPrice?: number;
  maxPrice?: number;
}

const pounds = (amount: number) => `£${amount.toLocaleString('en-GB')}`;

/** The price ranges between spec 9's filter steps: "Under £10", "£10 to £20", … "Over £1,000". */
export function priceRanges(steps: readonly number[] = PRICE_FILTER_STEPS): PriceRange[] {
  const ranges: PriceRange[] = [];
  for (let i = 0; i < steps.length - 1; i++) {
    const [low, high] = [steps[i] ?? 0, steps[i + 1] ?? 0];
    ranges.push(
      low === 0
        ? { label: `Under ${pounds(high)}`, maxPrice: high }
        : { label: `${pounds(low)} to ${pounds(high)}`, minPrice: low, maxPrice: high },
    );
  }
  const top = steps.at(-1);
  if (top !== undefined) ranges.push({ label: `Over ${pounds(top)}`, minPrice: top });
  return ranges;
}

/**
 * spec 9 sort options, in the spec's order after search's own default (relevance):
 * popularity, price high to low, discount %, recently added, price low to high.
 */
export const SEARCH_SORT_OPTIONS: readonly { value: string; label: string }[] = [
  { value: 'relevance', label: 'Best match' },
  { value: 'popularity', label: 'Popularity' },
  { value: 'pricehigh', label: 'Price high to low' },
  { value: 'discount', label: 'Discount %' },
  { value: 'recent', label: 'Recently added' },
  { value: 'pricelow', label: 'Price low to high' },
];
