/**
 * spec 4 test variants: the header search box's autocomplete variant (a, b or c) decides which
 * groups the box offers while a shopper types (docs/decisions/058). Every variant keeps
 * spec 2's Suggestions and Top Searches:
 * - a (the control): Suggestions and Top Searches, as before;
 * - b: adds Places, the towns whose name starts with what was typed (their deals page);
 * - c: adds Your recent searches, the shopper's last searches kept on this device (a preference:
 *   only once the visitor has answered the cookie banner without refusing functional cookies).
 * Pure: the island reads the cookie and storage, the suggest call finds the places.
 */
import { listingPath } from './listing-paths';

/** One option the box offers: what it reads and where it leads (the suggest call's shape). */
export interface Suggestion {
  text: string;
  url: string;
}

export type AutocompleteVariant = 'a' | 'b' | 'c';
export type SuggestGroup = 'suggestions' | 'places' | 'recent' | 'topSearches';

/** Recent searches kept on the device, newest first (spec 9: recent lists hold 5). */
export const RECENT_SEARCHES_MAX = 5;
export const RECENT_SEARCHES_KEY = 'tuppence:recent-searches';
/** At most this many places are offered. */
export const PLACES_MAX = 3;

/** The variant a cookie value stands for; unknown or none is the control, a. */
export function autocompleteVariantOf(value: string | null | undefined): AutocompleteVariant {
  return value === 'b' || value === 'c' ? value : 'a';
}

/** The groups a variant offers, in the order shown. */
export function suggestGroups(variant: AutocompleteVariant): readonly SuggestGroup[] {
  if (variant === 'b') return ['suggestions', 'places', 'topSearches'];
  if (variant === 'c') return ['suggestions', 'recent', 'topSearches'];
  return ['suggestions', 'topSearches'];
}

/** Towns (local locations) whose name, or a word of it, starts with what was typed; at most PLACES_MAX. */
export function matchPlaces(
  typed: string,
  places: readonly { name: string; shortName: string; kind: string }[],
): Suggestion[] {
  const prefix = typed.trim().toLowerCase();
  if (prefix.length < 2) return [];
  return places
    .filter((place) => place.kind === 'local')
    .filter((place) => {
      const name = place.name.toLowerCase();
      return name.startsWith(prefix) || name.split(/[\s-]+/).some((word) => word.startsWith(prefix));
    })
    .slice(0, PLACES_MAX)
    .map((place) => ({ text: `Deals in ${place.name}`, url: listingPath(place.shortName) }));
}

/** The recent searches after searching for `q`: newest first, no repeats (any case), at most 5. */
export function rememberSearch(recent: readonly string[], q: string): string[] {
  const text = q.trim().slice(0, 100);
  if (text === '') return [...recent].slice(0, RECENT_SEARCHES_MAX);
  const rest = recent.filter((item) => item.toLowerCase() !== text.toLowerCase());
  return [text, ...rest].slice(0, RECENT_SEARCHES_MAX);
}

/** The recent searches to offer for what is typed: all of them when empty, else those starting with it. */
export function recentToOffer(recent: readonly string[], typed: string): string[] {
  const prefix = typed.trim().toLowerCase();
  return prefix === '' ? [...recent] : recent.filter((item) => item.toLowerCase().startsWith(prefix));
}

/** What the device keeps, read defensively: only strings, at most 5. */
export function parseRecentSearches(stored: string | null): string[] {
  if (stored === null) return [];
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value)
      ? value.filter((item): item is string => typeof item === 'string').slice(0, RECENT_SEARCHES_MAX)
      : [];
  } catch {
    return [];
  }
}
