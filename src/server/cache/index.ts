/** The public face of src/server/cache (callers import only this file; scripts/check-imports.mjs keeps that wall). */

export { type Invalidation, joinInvalidationBus } from './broadcast';
export { clearMemoCaches, createTtlCache, sourceKey } from './memo';
export {
  CACHE_AGE_SECONDS,
  cachePublicPage,
  categoryTag,
  contentTag,
  dealTag,
  GUIDES_TAG,
  guideTag,
  LISTINGS_TAG,
  locationTag,
} from './page-cache';
