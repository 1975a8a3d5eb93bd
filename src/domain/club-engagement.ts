/**
 * spec 3 club engagement store shareDealData ({dealId, publisherSource}): the shares a signed-in
 * member made that the server has not yet counted. Pure: the browser's store ($shareDealData) and
 * the deal page's share script apply it; the server awards the points (docs/decisions/027
 * "Points for sharing").
 */

/** The localStorage entry the store keeps and the share script peeks at (no store loaded for that). */
export const SHARE_DEAL_DATA_KEY = 'tuppence:share-deal-data';

/** At most this many shares wait in the browser, and at most this many go in one batch (the contract's limit). */
export const SHARES_KEPT = 50;

/** Where a share went: a network's share page, or the phone's own share sheet (navigator.share). */
export type PublisherSource = 'facebook' | 'x' | 'native';

/** spec 3 shareDealData: one share. */
export interface SharedDeal {
  dealId: number;
  publisherSource: PublisherSource;
}

const SOURCES: readonly string[] = ['facebook', 'x', 'native'] satisfies PublisherSource[];

/** Whether a value names a place a share can go (a share button's data attribute, a stored entry). */
export function isPublisherSource(value: unknown): value is PublisherSource {
  return typeof value === 'string' && SOURCES.includes(value);
}

function isSharedDeal(value: unknown): value is SharedDeal {
  const entry = value as Partial<SharedDeal> | null;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    Number.isSafeInteger(entry.dealId) &&
    (entry.dealId ?? 0) > 0 &&
    isPublisherSource(entry.publisherSource)
  );
}

/** Reads the stored entry; anything unreadable (another version, a hand edit) is dropped, never sent. */
export function parseShareDealData(text: string | null | undefined): SharedDeal[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter(isSharedDeal).slice(-SHARES_KEPT) : [];
  } catch {
    return [];
  }
}

/** A share added at the end; the oldest fall off past SHARES_KEPT (the server counts a deal once a day anyway). */
export function withShare(list: readonly SharedDeal[], share: SharedDeal): SharedDeal[] {
  return [...list, share].slice(-SHARES_KEPT);
}
