/**
 * Everything a listing route does before it renders (spec 2, spec 9): read the filters, load the
 * page, send ?page=1 to the clean URL, 404 pages past the end, pick canonical and robots, and mark
 * the page cacheable with its tags. Routes stay thin: they name a scope and render ListingPage.
 */
import type { Refusal } from '@/domain/errors';
import { type GiftFinderFilter, giftFinderUrl, parseGiftFinderFilter, priceStepBounds } from '@/domain/gift-finder';
import { isRefined, type ListingFilter, pageUrl, parseListingFilter } from '@/domain/listing-filters';
import { MESSAGES } from '@/domain/messages';
import { PathRuleError, resolvePageType } from '@/domain/page-type';
import { cachePublicPage, categoryTag, dealTag, LISTINGS_TAG, locationTag } from '@/server/cache';
import { getDb } from '@/server/db';
import { publicUrl } from '@/server/runtime';
import { type ListingPageData, type ListingScope, loadListingPage, scopeForPage } from './listing';

export interface ListingPageProps {
  listing: ListingPageData;
  filter: ListingFilter;
  canonical: string;
  noindex: boolean;
  feedQuery: URLSearchParams;
}

export type PreparedListing =
  | { kind: 'page'; props: ListingPageProps }
  | { kind: 'redirect'; location: string }
  | { kind: 'not-found' };

/** The parts of Astro's page context this needs. */
interface ListingContext {
  url: URL;
  cache: { set(options: { maxAge?: number; swr?: number; tags?: string[] } | false): void };
  response: { headers: Headers };
}

export interface PrepareOptions {
  /** Deal previews are never indexed nor shared from the cache. */
  isPreview?: boolean;
}

/** The cache tags of a listing's page: every listing, its place and categories, the deals it shows. */
export function listingTags(listing: ListingPageData, shown: readonly { id: number }[]): string[] {
  return [
    LISTINGS_TAG,
    ...(listing.location ? [locationTag(listing.location.shortName)] : []),
    ...(listing.category ? [categoryTag(listing.category.shortName)] : []),
    ...(listing.subCategory ? [categoryTag(listing.subCategory.shortName)] : []),
    ...shown.map((deal) => dealTag(deal.id)),
  ];
}

/** Which listing a feed or partial query names, or why it names none (an invalid query, or no such listing). */
export type FeedScope = { ok: true; scope: ListingScope } | Refusal;

const noScope = (kind: 'invalid' | 'notFound', message: string): Refusal => ({ ok: false, kind, message });

/**
 * The listing a feed query names: a listing URL path (spec 7 deals by path; the /deals/london of
 * the page's own URL) or a location with category segments. Shared by /api/v1/deals and the
 * Show more partial (/partials/deals), so both page through exactly what the listing shows.
 */
export function scopeForFeed(
  query: { path?: string; location?: string; category?: string; subcategory?: string },
  knownLocations: ReadonlySet<string>,
): FeedScope {
  if (query.path === undefined && query.location === undefined) {
    return noScope('invalid', MESSAGES.urlPathRequired);
  }
  if (query.path !== undefined) {
    // spec 5: getDeals needs a non-empty URL path.
    if (query.path.trim() === '') return noScope('invalid', MESSAGES.urlPathRequired);
    try {
      const info = resolvePageType(query.path, { knownLocations });
      if (info.pageType === 'other' && /^\/?find\/?$/.test(query.path.trim())) {
        return { ok: true, scope: { kind: 'find', category: query.category, subCategory: query.subcategory } };
      }
      const scope = scopeForPage(info, knownLocations);
      return scope ? { ok: true, scope } : noScope('notFound', `No deal listing at ${query.path}`);
    } catch (error) {
      if (error instanceof PathRuleError) return noScope('invalid', error.message);
      throw error;
    }
  }
  if (query.location === 'vip') return { ok: true, scope: { kind: 'vip', category: query.category } };
  return {
    ok: true,
    scope: { kind: 'place', location: query.location ?? '', category: query.category, subCategory: query.subcategory },
  };
}

/** Loads a listing for a route; the route redirects, 404s or renders ListingPage with the props. */
export async function prepareListing(
  context: ListingContext,
  scope: ListingScope,
  options: PrepareOptions = {},
): Promise<PreparedListing> {
  const { filter } = parseListingFilter(context.url.searchParams);
  const { db } = await getDb();
  const listing = await loadListingPage(db, scope, filter);
  if (!listing) return { kind: 'not-found' };
  // spec 2: page 1 is always the clean URL, never ?page=1.
  if (context.url.searchParams.get('page') === '1') {
    return { kind: 'redirect', location: pageUrl(listing.path, filter, 1) };
  }
  if (filter.page > listing.lastPage) return { kind: 'not-found' };
  // spec 2: the canonical keeps only the path and a page after the first, never sort or filter noise.
  const canonicalPath = filter.page > 1 ? `${listing.path}?page=${filter.page}` : listing.path;
  const feedQuery = new URLSearchParams(scope.kind === 'find' ? { path: '/find' } : { path: listing.path });
  if (scope.kind === 'find') {
    if (filter.category) feedQuery.set('category', filter.category);
    if (filter.subcategory) feedQuery.set('subcategory', filter.subcategory);
  }
  const isPreview = options.isPreview ?? false;
  if (!isPreview) {
    const shown = listing.mainDeal ? [listing.mainDeal, ...listing.deals] : listing.deals;
    cachePublicPage(context, listingTags(listing, shown));
  }
  return {
    kind: 'page',
    props: {
      listing,
      filter,
      canonical: publicUrl(canonicalPath),
      // spec 2: filtered and sorted variants, and deal previews, are "noindex, follow".
      noindex: isPreview || isRefined(filter),
      feedQuery,
    },
  };
}

/**
 * A gift finder page (docs/decisions/028): its place listing narrowed to gifts for the recipient
 * and the personality (?personality=), one of spec 9's price steps (?price=), page size 12. Cached
 * like a listing; every refined variant (a personality or a price step) is "noindex, follow".
 */
export async function prepareGiftFinder(
  context: ListingContext,
  scope: Extract<ListingScope, { kind: 'gift-finder' }>,
): Promise<
  Exclude<PreparedListing, { kind: 'page' }> | { kind: 'page'; props: ListingPageProps; gift: GiftFinderFilter }
> {
  const gift = parseGiftFinderFilter(context.url.searchParams);
  const { filter: base } = parseListingFilter(new URLSearchParams());
  const filter: ListingFilter = { ...base, ...priceStepBounds(gift.priceFrom), page: gift.page };
  const { db } = await getDb();
  const listing = await loadListingPage(db, { ...scope, personality: gift.personality?.slug }, filter);
  if (!listing) return { kind: 'not-found' };
  if (context.url.searchParams.get('page') === '1') {
    return { kind: 'redirect', location: giftFinderUrl(listing.path, gift, 1) };
  }
  if (gift.page > listing.lastPage) return { kind: 'not-found' };
  const shown = listing.mainDeal ? [listing.mainDeal, ...listing.deals] : listing.deals;
  cachePublicPage(context, listingTags(listing, shown));
  const canonicalPath = gift.page > 1 ? `${listing.path}?page=${gift.page}` : listing.path;
  return {
    kind: 'page',
    gift,
    props: {
      listing,
      filter,
      canonical: publicUrl(canonicalPath),
      noindex: gift.personality !== undefined || gift.priceFrom !== undefined,
      feedQuery: new URLSearchParams({ path: listing.path }),
    },
  };
}
