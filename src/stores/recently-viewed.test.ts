import { cleanStores, keepMount } from 'nanostores';
import { afterEach, describe, expect, it } from 'vitest';
import { RECENTLY_VIEWED_KEY, readRecentIds, withRecentViewedDeals } from '@/components/personal/recent-ids';
import { $recentlyViewed, RECENTLY_VIEWED_STORAGE_KEY, recentlyViewedIds, recordView } from './recently-viewed';

describe('$recentlyViewed (spec 3, spec 9)', () => {
  afterEach(() => {
    cleanStores($recentlyViewed);
    $recentlyViewed.set({ recentDeals: [] });
  });

  it('records views newest first, and the rails read the same entry the store keeps', () => {
    keepMount($recentlyViewed);
    recordView(11, 'local', new Date('2026-11-24T10:00:00Z'));
    recordView(12, 'national', new Date('2026-11-24T10:01:00Z'));
    recordView(11, 'local', new Date('2026-11-24T10:02:00Z'));
    expect(recentlyViewedIds()).toEqual([11, 12]);
    expect(RECENTLY_VIEWED_KEY).toBe(RECENTLY_VIEWED_STORAGE_KEY);
    const stored = JSON.stringify($recentlyViewed.get());
    expect(readRecentIds(5, { getItem: (key) => (key === RECENTLY_VIEWED_KEY ? stored : null) })).toEqual([11, 12]);
    expect(readRecentIds(5, { getItem: () => 'not json' })).toEqual([]);
  });

  it('spec 7 and 9: a feed is sent the newest 5 as repeated recentViewedDeal parameters', () => {
    keepMount($recentlyViewed);
    for (const [minute, id] of [21, 22, 23, 24, 25, 26].entries()) {
      recordView(id, minute % 2 === 0 ? 'local' : 'national', new Date(`2026-11-24T10:0${minute}:00Z`));
    }
    const stored = JSON.stringify($recentlyViewed.get());
    const query = withRecentViewedDeals(new URLSearchParams({ page: '2' }), { getItem: () => stored });
    expect(query.toString()).toBe(
      'page=2&recentViewedDeal=26&recentViewedDeal=25&recentViewedDeal=24&recentViewedDeal=23&recentViewedDeal=22',
    );
    expect(withRecentViewedDeals(new URLSearchParams(), { getItem: () => null }).toString()).toBe('');
  });
});
