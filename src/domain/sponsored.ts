/**
 * Sponsored search links (spec 4; decision 030): a sponsored card opens its deal with
 * usr_src=sponsored_search_{adId}; the deal page reads the ad back to record the click. Pure and
 * free of zod: the deal page's personal layer uses it.
 */

/** spec 4: the usr_src a sponsored card's link carries, followed by the ad's id. */
export const SPONSORED_USR_SRC_PREFIX = 'sponsored_search_';

/** The deal's address from a sponsored card. */
export function sponsoredUrl(dealUrl: string, adId: string): string {
  const [path, query = ''] = dealUrl.split('?');
  const params = new URLSearchParams(query);
  params.set('usr_src', `${SPONSORED_USR_SRC_PREFIX}${adId}`);
  return `${path}?${params}`;
}

/** The ad id in a deal page's usr_src, or null when it is not a sponsored click. */
export function sponsoredAdOf(usrSrc: string | null | undefined): string | null {
  if (!usrSrc?.startsWith(SPONSORED_USR_SRC_PREFIX)) return null;
  const adId = usrSrc.slice(SPONSORED_USR_SRC_PREFIX.length);
  return /^[A-Za-z0-9_-]{1,64}$/.test(adId) ? adId : null;
}
