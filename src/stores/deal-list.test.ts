/** spec 4 "Deal list" transitions, on the store the Show more island drives. */
import { allTasks, cleanStores, keepMount } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DealSummary } from '@/contracts/deal';
import {
  $dealList,
  appendDeals,
  appendShownIds,
  markNoMore,
  resetDealList,
  setDeals,
  startDealList,
} from './deal-list';

function deal(id: number): DealSummary {
  return {
    id,
    headline: `Deal ${id}`,
    title: `Deal ${id}`,
    url: `/deal/${id}`,
    merchantName: 'Merchant',
    locationName: 'London',
    category: { name: 'Beauty', shortName: 'beauty' },
    subCategory: null,
    image: { url: '/x.svg', width: 800, height: 500, alt: '' },
    price: { amountMinor: 1000, currency: 'GBP' },
    originalPrice: { amountMinor: 2000, currency: 'GBP' },
    postage: null,
    discountPercentage: 50,
    priceDisplayMode: 'show-discount',
    pricePerPerson: false,
    isTravel: false,
    numberOfNights: null,
    isSoldOut: false,
    remaining: null,
    boughtCount: 0,
    closingDate: new Date(0).toISOString(),
    reviewAverage: null,
    reviewCount: 0,
    hasVipExclusive: false,
  };
}
const deals = (...ids: number[]) => ids.map(deal);
const facets = {
  navigations: [{ linkText: 'Beauty', count: 3, shortName: 'beauty', url: '/deals/london/beauty' }],
  count: 3,
};

describe('$dealList (spec 4 Deal list)', () => {
  beforeEach(() => {
    keepMount($dealList);
    resetDealList();
  });
  afterEach(() => {
    cleanStores($dealList);
  });

  it('setting deals with a main deal replaces the list and resets lastId to 0 and nomore to false', async () => {
    appendDeals(deals(1, 2), 2, 50);
    expect($dealList.get()).toMatchObject({ nomore: true, lastId: 2 });
    setDeals({ deals: deals(7, 8), mainDeal: deal(6), facetedNavigation: facets });
    await allTasks();
    expect($dealList.get()).toMatchObject({ lastId: 0, nomore: false, facetedNavigation: facets });
    expect($dealList.get().mainDeal?.id).toBe(6);
    expect($dealList.get().deals.map((d) => d.id)).toEqual([7, 8]);
  });

  it('without a main deal only deals, facets and search result are replaced', () => {
    setDeals({ deals: deals(1), mainDeal: deal(9) });
    appendDeals(deals(2), 2, 1);
    markNoMore(2);
    setDeals({ deals: deals(3, 4), facetedNavigation: facets, searchResult: { q: 'spa' } });
    const state = $dealList.get();
    expect(state.deals.map((d) => d.id)).toEqual([3, 4]);
    expect(state).toMatchObject({ facetedNavigation: facets, searchResult: { q: 'spa' }, nomore: true, lastPage: 2 });
    expect(state.mainDeal?.id).toBe(9);
    expect(state.lastId).toBe(2);
  });

  it('extra deals are appended and clear the ssr flag', () => {
    startDealList([1, 2, 3], 1);
    expect($dealList.get().ssr).toBe(true);
    appendDeals(deals(4, 5), 2, 2);
    expect($dealList.get()).toMatchObject({ ssr: false, lastPage: 2, lastId: 5, nomore: false });
    expect($dealList.get().deals.map((d) => d.id)).toEqual([4, 5]);
  });

  it('never lists a deal twice: server-rendered ids and the main deal are skipped', () => {
    startDealList([1, 2, 3], 1);
    setDeals({ deals: [], mainDeal: deal(10) });
    appendDeals(deals(3, 4, 10, 5), 2, 4);
    appendDeals(deals(5, 6), 3, 4);
    expect($dealList.get().deals.map((d) => d.id)).toEqual([4, 5, 6]);
  });

  it.each([
    ['fewer deals than the page size', deals(1, 2), 3, true],
    ['no deals', [], 3, true],
    ['a full page', deals(1, 2, 3), 3, false],
  ])('nomore is recorded with the last page when a fetched page holds %s', (_label, page, size, nomore) => {
    startDealList([], 1);
    appendDeals(page, 4, size);
    expect($dealList.get()).toMatchObject({ nomore, lastPage: 4 });
  });

  // Show more appends server-rendered cards (decision 010); the store keeps their ids by the same spec 4 rules.
  it('cards appended as HTML: their ids are recorded, repeats are left out, ssr clears and nomore follows the page size', () => {
    startDealList([1, 2, 3], 1);
    setDeals({ deals: [], mainDeal: deal(10) });
    expect(appendShownIds([3, 4, 10, 5, 4], 2, 5)).toEqual([4, 5]);
    expect($dealList.get()).toMatchObject({
      ssr: false,
      lastPage: 2,
      lastId: 5,
      nomore: false,
      shownIds: [1, 2, 3, 4, 5],
    });
    expect(appendShownIds([6], 3, 5)).toEqual([6]);
    expect($dealList.get()).toMatchObject({ lastPage: 3, lastId: 6, nomore: true });
  });
});
