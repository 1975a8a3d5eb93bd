/** The public face of src/server/cache (issue 16.4: callers import only this file). */

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
