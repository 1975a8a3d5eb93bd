/**
 * Listing filters and sorting (spec 2 "Filter URL parameters", spec 9 "Filters and sorting"):
 * URL parameters in, a typed filter out. Pure: pages ignore bad values, the API reports them.
 *
 * Choices the spec leaves open, made here:
 * - Prices in the URL are whole pounds; the filter carries pence (money is integer pence).
 * - A maxPrice at or above the 5000 pound default is no upper bound at all.
 * - Travel price steps run from 0 to 1000 in hundreds (spec 9 gives the range, not the steps).
 * - searchTag matches a deal tag exactly, case-insensitively; hyphens read as spaces (spa-day = "spa day").
 * - Page numbers in page URLs start at 1; page 1 is the clean URL (spec 2).
 */

/** spec 9: price filter steps in pounds. */
export const PRICE_STEPS = [0, 10, 20, 50, 100, 1000] as const;
/** spec 9: travel price filters run from 0 to 1000 pounds. */
export const TRAVEL_PRICE_STEPS = [0, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000] as const;
/** spec 9: max price default, pounds. */
export const MAX_PRICE_DEFAULT = 5000;

/** spec 9 sort options, as the orderBy URL values they travel in, default first. */
export const ORDER_BY_VALUES = ['popularity', 'pricehigh', 'discount', 'recent', 'pricelow'] as const;
export type OrderBy = (typeof ORDER_BY_VALUES)[number];
/** How the catalogue sorts (src/server/catalog/queries.ts). */
export type DealSort = 'popularity' | 'newest' | 'price-asc' | 'price-desc' | 'discount';

/** spec 9: popularity (default), price high to low, discount %, recently added, price low to high. */
export const SORT_OPTIONS: ReadonlyArray<{ orderBy: OrderBy; sort: DealSort; label: string }> = [
  { orderBy: 'popularity', sort: 'popularity', label: 'Popularity' },
  { orderBy: 'pricehigh', sort: 'price-desc', label: 'Price high to low' },
  { orderBy: 'discount', sort: 'discount', label: 'Discount %' },
  { orderBy: 'recent', sort: 'newest', label: 'Recently added' },
  // spec 9: pricelow maps to price ascending.
  { orderBy: 'pricelow', sort: 'price-asc', label: 'Price low to high' },
];
export const DEFAULT_ORDER_BY: OrderBy = 'popularity';

/** The catalogue sort an orderBy value asks for. */
export function sortFor(orderBy: OrderBy): DealSort {
  return SORT_OPTIONS.find((option) => option.orderBy === orderBy)?.sort ?? 'popularity';
}

export interface ListingFilter {
  /** Lowest price in pence, when narrowed. */
  minPriceMinor?: number;
  /** Highest price in pence, when narrowed below the default. */
  maxPriceMinor?: number;
  orderBy: OrderBy;
  sort: DealSort;
  /** A deal tag, lower case with spaces. */
  searchTag?: string;
  /** Only deals with a VIP-exclusive option. */
  vip: boolean;
  category?: string;
  subcategory?: string;
  location?: string;
  /** 1-based page number. */
  page: number;
}

export interface ParsedListingFilter {
  filter: ListingFilter;
  /** One plain sentence per bad value (the API answers 400 with them; pages ignore them). */
  problems: string[];
}

const SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/;
const TAG = /^[a-z0-9][a-z0-9 &'-]{0,59}$/;
const WHOLE = /^\d{1,7}$/;
const TRUE_VALUES = new Set(['true', '1', 'yes', 'on']);
const FALSE_VALUES = new Set(['false', '0', 'no', 'off']);

/** A read-only view of the query: URLSearchParams or a plain record. */
type Params = URLSearchParams | Readonly<Record<string, string | undefined>>;

function read(params: Params, key: string): string | undefined {
  const value = params instanceof URLSearchParams ? params.get(key) : params[key];
  if (value === null || value === undefined) return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** Reads spec 2 filter parameters and the page number; bad values are left out and described. */
export function parseListingFilter(params: Params): ParsedListingFilter {
  const problems: string[] = [];
  const filter: ListingFilter = { orderBy: DEFAULT_ORDER_BY, sort: 'popularity', vip: false, page: 1 };

  const minPrice = pounds(read(params, 'minPrice'), 'minPrice', problems);
  const maxPrice = pounds(read(params, 'maxPrice'), 'maxPrice', problems);
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
    problems.push('minPrice: must not be more than maxPrice');
  } else {
    if (minPrice !== undefined && minPrice > 0) filter.minPriceMinor = minPrice * 100;
    if (maxPrice !== undefined && maxPrice < MAX_PRICE_DEFAULT) filter.maxPriceMinor = maxPrice * 100;
  }

  const orderBy = read(params, 'orderBy')?.toLowerCase();
  if (orderBy !== undefined) {
    const known = ORDER_BY_VALUES.find((value) => value === orderBy);
    if (known) [filter.orderBy, filter.sort] = [known, sortFor(known)];
    else problems.push(`orderBy: must be one of ${ORDER_BY_VALUES.join(', ')}`);
  }

  const tag = read(params, 'searchTag')
    ?.toLowerCase()
    .replace(/[-_+]+/g, ' ')
    .replace(/\s+/g, ' ');
  if (tag !== undefined) {
    if (TAG.test(tag)) filter.searchTag = tag;
    else problems.push('searchTag: must be a short word or phrase of letters and numbers');
  }

  const vip = read(params, 'vip')?.toLowerCase();
  if (vip !== undefined) {
    if (TRUE_VALUES.has(vip)) filter.vip = true;
    else if (!FALSE_VALUES.has(vip)) problems.push('vip: must be true or false');
  }

  for (const key of ['category', 'subcategory', 'location'] as const) {
    const value = read(params, key)?.toLowerCase();
    if (value === undefined) continue;
    if (SLUG.test(value)) filter[key] = value;
    else problems.push(`${key}: must be a short name such as beauty or london`);
  }

  const page = read(params, 'page');
  if (page !== undefined) {
    if (WHOLE.test(page) && Number(page) >= 1) filter.page = Number(page);
    else problems.push('page: must be a whole number from 1');
  }
  return { filter, problems };
}

function pounds(value: string | undefined, key: string, problems: string[]): number | undefined {
  if (value === undefined) return undefined;
  if (WHOLE.test(value)) return Number(value);
  problems.push(`${key}: must be a whole number of pounds from 0`);
  return undefined;
}

/** True when the shopper narrowed or re-sorted the list (spec 2: such variants are noindex). */
export function isRefined(filter: ListingFilter): boolean {
  return (
    filter.minPriceMinor !== undefined ||
    filter.maxPriceMinor !== undefined ||
    filter.orderBy !== DEFAULT_ORDER_BY ||
    filter.searchTag !== undefined ||
    filter.vip
  );
}

/**
 * The filter's refinements as URL parameters (defaults left out), for links that keep them:
 * pagination, chips, the filter form. The page number is added by pageUrl.
 */
export function refinementParams(filter: ListingFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.minPriceMinor !== undefined) params.set('minPrice', String(filter.minPriceMinor / 100));
  if (filter.maxPriceMinor !== undefined) params.set('maxPrice', String(filter.maxPriceMinor / 100));
  if (filter.orderBy !== DEFAULT_ORDER_BY) params.set('orderBy', filter.orderBy);
  if (filter.searchTag !== undefined) params.set('searchTag', filter.searchTag);
  if (filter.vip) params.set('vip', 'true');
  // On /find the category travels as a parameter (spec 2 filter parameters); on place pages it is in the path.
  if (filter.category !== undefined) params.set('category', filter.category);
  if (filter.subcategory !== undefined) params.set('subcategory', filter.subcategory);
  return params;
}

/**
 * A listing URL for a page (spec 2: page 1 is the clean URL, never ?page=1; later pages ?page=n),
 * keeping the refinements.
 */
export function pageUrl(path: string, filter: ListingFilter, page: number): string {
  const params = refinementParams(filter);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query === '' ? path : `${path}?${query}`;
}

export interface FilterChip {
  label: string;
  /** The listing without this refinement (and back on page 1). */
  removeUrl: string;
}

/** One chip per active refinement, each with a link that removes it. */
export function filterChips(path: string, filter: ListingFilter): FilterChip[] {
  const chips: FilterChip[] = [];
  const without = (change: Partial<ListingFilter>): string => pageUrl(path, { ...filter, ...change }, 1);
  const gbp = (minor: number): string => `£${(minor / 100).toLocaleString('en-GB')}`;
  if (filter.minPriceMinor !== undefined) {
    chips.push({ label: `From ${gbp(filter.minPriceMinor)}`, removeUrl: without({ minPriceMinor: undefined }) });
  }
  if (filter.maxPriceMinor !== undefined) {
    chips.push({ label: `Up to ${gbp(filter.maxPriceMinor)}`, removeUrl: without({ maxPriceMinor: undefined }) });
  }
  if (filter.orderBy !== DEFAULT_ORDER_BY) {
    const label = SORT_OPTIONS.find((option) => option.orderBy === filter.orderBy)?.label ?? filter.orderBy;
    chips.push({ label: `Sorted: ${label}`, removeUrl: without({ orderBy: DEFAULT_ORDER_BY, sort: 'popularity' }) });
  }
  if (filter.searchTag !== undefined) {
    chips.push({ label: `Tagged “${filter.searchTag}”`, removeUrl: without({ searchTag: undefined }) });
  }
  if (filter.vip) chips.push({ label: 'VIP deals only', removeUrl: without({ vip: false }) });
  return chips;
}

/** The price steps a listing offers: travel has its own range (spec 9). */
export function priceStepsFor(isTravel: boolean): readonly number[] {
  return isTravel ? TRAVEL_PRICE_STEPS : PRICE_STEPS;
}
