/**
 * Listing pages and the deal feed: which deals a listing holds (its scope: a place, VIP, a special
 * page, /find), narrowed by the shopper's filters, one page at a time, with its main deal and
 * faceted navigation (spec 2, spec 3 "Search response", spec 4 "Deal list", spec 9).
 * Returns null when any part of the scope names something we do not have (the route then 404s).
 */
import type { DealSummary } from '@/contracts/deal';
import type { NavigationItem } from '@/contracts/deal-feed';
import {
  GIFT_FINDER_PAGE_SIZE,
  giftFinderPath,
  giftTopicsFilter,
  personalityBySlug,
  recipientBySlug,
} from '@/domain/gift-finder';
import type { ListingFilter } from '@/domain/listing-filters';
import { listingPath, listingSegments, SPECIAL_LOCATION_CATEGORY } from '@/domain/listing-paths';
import { NATIONAL_LOCATION, type PageInfo, resolvePageType } from '@/domain/page-type';
import { VIP_LIMIT } from '@/domain/subscription';
import { createTtlCache, sourceKey } from '@/server/cache';
import {
  countDeals,
  countDealsByCategory,
  DEFAULT_LISTING_SIZE,
  type DealFilter,
  listDeals,
  retrieveCategory,
  retrieveLocation,
  retrieveSavingCeilings,
  type SavingCeilings,
} from '@/server/catalog';
import type { Category, Location } from '@/server/catalog/schema';
import type { Db } from '@/server/db';
import { buildCategoryRows } from '@/server/reference';

/** spec 9: feed size 20 for /find. */
export const FIND_PAGE_SIZE = 20;

/** What a listing lists, before the shopper's refinements. */
export type ListingScope =
  | { kind: 'place'; location: string; category?: string; subCategory?: string }
  | { kind: 'vip'; category?: string }
  | { kind: 'special'; location: string; slug: string }
  | { kind: 'find'; category?: string; subCategory?: string }
  /**
   * The gift finder (docs/decisions/028), {location}/{category}/gift-finder[/gifts-for-{recipient}]
   * with ?personality=.
   */
  | { kind: 'gift-finder'; location: string; category: string; recipient?: string; personality?: string };

export interface ResolvedScope {
  scope: ListingScope;
  location: Location | null;
  category: Category | null;
  subCategory: Category | null;
  /** The listing's clean URL path (canonical, pagination base). */
  path: string;
  filter: DealFilter;
  /** Which facets a page of this scope shows, and where each leads. */
  facets: { level: 'category' | 'subCategory'; urlFor(shortName: string): string } | null;
  /** spec 2: special pages take the words of their slug as tags. */
  specialWords?: string[];
}

export interface ListingPageData extends ResolvedScope {
  /** spec 4: the listing's most popular deal, shown large on page 1 and kept out of every page's grid. */
  mainDeal: DealSummary | null;
  deals: DealSummary[];
  /** All deals matching scope and filters, the main deal included. */
  total: number;
  /** The deals the pages page through: total less the main deal. */
  gridTotal: number;
  page: number;
  pageSize: number;
  lastPage: number;
  navigations: NavigationItem[];
  /** The largest evidenced savings on sale (docs/decisions/024), for the "up to N%" copy. */
  savingCeilings: SavingCeilings;
}

const PLACE_PAGE_TYPES: ReadonlySet<string> = new Set(['category', 'homepage', 'travel', 'wellness-collection']);

/**
 * The listing a page type shows (spec 2 page types), or null when it is not a listing. A deal
 * preview shows the listing of its deal group (/deals/preview/london/beauty → London beauty).
 */
export function scopeForPage(info: PageInfo, knownLocations?: ReadonlySet<string>): ListingScope | null {
  if (info.pageType === 'vipCategory') {
    return info.subCategory === undefined ? { kind: 'vip', category: info.category } : null;
  }
  if (info.pageType === 'special') {
    return info.location && info.category ? { kind: 'special', location: info.location, slug: info.category } : null;
  }
  if (info.pageType === 'dealPreview') {
    if (info.dealId !== undefined) return null;
    const group = resolvePageType(`/deals/${info.dealGroup ?? ''}`, { knownLocations });
    return group.pageType === 'dealPreview' ? null : scopeForPage(group, knownLocations);
  }
  if (!PLACE_PAGE_TYPES.has(info.pageType)) return null;
  return {
    kind: 'place',
    location: info.location ?? NATIONAL_LOCATION,
    category: info.category,
    subCategory: info.subCategory,
  };
}

