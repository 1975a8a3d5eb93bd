/**
 * $wishlist (spec 3 Wishlist, spec 4 "the wishlist is reset after the delete-all call
 * succeeds"): the deal ids on this visitor's wishlist, newest first, with its actions beside it.
 * Shared cached pages render every heart unpressed; the browser fills them in from here. The ids are
 * kept in localStorage too (@nanostores/persistent), so hearts are right at once on the next page,
 * and whether to ask the server at all is known without a request: a guest who never hearted
 * anything never asks, and ids left from an account signed out of here are cleared by the server's
 * answer (that guest has no list). Kept small: it loads on every page with deal cards.
 */
import { persistentAtom } from '@nanostores/persistent';
import { atom } from 'nanostores';
import { MESSAGES } from '@/domain/messages';
import { fetchWithTimeout, REQUEST_TIMEOUT_MS, requestFailureMessage } from './request';
import { hasSignedInCookie } from './user';

export interface StoredWishlist {
  ids: number[];
}

/** The deal ids in an answer or a stored value, or null when it holds none. */
function idsIn(value: unknown, key: 'ids' | 'deals'): number[] | null {
  const ids = (value as Record<string, unknown> | null)?.[key];
  return Array.isArray(ids) ? ids.filter(Number.isSafeInteger) : null;
}

export const $wishlist = persistentAtom<StoredWishlist>(
  'tuppence:wishlist',
  { ids: [] },
  {
    encode: JSON.stringify,
    decode: (text) => {
      try {
        return { ids: idsIn(JSON.parse(text), 'ids') ?? [] };
      } catch {
        return { ids: [] };
      }
    },
  },
);

/** The last thing a wishlist action has to tell the shopper (an aria-live region shows it). */
export const $wishlistMessage = atom<string>('');

/** The wishlist API (spec 7 wishlist calls); injectable for tests. */
export type WishlistFetch = (path: string, init?: RequestInit) => Promise<Response>;
let transport: WishlistFetch = (path, init) => fetch(path, init);
/** Every call waits spec 9's limit at most (./request.ts). */
const send: WishlistFetch = (path, init) =>
  fetchWithTimeout(
    path,
    { ...init, headers: { Accept: 'application/json', 'Content-Type': 'application/json' } },
    REQUEST_TIMEOUT_MS,
    (input, options) => transport(String(input), options),
  );
let isSignedIn = hasSignedInCookie;
let loading: Promise<void> | null = null;

/** Tests only: replace the network (the time limit stays) and the sign-in check, and forget what this page loaded. */
export function useWishlistFetch(fetcher: WishlistFetch, signedIn: () => boolean = () => false): void {
  transport = fetcher;
  isSignedIn = signedIn;
  loading = null;
}

/**
 * A call's answer: ok, its deal ids (null if none) and its message; an answer that says nothing
 * (a proxy's HTML 502, say) is spec 8's "An error occured".
 */
async function call(path: string, init?: RequestInit) {
  const response = await send(path, init);
  const body: unknown = await response.json().catch(() => null);
  const message = (body as { message?: unknown } | null)?.message;
  return {
    response,
    ids: idsIn(body, 'deals'),
    message: typeof message === 'string' ? message : MESSAGES.anErrorOccured,
  };
}

/**
 * Brings the store up to date with the server, once per page: for a signed-in shopper always, for a
 * guest only when this browser has hearted something. A failed load keeps what is stored.
 */
export function loadWishlist(): Promise<void> {
  loading ??= (async () => {
    if (!isSignedIn() && $wishlist.get().ids.length === 0) return;
    try {
      const { response, ids } = await call('/api/v1/wishlist');
      if (response.status === 404) $wishlist.set({ ids: [] });
      else if (response.ok && ids !== null) $wishlist.set({ ids });
    } catch (error) {
      console.warn('[wishlist] load failed', error);
    }
  })();
  return loading;
}

/**
 * The wishlist's changes go to the server one after another. A guest's first heart makes their
 * wish list and its cookie; a second heart sent before that answer came back would make another
 * list, and whichever cookie came last would win, losing a deal.
 */
let queue: Promise<unknown> = Promise.resolve();
let queued = 0;
function oneAtATime<T>(change: () => Promise<T>): Promise<T> {
  queued += 1;
  const run = queue.then(change).finally(() => {
    queued -= 1;
  });
  queue = run.catch(() => undefined);
  return run;
}

/**
 * Hearts or un-hearts a deal. The heart changes at once; a refusal puts it back and says why.
 * Returns whether the deal is on the list afterwards.
 */
export function toggleWishlist(dealId: number, headline = 'This deal'): Promise<boolean> {
  const before = $wishlist.get().ids;
  const adding = !before.includes(dealId);
  $wishlist.set({ ids: adding ? [dealId, ...before] : before.filter((id) => id !== dealId) });
  return oneAtATime(async () => {
    try {
      const answer = adding
        ? await call('/api/v1/wishlist', { method: 'POST', body: JSON.stringify({ deals: [dealId] }) })
        : await call(`/api/v1/wishlist/deal/${dealId}`, { method: 'DELETE' });
      if (answer.response.ok) {
        // The server's list, unless a later heart is still on its way (its answer will bring it).
        if (answer.ids !== null && queued === 1) $wishlist.set({ ids: answer.ids });
        $wishlistMessage.set(`${headline} ${adding ? 'is on' : 'was removed from'} your wish list.`);
        return adding;
      }
      $wishlistMessage.set(answer.message);
    } catch (error) {
      // No answer at all: spec 8 "Connection timeout" after spec 9's limit, else the generic words.
      $wishlistMessage.set(requestFailureMessage(error, MESSAGES.somethingWentWrong));
    }
    // Only this deal's heart goes back: other hearts pressed meanwhile keep theirs.
    const now = $wishlist.get().ids.filter((id) => id !== dealId);
    $wishlist.set({ ids: adding ? now : [dealId, ...now] });
    return !adding;
  });
}

/** spec 7 "DELETE all deals"; spec 4: the store resets only after the call succeeds. */
export function clearWishlist(): Promise<boolean> {
  return oneAtATime(clearNow);
}

async function clearNow(): Promise<boolean> {
  try {
    const answer = await call('/api/v1/wishlist', { method: 'DELETE' });
    if (answer.response.ok) {
      $wishlist.set({ ids: [] });
      $wishlistMessage.set('Your wish list is empty.');
      return true;
    }
    $wishlistMessage.set(answer.message);
  } catch (error) {
    $wishlistMessage.set(requestFailureMessage(error, MESSAGES.somethingWentWrong));
  }
  return false;
}
