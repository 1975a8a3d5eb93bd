/**
 * spec 3 "Deal list state" (buyAgainDeals, recommendedDeals, recentlyViewedDeals, featuredDealsLoaded)
 * and spec 4 ("Featured deals loaded is COMPLETE or UNCOMPLETE"; "The buy-again list is mirrored to
 * local storage as a true/false flag, false on reset"), as the home page's personal rails drive them
 * (decision 057).
 */
import { cleanStores, keepMount } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUY_AGAIN_FLAG_KEY, readBuyAgainFlag } from '@/components/personal/buy-again-flag';
import {
  $featuredDeals,
  dealIdsIn,
  loadFeaturedDeals,
  type RailFetcher,
  resetBuyAgain,
  resetFeaturedDeals,
  startFeaturedDeals,
} from './featured-deals';

/** A Storage stand-in holding strings, as localStorage does. */
function memoryStorage(entries: Record<string, string> = {}) {
  const values = new Map(Object.entries(entries));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    values,
  };
}

const cards = (...ids: number[]) =>
  `<section class="rail">${ids.map((id) => `<article class="deal-card" data-deal-id="${id}"></article>`).join('')}</section>`;

/** Answers each rail from a table: HTML (200), null (204), or a status number (a failure). */
function railsAnswer(table: Record<string, string | null | number>): { fetcher: RailFetcher; asked: string[] } {
  const asked: string[] = [];
  const fetcher: RailFetcher = async (query) => {
    asked.push(query.toString());
    const answer = table[query.get('rail') ?? ''];
    if (answer === undefined || typeof answer === 'number') return new Response('oops', { status: answer ?? 500 });
    if (answer === null) return new Response(null, { status: 204 });
    return new Response(answer, { status: 200 });
  };
  return { fetcher, asked };
}

describe('$featuredDeals (spec 3 Deal list state, spec 4 featured deals)', () => {
  beforeEach(() => {
    keepMount($featuredDeals);
    resetFeaturedDeals();
  });
  afterEach(() => {
    cleanStores($featuredDeals);
  });

  it('is UNCOMPLETE until every rail asked for has answered, COMPLETE after', async () => {
    const storage = memoryStorage();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { fetcher } = railsAnswer({ recommended: cards(5, 6), 'recently-viewed': cards(7) });
    const loading = loadFeaturedDeals(
      { rails: ['recently-viewed', 'recommended'], signedIn: false, viewed: [7] },
      async (query) => {
        if (query.get('rail') === 'recommended') await held;
        return fetcher(query);
      },
      storage,
    );
    await expect.poll(() => $featuredDeals.get().recentlyViewedDeals).toEqual([7]);
    expect($featuredDeals.get().featuredDealsLoaded).toBe('UNCOMPLETE');
    release();
    await loading;
    expect($featuredDeals.get()).toMatchObject({
      featuredDealsLoaded: 'COMPLETE',
      recommendedDeals: [5, 6],
      recentlyViewedDeals: [7],
    });
  });

  it('a failed rail still completes the featured deals, and that rail stays empty', async () => {
    const { fetcher } = railsAnswer({ recommended: 503, 'recently-viewed': cards(3) });
    await loadFeaturedDeals(
      { rails: ['recently-viewed', 'recommended'], signedIn: false, viewed: [3] },
      fetcher,
      memoryStorage(),
    );
    const state = $featuredDeals.get();
    expect(state.featuredDealsLoaded).toBe('COMPLETE');
    expect(state.recommendedDeals).toEqual([]);
    expect(state.railHtml.recommended).toBeUndefined();
    expect(state.railHtml['recently-viewed']).toContain('data-deal-id="3"');
  });

  it('asks for Buy again only when signed in, and for the others only with viewed ids (Recommended also when signed in)', async () => {
    const guest = railsAnswer({});
    await loadFeaturedDeals(
      { rails: ['buy-again', 'recently-viewed', 'recommended'], signedIn: false, viewed: [] },
      guest.fetcher,
      memoryStorage(),
    );
    expect(guest.asked).toEqual([]);
    expect($featuredDeals.get().featuredDealsLoaded).toBe('COMPLETE');

    const member = railsAnswer({ 'buy-again': null, recommended: null });
    await loadFeaturedDeals(
      { rails: ['buy-again', 'recently-viewed', 'recommended'], signedIn: true, viewed: [] },
      member.fetcher,
      memoryStorage(),
    );
    expect(member.asked.sort()).toEqual(['rail=buy-again', 'rail=recommended']);
  });

  it('sends up to 15 recently viewed ids (spec 9), never with Buy again', async () => {
    const viewed = Array.from({ length: 20 }, (_, index) => index + 1);
    const { fetcher, asked } = railsAnswer({ 'buy-again': null, 'recently-viewed': null });
    await loadFeaturedDeals(
      { rails: ['buy-again', 'recently-viewed'], signedIn: true, viewed },
      fetcher,
      memoryStorage(),
    );
    expect(asked).toContain('rail=buy-again');
    expect(asked).toContain(`rail=recently-viewed&viewed=${encodeURIComponent(viewed.slice(0, 15).join(','))}`);
  });
});

