/**
 * $wishlist (issue 21.1; spec 3 Wishlist, spec 4 "the wishlist is reset after the delete-all call
 * succeeds"): the deal ids on this visitor's wishlist, with its actions beside it. Shared cached
 * pages render every heart unpressed; the browser fills them in from here. The ids are kept in
 * localStorage too, so hearts are right at once on the next page, and whether to ask the server at
 * all is known without a request (a guest who never hearted anything never asks).
 */
import { persistentAtom } from '@nanostores/persistent';
import { atom } from 'nanostores';
import { IDENTITY_COOKIES } from '@/domain/cookies';
import { getErrorMessage } from '@/domain/errors';
import { MESSAGES } from '@/domain/messages';

/** Whose list the stored ids are: a guest's, or the signed-in customer's (dropped at sign-out). */
type Holder = 'guest' | 'customer';

export interface StoredWishlist {
  holder: Holder;
  ids: number[];
}

const EMPTY: StoredWishlist = { holder: 'guest', ids: [] };

function decode(text: string): StoredWishlist {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return EMPTY;
    const { holder, ids } = value as Record<string, unknown>;
    return {
      holder: holder === 'customer' ? 'customer' : 'guest',
      ids: Array.isArray(ids) ? ids.filter((id): id is number => Number.isSafeInteger(id)) : [],
    };
  } catch {
    return EMPTY;
  }
}

export const $wishlist = persistentAtom<StoredWishlist>('tuppence:wishlist', EMPTY, {
  encode: JSON.stringify,
  decode,
});

/** The last thing a wishlist action has to tell the shopper (an aria-live region shows it). */
export const $wishlistMessage = atom<string>('');

/** The wishlist API (spec 7 wishlist calls); injectable for tests. */
export type WishlistFetch = (path: string, init?: RequestInit) => Promise<Response>;
let send: WishlistFetch = (path, init) =>
  fetch(path, {
    credentials: 'same-origin',
    ...init,
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...init?.headers },
  });

/** Tests only: replace the network and forget what this page loaded. */
export function useWishlistFetch(fetcher: WishlistFetch): void {
  send = fetcher;
  loading = null;
}

function signedIn(): boolean {
  if (typeof document === 'undefined') return false;
  return document.cookie.split(';').some((part) => part.trim() === `${IDENTITY_COOKIES.userLoggedIn}=true`);
}

function holderNow(): Holder {
  return signedIn() ? 'customer' : 'guest';
}

function idsFrom(body: unknown): number[] | null {
  if (typeof body !== 'object' || body === null) return null;
  const deals = (body as Record<string, unknown>).deals;
  return Array.isArray(deals) ? deals.filter((id): id is number => Number.isSafeInteger(id)) : null;
}

async function readBody(response: Response): Promise<Record<string, unknown>> {
  const body: unknown = await response.json().catch(() => null);
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
}

/** Whether the deal is on the wishlist. */
export function isWishlisted(dealId: number): boolean {
  return $wishlist.get().ids.includes(dealId);
}

let loading: Promise<void> | null = null;

/**
 * Brings the store up to date with the server, once per page: for a signed-in shopper always, for a
 * guest only when this browser has hearted something. A customer's ids left from before a sign-out
 * are dropped first. A failed load keeps what is stored.
 */
export function loadWishlist(): Promise<void> {
  loading ??= (async () => {
    const holder = holderNow();
    const stored = $wishlist.get();
    if (stored.holder !== holder) $wishlist.set({ holder, ids: [] });
    if (holder === 'guest' && stored.ids.length === 0) return;
    try {
      const response = await send('/api/v1/wishlist');
      if (response.status === 404) {
        $wishlist.set({ holder, ids: [] });
        return;
      }
      const ids = response.ok ? idsFrom(await readBody(response)) : null;
      if (ids !== null) $wishlist.set({ holder, ids });
    } catch (error) {
      console.warn('[wishlist] load failed:', getErrorMessage(error));
    }
  })();
  return loading;
}

/**
 * Hearts or un-hearts a deal. The heart changes at once; a refusal puts it back and says why.
 * Returns whether the deal is on the list afterwards.
 */
export async function toggleWishlist(dealId: number, headline = 'This deal'): Promise<boolean> {
  const before = $wishlist.get();
  const adding = !before.ids.includes(dealId);
  const holder = holderNow();
  $wishlist.set({
    holder,
    ids: adding ? [dealId, ...before.ids] : before.ids.filter((id) => id !== dealId),
  });
  try {
    const response = adding
      ? await send('/api/v1/wishlist', { method: 'POST', body: JSON.stringify({ deals: [dealId] }) })
      : await send(`/api/v1/wishlist/deal/${dealId}`, { method: 'DELETE' });
    const body = await readBody(response);
    if (!response.ok) {
      $wishlist.set(before);
      $wishlistMessage.set(typeof body.message === 'string' ? body.message : MESSAGES.somethingWentWrong);
      return !adding;
    }
    const ids = idsFrom(body);
    if (ids !== null) $wishlist.set({ holder, ids });
    $wishlistMessage.set(adding ? `${headline} is on your wish list.` : `${headline} was removed from your wish list.`);
    return adding;
  } catch (error) {
    console.warn('[wishlist] change failed:', getErrorMessage(error));
    $wishlist.set(before);
    $wishlistMessage.set(MESSAGES.somethingWentWrong);
    return !adding;
  }
}

/** spec 7 "DELETE all deals"; spec 4: the store resets only after the call succeeds. */
export async function clearWishlist(): Promise<boolean> {
  try {
    const response = await send('/api/v1/wishlist', { method: 'DELETE' });
    if (!response.ok) {
      const body = await readBody(response);
      $wishlistMessage.set(typeof body.message === 'string' ? body.message : MESSAGES.somethingWentWrong);
      return false;
    }
    $wishlist.set({ holder: holderNow(), ids: [] });
    $wishlistMessage.set('Your wish list is empty.');
    return true;
  } catch (error) {
    console.warn('[wishlist] clear failed:', getErrorMessage(error));
    $wishlistMessage.set(MESSAGES.somethingWentWrong);
    return false;
  }
}
