import { describe, expect, it } from 'vitest';
import {
  NO_RECENT,
  parseRecentlyViewed,
  RECENT_PER_LOCATION_TYPE,
  RECENT_SHOWN,
  recentIds,
  recentLocationType,
  recordRecentView,
} from './recently-viewed';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 12, minute));

describe('spec 3 and 9: recently viewed', () => {
  it('the newest view comes first, with its stored date, and a repeat view moves to the front', () => {
    let state = NO_RECENT;
    state = recordRecentView(state, { id: 1, locationType: 'local' }, at(1));
    state = recordRecentView(state, { id: 2, locationType: 'local' }, at(2));
    state = recordRecentView(state, { id: 3, locationType: 'local' }, at(3));
    expect(recentIds(state)).toEqual([3, 2, 1]);
    state = recordRecentView(state, { id: 1, locationType: 'local' }, at(4));
    expect(recentIds(state)).toEqual([1, 3, 2]);
    expect(state.recentDeals[0]?.storedDate).toBe('2026-11-24T12:04:00.000Z');
  });

  it('spec 9: 5 ids per location type, so local views never push out a shop deal', () => {
    let state = recordRecentView(NO_RECENT, { id: 100, locationType: 'national' }, at(0));
    for (let id = 1; id <= 8; id += 1) state = recordRecentView(state, { id, locationType: 'local' }, at(id));
    expect(RECENT_PER_LOCATION_TYPE).toBe(5);
    expect(recentIds(state)).toEqual([8, 7, 6, 5, 4, 100]);
  });

  it('spec 9: 4 shown', () => {
    let state = NO_RECENT;
    for (let id = 1; id <= 6; id += 1) state = recordRecentView(state, { id, locationType: 'travel' }, at(id));
    expect(recentIds(state, RECENT_SHOWN)).toEqual([6, 5, 4, 3]);
  });

  it('the location type of a deal, and stored values read defensively', () => {
    expect(recentLocationType({ isTravel: true, locationShortName: 'london' })).toBe('travel');
    expect(recentLocationType({ isTravel: false, locationShortName: 'national-deal' })).toBe('national');
    expect(recentLocationType({ isTravel: false, locationShortName: 'leeds' })).toBe('local');
    expect(parseRecentlyViewed('not json')).toEqual(NO_RECENT);
    // Entries without a numeric id are dropped; a list that is not a list is nothing.
    expect(
      parseRecentlyViewed('{"recentDeals":[{"id":4,"storedDate":"x","locationType":"local"},{"id":"5"}]}'),
    ).toEqual({ recentDeals: [{ id: 4, storedDate: 'x', locationType: 'local' }] });
    expect(parseRecentlyViewed('{"recentDeals":7}')).toEqual(NO_RECENT);
  });
});
