import { cleanStores, keepMount } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $wishlist, $wishlistMessage, clearWishlist, loadWishlist, toggleWishlist, useWishlistFetch } from './wishlist';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('$wishlist (spec 4, spec 7 wishlist calls)', () => {
  let calls: string[] = [];

  beforeEach(() => {
    calls = [];
    keepMount($wishlist);
    $wishlist.set({ ids: [] });
  });
  afterEach(() => {
    vi.useRealTimers();
    cleanStores($wishlist, $wishlistMessage);
  });

  it('a heart shows at once and keeps the server answer; a second press takes it off', async () => {
    useWishlistFetch(async (path, init) => {
      calls.push(`${init?.method ?? 'GET'} ${path}`);
      return init?.method === 'POST' ? json(201, { deals: [7, 3] }) : json(200, { deals: [3] });
    });
    $wishlist.set({ ids: [3] });
    const pending = toggleWishlist(7, 'Spa day');
    expect($wishlist.get().ids).toEqual([7, 3]);
    expect(await pending).toBe(true);
    expect($wishlistMessage.get()).toBe('Spa day is on your wish list.');
    expect(await toggleWishlist(7, 'Spa day')).toBe(false);
    expect($wishlist.get().ids).toEqual([3]);
    expect(calls).toEqual(['POST /api/v1/wishlist', 'DELETE /api/v1/wishlist/deal/7']);
  });

  it('two hearts pressed at once reach the server one after the other, and both stay pressed', async () => {
    // A guest's first heart makes their list (and its cookie): a second request sent before that
    // answer would make another list and lose a deal.
    const onServer: number[] = [];
    const answers: Array<() => void> = [];
    let inFlight = 0;
    let most = 0;
    useWishlistFetch(
      (_path, init) =>
        new Promise((resolve) => {
          inFlight += 1;
          most = Math.max(most, inFlight);
          answers.push(() => {
            inFlight -= 1;
            onServer.unshift(...(JSON.parse(String(init?.body)) as { deals: number[] }).deals);
            resolve(json(201, { deals: [...onServer] }));
          });
        }),
    );
    const first = toggleWishlist(1, 'Spa day');
    const second = toggleWishlist(2, 'Afternoon tea');
    expect($wishlist.get().ids).toEqual([2, 1]);
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    answers.shift()?.();
    expect(await first).toBe(true);
    // The first answer ([1]) does not take the second heart off while its own call is on its way.
    expect($wishlist.get().ids).toEqual([2, 1]);
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    answers.shift()?.();
    expect(await second).toBe(true);
    expect($wishlist.get().ids).toEqual([2, 1]);
    expect(most).toBe(1);
  });

  it('a refusal puts the heart back and says why; a network failure says spec 8 generic message', async () => {
    useWishlistFetch(async () => json(409, { message: 'A wish list holds up to 200 deals.', status: 409 }));
    expect(await toggleWishlist(9)).toBe(false);
    expect($wishlist.get().ids).toEqual([]);
    expect($wishlistMessage.get()).toBe('A wish list holds up to 200 deals.');
    useWishlistFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    await toggleWishlist(9);
    expect($wishlistMessage.get()).toBe('Something went wrong. Please try again.');
  });

  it('spec 8: an answer that says nothing (an HTML 502) shows "An error occured" and puts the heart back', async () => {
    useWishlistFetch(async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(await toggleWishlist(4)).toBe(false);
    expect($wishlist.get().ids).toEqual([]);
    expect($wishlistMessage.get()).toBe('An error occured');
  });

  it('spec 8 / spec 9: a heart with no answer in 20000 ms says "Connection timeout" and goes back', async () => {
    useWishlistFetch(() => new Promise<Response>(() => {}));
    vi.useFakeTimers();
    const pending = toggleWishlist(6);
    expect($wishlist.get().ids).toEqual([6]);
    await vi.advanceTimersByTimeAsync(20_000);
    vi.useRealTimers();
    expect(await pending).toBe(false);
    expect($wishlist.get().ids).toEqual([]);
    expect($wishlistMessage.get()).toBe('Connection timeout');
  });

  it('spec 4: the store resets only after delete-all succeeds', async () => {
    $wishlist.set({ ids: [1, 2] });
    useWishlistFetch(async () => json(503, { message: 'Something went wrong. Please try again.' }));
    expect(await clearWishlist()).toBe(false);
    expect($wishlist.get().ids).toEqual([1, 2]);
    useWishlistFetch(async () => json(200, { deals: [] }));
    expect(await clearWishlist()).toBe(true);
    expect($wishlist.get().ids).toEqual([]);
  });

  it('a guest who never hearted anything never asks; ids left from a signed-out account are cleared', async () => {
    useWishlistFetch(async (path) => {
      calls.push(path);
      return json(404, { message: 'No Wish List ID', status: 404 });
    });
    await loadWishlist();
    expect(calls).toEqual([]);
    useWishlistFetch(async (path) => {
      calls.push(path);
      return json(404, { message: 'No Wish List ID', status: 404 });
    });
    $wishlist.set({ ids: [5] });
    await loadWishlist();
    expect(calls).toEqual(['/api/v1/wishlist']);
    expect($wishlist.get().ids).toEqual([]);
  });
});
