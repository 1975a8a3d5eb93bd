/** spec 4 test variants: the autocomplete variant's groups (spec 2 Suggestions and Top Searches; decision 058). */
import { describe, expect, it } from 'vitest';
import {
  autocompleteVariantOf,
  matchPlaces,
  parseRecentSearches,
  RECENT_SEARCHES_MAX,
  recentToOffer,
  rememberSearch,
  suggestGroups,
} from './autocomplete';

describe('each variant offers its groups, always with spec 2 Suggestions and Top Searches', () => {
  it.each([
    ['a', ['suggestions', 'topSearches']],
    ['b', ['suggestions', 'places', 'topSearches']],
    ['c', ['suggestions', 'recent', 'topSearches']],
  ] as const)('variant %s: %j', (variant, groups) => {
    expect(suggestGroups(variant)).toEqual(groups);
  });

  it('an unknown cookie is the control', () => {
    expect(autocompleteVariantOf('b')).toBe('b');
    expect(autocompleteVariantOf('z')).toBe('a');
    expect(autocompleteVariantOf(null)).toBe('a');
  });
});

describe('places (variant b)', () => {
  const places = [
    { name: 'London', shortName: 'london', kind: 'local' },
    { name: 'Londonderry', shortName: 'londonderry', kind: 'local' },
    { name: 'Newcastle upon Tyne', shortName: 'newcastle', kind: 'local' },
    { name: 'Travel', shortName: 'travel', kind: 'special' },
  ];

  it('offers towns whose name or a word of it starts with what was typed, linking to their deals', () => {
    expect(matchPlaces('lon', places)).toEqual([
      { text: 'Deals in London', url: '/deals/london' },
      { text: 'Deals in Londonderry', url: '/deals/londonderry' },
    ]);
    expect(matchPlaces('tyne', places)).toEqual([{ text: 'Deals in Newcastle upon Tyne', url: '/deals/newcastle' }]);
  });

  it('offers nothing for one letter, and never a special location', () => {
    expect(matchPlaces('l', places)).toEqual([]);
    expect(matchPlaces('trav', places)).toEqual([]);
  });
});

describe('recent searches (variant c; spec 9 recent lists hold 5)', () => {
  it('keeps the newest first, without repeats in any case, at most 5', () => {
    let recent: string[] = [];
    for (const q of ['spa', 'massage', 'Spa', 'tea', 'golf', 'escape room', 'brunch'])
      recent = rememberSearch(recent, q);
    expect(recent).toEqual(['brunch', 'escape room', 'golf', 'tea', 'Spa']);
    expect(recent).toHaveLength(RECENT_SEARCHES_MAX);
  });

  it('offers all of them for an empty box, else those starting with what is typed', () => {
    expect(recentToOffer(['spa day', 'massage', 'Spa break'], 'sp')).toEqual(['spa day', 'Spa break']);
    expect(recentToOffer(['spa day'], '')).toEqual(['spa day']);
  });

  it('reads what the device holds defensively', () => {
    expect(parseRecentSearches('["spa", 3, "tea"]')).toEqual(['spa', 'tea']);
    expect(parseRecentSearches('not json')).toEqual([]);
    expect(parseRecentSearches(null)).toEqual([]);
  });
});
