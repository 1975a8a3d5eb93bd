/**
 * $shareDealData (spec 3 club engagement store shareDealData): the deal page's shares by a
 * signed-in member, kept in localStorage (@nanostores/persistent) until the server has counted them,
 * then sent in a batch to POST club engagement (spec 7 /reward/bulkPublishEvents) and cleared
 * (spec 7 "Local records are cleared afterwards"). A guest's shares are neither kept nor sent
 * (spec 6: club engagement data is sent only for authenticated users). Views are not kept here: the
 * deal page's server island records them (docs/decisions/027). Loaded only when a share happens or
 * shares wait from an earlier page, never on the deal page's first load.
 */
import { persistentAtom } from '@nanostores/persistent';
import {
  type PublisherSource,
  parseShareDealData,
  SHARE_DEAL_DATA_KEY,
  SHARES_KEPT,
  type SharedDeal,
  withShare,
} from '@/domain/club-engagement';
import { getErrorMessage } from '@/domain/error-message';
import { hasSignedInCookie } from './user';

export const $shareDealData = persistentAtom<SharedDeal[]>(SHARE_DEAL_DATA_KEY, [], {
  encode: JSON.stringify,
  decode: parseShareDealData,
});

/** POST club engagement; injectable for tests. */
export type ClubEngagementFetch = (path: string, init: RequestInit) => Promise<Response>;
let send: ClubEngagementFetch = (path, init) => fetch(path, init);
let isSignedIn = hasSignedInCookie;

/** Tests only: replace the network and the sign-in check. */
export function useClubEngagementFetch(fetcher: ClubEngagementFetch, signedIn: () => boolean): void {
  send = fetcher;
  isSignedIn = signedIn;
  sending = null;
  sendAgain = false;
}

/** A signed-in member shared a deal: keep it to send. A guest's share is not kept (spec 6). */
export function recordShare(dealId: number, publisherSource: PublisherSource): boolean {
  if (!isSignedIn()) return false;
  $shareDealData.set(withShare($shareDealData.get(), { dealId, publisherSource }));
  return true;
}

let sending: Promise<void> | null = null;
let sendAgain = false;

/**
 * Sends what waits, one batch at a time: shares made while a batch is on its way go in the next.
 * A batch the server took (or refused as malformed, which no retry mends) is cleared; a 401 (signed
 * out meanwhile) clears everything, since a guest's shares are never sent; a network failure or a
 * server error keeps them for the next page.
 */
export function sendClubEngagement(): Promise<void> {
  if (sending !== null) {
    sendAgain = true;
    return sending;
  }
  sending = (async () => {
    do {
      sendAgain = false;
      await sendBatch();
    } while (sendAgain);
  })().finally(() => {
    sending = null;
  });
  return sending;
}

async function sendBatch(): Promise<void> {
  const batch = $shareDealData.get().slice(0, SHARES_KEPT);
  if (batch.length === 0) return;
  if (!isSignedIn()) {
    $shareDealData.set([]);
    return;
  }
  let status: number;
  try {
    const response = await send('/api/v1/reward/bulkPublishEvents', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ shareDeal: batch, viewDeal: [] }),
    });
    status = response.status;
  } catch (error) {
    console.warn('[club engagement] not sent:', getErrorMessage(error));
    return;
  }
  if (status === 401) {
    $shareDealData.set([]);
    return;
  }
  if (status < 300 || status === 400) {
    const sent = new Set(batch);
    $shareDealData.set($shareDealData.get().filter((share) => !sent.has(share)));
  }
}
