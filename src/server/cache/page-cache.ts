/**
 * Route caching for shared public pages (docs/decisions/006, spec 9 cache age 1200 s).
 * A page tags itself with what it shows, so a changed deal, location or category
 * invalidates exactly the pages that show it. Nothing personal may be in such a page:
 * the user's name, basket count and wishlist hearts come from islands.
 */

/** spec 9: cache age. */
export const CACHE_AGE_SECONDS = 1200;
/** Served stale for this long while a fresh copy renders in the background. */
export const STALE_WHILE_REVALIDATE_SECONDS = 600;

export const dealTag = (id: number): string => `deal:${id}`;
export const locationTag = (shortName: string): string => `location:${shortName}`;
export const categoryTag = (shortName: string): string => `category:${shortName}`;
/** A guide page (docs/decisions/023): its publish invalidates exactly this tag. */
export const guideTag = (slug: string): string => `guide:${slug}`;
/** The guide list (/guides): any publish may change a name or description on it. */
export const GUIDES_TAG = 'guides';
/** A content page from the collections (/page/{slug}, /faqs): changes only with a new build. */
export const contentTag = (slug: string): string => `content:${slug}`;
/** Every listing and search page: a bulk catalogue change invalidates them all. */
export const LISTINGS_TAG = 'listings';

/** The parts of a page's or endpoint's context this needs (Astro / APIContext). */
interface PageContext {
  cache: { set(options: { maxAge?: number; swr?: number; tags?: string[] } | false): void };
  response?: { headers: Headers };
}

/** The Cache-Control a shared page carries to browsers and CDNs. */
export const SHARED_CACHE_CONTROL = `public, max-age=0, s-maxage=${CACHE_AGE_SECONDS}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_SECONDS}`;

/**
 * Marks this response as a shared page: cached for the spec's 1200 s with the given tags, in
 * Astro's route cache and, through Cache-Control, in any shared cache in front of us.
 * Call it only once the page knows it will answer 200 with public content.
 */
export function cachePublicPage(context: PageContext, tags: readonly string[]): void {
  context.cache.set({ maxAge: CACHE_AGE_SECONDS, swr: STALE_WHILE_REVALIDATE_SECONDS, tags: [...new Set(tags)] });
  context.response?.headers.set('Cache-Control', SHARED_CACHE_CONTROL);
}