/** Reads a scope's names into rows and a base deal filter; null for anything unknown. */
export async function resolveListingScope(db: Db, scope: ListingScope): Promise<ResolvedScope | null> {
  if (scope.kind === 'vip') {
    const category = scope.category ? await retrieveCategory(db, scope.category) : null;
    if (scope.category && !category) return null;
    return {
      scope,
      location: null,
      category,
      subCategory: null,
      path: category ? `/deals/vip/${category.shortName}` : '/deals/vip',
      filter: { vipOnly: true, categoryId: category?.id },
      facets: category ? null : { level: 'category', urlFor: (name) => `/deals/vip/${name}` },
    };
  }
  if (scope.kind === 'find') {
    const category = scope.category ? await retrieveCategory(db, scope.category) : null;
    if (scope.category && !category) return null;
    const subCategory =
      scope.subCategory && category ? await retrieveCategory(db, scope.subCategory, category.id) : null;
    if (scope.subCategory && !subCategory) return null;
    const query = (params: Record<string, string>): string => `/find?${new URLSearchParams(params)}`;
    return {
      scope,
      location: null,
      category,
      subCategory,
      path: '/find',
      filter: { categoryId: category?.id, subCategoryId: subCategory?.id },
      facets: subCategory
        ? null
        : category
          ? { level: 'subCategory', urlFor: (name) => query({ category: category.shortName, subcategory: name }) }
          : { level: 'category', urlFor: (name) => query({ category: name }) },
    };
  }
  if (scope.kind === 'gift-finder') return resolveGiftFinder(db, scope);
  const location = await retrieveLocation(db, scope.location);
  if (!location) return null;
  if (scope.kind === 'special') {
    const words = specialWords(scope.slug);
    if (words.length === 0) return null;
    return {
      scope,
      location,
      category: null,
      subCategory: null,
      path: `/deals/${location.shortName}/special/${scope.slug}`,
      filter: { locationId: location.id, allTags: words },
      facets: null,
      specialWords: words,
    };
  }
  const segments = listingSegments(location.shortName, scope.category, scope.subCategory);
  const category = segments.category ? await retrieveCategory(db, segments.category) : null;
  if (segments.category && !category) return null;
  const subCategory =
    segments.subCategory && category ? await retrieveCategory(db, segments.subCategory, category.id) : null;
  if (segments.subCategory && !subCategory) return null;
  // /deals/travel narrows nothing: the travel category is the whole location.
  const isOwnCategory = segments.category === SPECIAL_LOCATION_CATEGORY[location.shortName];
  const narrowsByCategory = category !== null && !(isOwnCategory && !subCategory);
  const facetCategory = category ?? null;
  return {
    scope,
    location,
    category,
    subCategory,
    path: listingPath(location.shortName, category?.shortName, subCategory?.shortName),
    filter: {
      locationId: location.id,
      categoryId: narrowsByCategory ? category?.id : undefined,
      subCategoryId: subCategory?.id,
    },
    facets: subCategory
      ? null
      : facetCategory
        ? {
            level: 'subCategory',
            urlFor: (name) => listingPath(location.shortName, facetCategory.shortName, name),
          }
        : homeCategoryFacets(location.shortName),
  };
}

/** Category ids by short name (the reference tree: the same ids in every database). */
const categoryIdsByName = new Map(buildCategoryRows().map((row) => [row.shortName, row.id]));

/**
 * The gift finder is its place listing (location and category), narrowed to deals that
 * can be given as gifts and suit the recipient and the personality (domain/gift-finder.ts).
 */
async function resolveGiftFinder(
  db: Db,
  scope: Extract<ListingScope, { kind: 'gift-finder' }>,
): Promise<ResolvedScope | null> {
  const recipient = recipientBySlug(scope.recipient);
  if (scope.recipient !== undefined && recipient === undefined) return null;
  const personality = personalityBySlug(scope.personality);
  const place = await resolveListingScope(db, { kind: 'place', location: scope.location, category: scope.category });
  if (!place?.category || place.subCategory) return null;
  const allTopics = giftTopicsFilter(recipient, personality).map((topic) => ({
    categoryIds: topic.categories.flatMap((name) => {
      const id = categoryIdsByName.get(name);
      return id === undefined ? [] : [id];
    }),
    tags: topic.tags,
  }));
  return {
    ...place,
    scope,
    path: giftFinderPath(scope.location, place.category.shortName, recipient?.slug),
    filter: { ...place.filter, giftableOnly: true, allTopics },
    facets: null,
  };
}

/** A special location stands for one category, so its location page offers that category's sub-categories. */
function homeCategoryFacets(location: string): ResolvedScope['facets'] {
  const home = SPECIAL_LOCATION_CATEGORY[location];
  if (home === undefined) return { level: 'category', urlFor: (name) => listingPath(location, name) };
  return { level: 'subCategory', urlFor: (name) => listingPath(location, home, name) };
}

/** spec 2: a special page's slug words ("spa-day-for-two" → spa, day, for, two), short filler words dropped. */
export function specialWords(slug: string): string[] {
  return slug
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 2 && !['and', 'for', 'the', 'with'].includes(word));
}