describe('the Buy again flag in local storage (spec 4)', () => {
  beforeEach(() => {
    keepMount($featuredDeals);
    resetFeaturedDeals();
  });
  afterEach(() => {
    cleanStores($featuredDeals);
  });

  it.each([
    // [what the Buy again rail answers, the flag after, the deals kept]
    [cards(11, 12), 'true', [11, 12]],
    [null, 'false', []],
    ['', 'false', []],
  ] as const)('a signed-in shopper whose rail answers %j gets the flag %s', async (answer, flag, ids) => {
    const storage = memoryStorage();
    const { fetcher } = railsAnswer({ 'buy-again': answer });
    await loadFeaturedDeals({ rails: ['buy-again'], signedIn: true, viewed: [] }, fetcher, storage);
    expect(storage.values.get(BUY_AGAIN_FLAG_KEY)).toBe(flag);
    expect($featuredDeals.get().buyAgainDeals).toEqual(ids);
  });

  it('a failed Buy again leaves the flag as it was', async () => {
    const storage = memoryStorage({ [BUY_AGAIN_FLAG_KEY]: 'true' });
    const { fetcher } = railsAnswer({ 'buy-again': 500 });
    await loadFeaturedDeals({ rails: ['buy-again'], signedIn: true, viewed: [] }, fetcher, storage);
    expect(storage.values.get(BUY_AGAIN_FLAG_KEY)).toBe('true');
    expect($featuredDeals.get()).toMatchObject({ featuredDealsLoaded: 'COMPLETE', expectsBuyAgain: false });
  });

  it('before asking, the flag decides whether Buy again is expected: only "true" for a signed-in shopper', () => {
    startFeaturedDeals({ signedIn: true }, memoryStorage({ [BUY_AGAIN_FLAG_KEY]: 'true' }));
    expect($featuredDeals.get()).toMatchObject({ featuredDealsLoaded: 'UNCOMPLETE', expectsBuyAgain: true });
    startFeaturedDeals({ signedIn: true }, memoryStorage({ [BUY_AGAIN_FLAG_KEY]: 'false' }));
    expect($featuredDeals.get().expectsBuyAgain).toBe(false);
    startFeaturedDeals({ signedIn: true }, memoryStorage());
    expect($featuredDeals.get().expectsBuyAgain).toBe(false);
  });

  it('signed out, the flag is reset to "false" and nothing is expected', () => {
    const storage = memoryStorage({ [BUY_AGAIN_FLAG_KEY]: 'true' });
    startFeaturedDeals({ signedIn: false }, storage);
    expect(storage.values.get(BUY_AGAIN_FLAG_KEY)).toBe('false');
    expect($featuredDeals.get().expectsBuyAgain).toBe(false);
  });

  it('reset empties Buy again and writes "false"', async () => {
    const storage = memoryStorage();
    const { fetcher } = railsAnswer({ 'buy-again': cards(4) });
    await loadFeaturedDeals({ rails: ['buy-again'], signedIn: true, viewed: [] }, fetcher, storage);
    expect(readBuyAgainFlag(storage)).toBe(true);
    resetBuyAgain(storage);
    expect(readBuyAgainFlag(storage)).toBe(false);
    expect(storage.values.get(BUY_AGAIN_FLAG_KEY)).toBe('false');
    expect($featuredDeals.get().buyAgainDeals).toEqual([]);
    expect($featuredDeals.get().railHtml['buy-again']).toBeUndefined();
  });

  it('blocked storage reads as no flag and never throws', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(readBuyAgainFlag(blocked)).toBe(false);
    expect(() => resetBuyAgain(blocked)).not.toThrow();
  });
});

describe('dealIdsIn', () => {
  it("reads the cards' deal ids in order, once each", () => {
    expect(dealIdsIn(`${cards(3, 1)}<a data-deal-id="3"></a>`)).toEqual([3, 1]);
    expect(dealIdsIn('')).toEqual([]);
  });
});