/** The shopper's refinements as a catalogue filter over a scope's base filter. */
export function refinedFilter(base: DealFilter, filter: ListingFilter, excludeIds: readonly number[] = []): DealFilter {
  return {
    ...base,
    vipOnly: base.vipOnly || filter.vip,
    minPriceMinor: filter.minPriceMinor,
    maxPriceMinor: filter.maxPriceMinor,
    searchTag: filter.searchTag,
    excludeIds: [...(base.excludeIds ?? []), ...excludeIds],
  };
}

export interface LoadOptions {
  pageSize?: number;
  /** Skip this many grid deals instead of starting at the page (the API's offset). */
  offset?: number;
  /** More deals to leave out (spec 7: recentViewedDeal, up to 5). */
  excludeIds?: readonly number[];
}

/**
 * spec 9 VIP limit: a VIP listing page shows at most VIP_LIMIT deals, its main deal included, so
 * its grid holds one fewer (a smaller page size asked for by the feed API is kept).
 */
export function vipGridSize(requested: number | undefined): number {
  return Math.max(1, Math.min(requested ?? VIP_LIMIT, VIP_LIMIT) - 1);
}

/** Listing pages read in the last minute; cleared with the other catalogue caches. */
const listingPages = createTtlCache<ListingPageData | null>(60_000, 500);

/**
 * One page of a listing: main deal (page 1 only), the page's grid deals, total, facets.
 * Served from a one-minute memory cache (the same scope, filter and options read the same rows).
 */
export function loadListingPage(
  db: Db,
  scope: ListingScope,
  filter: ListingFilter,
  options: LoadOptions = {},
): Promise<ListingPageData | null> {
  const key = JSON.stringify([sourceKey(db), scope, filter, options]);
  return listingPages.get(key, () => readListingPage(db, scope, filter, options));
}

async function readListingPage(
  db: Db,
  scope: ListingScope,
  filter: ListingFilter,
  options: LoadOptions,
): Promise<ListingPageData | null> {
  const resolved = await resolveListingScope(db, scope);
  if (!resolved) return null;
  const pageSize =
    scope.kind === 'vip'
      ? vipGridSize(options.pageSize)
      : (options.pageSize ??
        (scope.kind === 'find'
          ? FIND_PAGE_SIZE
          : scope.kind === 'gift-finder'
            ? GIFT_FINDER_PAGE_SIZE
            : DEFAULT_LISTING_SIZE));
  const refined = refinedFilter(resolved.filter, filter, options.excludeIds);
  const [[mainDeal = null], total, navigations, savingCeilings] = await Promise.all([
    // The gift finder has no main deal: its pages are 12 cards (spec 9), no more.
    scope.kind === 'gift-finder' ? Promise.resolve([]) : listDeals(db, { ...refined, orderBy: 'popularity', limit: 1 }),
    countDeals(db, refined),
    loadNavigations(db, resolved, refined),
    retrieveSavingCeilings(db),
  ]);
  const gridFilter = mainDeal ? refinedFilter(refined, filter, [mainDeal.id]) : refined;
  const gridTotal = Math.max(0, total - (mainDeal ? 1 : 0));
  const offset = options.offset ?? (filter.page - 1) * pageSize;
  const deals = await listDeals(db, { ...gridFilter, orderBy: filter.sort, limit: pageSize, offset });
  return {
    ...resolved,
    mainDeal: filter.page === 1 && options.offset === undefined ? mainDeal : null,
    deals,
    total,
    gridTotal,
    page: filter.page,
    pageSize,
    lastPage: Math.max(1, Math.ceil(gridTotal / pageSize)),
    navigations,
    savingCeilings,
  };
}

/** spec 3 faceted navigation alone (navigations and their total), or null for an unknown scope. */
export async function loadFacetedNavigation(
  db: Db,
  scope: ListingScope,
  filter: ListingFilter,
): Promise<{ navigations: NavigationItem[]; count: number } | null> {
  const resolved = await resolveListingScope(db, scope);
  if (!resolved) return null;
  const refined = refinedFilter(resolved.filter, filter);
  const [navigations, count] = await Promise.all([loadNavigations(db, resolved, refined), countDeals(db, refined)]);
  return { navigations, count };
}

/** spec 3 faceted navigation: the scope's categories or sub-categories with counts under the same filter. */
async function loadNavigations(db: Db, resolved: ResolvedScope, refined: DealFilter): Promise<NavigationItem[]> {
  if (!resolved.facets) return [];
  const { level, urlFor } = resolved.facets;
  const facets = await countDealsByCategory(db, refined, level);
  return facets.map((facet) => ({
    linkText: facet.name,
    count: facet.count,
    shortName: facet.shortName,
    url: urlFor(facet.shortName),
  }));
}
