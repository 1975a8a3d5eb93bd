/**
 * The local address provider (docs/decisions/028-gifting.md; the default, no network): deterministic
 * addresses in the towns of its own fixture (./local-towns.ts: their outward codes and streets). A
 * full postcode in one of those towns lists six houses on one of the town's streets (the postcode
 * picks which); any well-formed UK postcode in a known postcode area validates. Autocomplete answers what a shopper types into the
 * gift pack form: a full postcode, an outward code ("SW3", "SW3 4"), or a first line ("12 Upper
 * Street"). Every suggestion is an address its postcode's lookup lists too, so all three agree.
 */
import { parsePostcode, postcodeCentre } from '@/domain/postcode';
import { LOCAL_LOCATIONS } from '@/server/reference';
import { LOCAL_TOWNS } from './local-towns';
import type { Address, AddressProvider } from './types';

const townNames = new Map(LOCAL_LOCATIONS.map((location) => [location.shortName, location.name]));
/** Letters an inward code uses (never C, I, K, M, O, V). */
const INWARD_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';
const MAX_SUGGESTIONS = 10;
const HOUSES_PER_POSTCODE = 6;

function townOfOutward(outward: string): string | undefined {
  return Object.entries(LOCAL_TOWNS).find(([, town]) => town.outwardCodes.includes(outward))?.[0];
}

function streetsOf(town: string): readonly string[] {
  return LOCAL_TOWNS[town]?.streets ?? [];
}

function hash(text: string): number {
  let h = 2166136261;
  for (const char of text) h = Math.imul(h ^ char.charCodeAt(0), 16777619) >>> 0;
  return h;
}

/** The street a postcode in a fixture town is on, its town, and its first house number. */
function streetOf(formatted: string): { street: string; town: string; first: number } | null {
  const postcode = parsePostcode(formatted);
  if (postcode === null || postcode.inward === null) return null;
  const town = townOfOutward(postcode.outward);
  const streets = town === undefined ? [] : streetsOf(town);
  if (town === undefined || streets.length === 0) return null;
  const seed = hash(postcode.formatted);
  return { street: streets[seed % streets.length] ?? '', town: townNames.get(town) ?? town, first: (seed % 40) + 1 };
}

function address(formatted: string, number: number, at: { street: string; town: string }): Address {
  return {
    key: `local:${formatted}:${number}`,
    line1: `${number} ${at.street}`,
    line2: '',
    town: at.town,
    postcode: formatted,
  };
}

/** The houses a full postcode lists (none outside the fixture's towns). */
function addressesFor(raw: string): Address[] {
  const formatted = parsePostcode(raw)?.formatted ?? '';
  const at = streetOf(formatted);
  if (at === null) return [];
  return Array.from({ length: HOUSES_PER_POSTCODE }, (_, i) => address(formatted, at.first + i * 2, at));
}

/** Every inward code, in order: 1AA, 1AB, ... 9ZZ. */
function* inwardCodes(): Generator<string> {
  for (let digit = 1; digit <= 9; digit += 1)
    for (const a of INWARD_LETTERS) for (const b of INWARD_LETTERS) yield `${digit}${a}${b}`;
}

/** The first postcode in these outward codes (inward starting so) that is on this street, or null. */
function postcodeOnStreet(outwards: readonly string[], street: string, inwardStart = ''): string | null {
  for (const outward of outwards) {
    for (const inward of inwardCodes()) {
      if (!inward.startsWith(inwardStart)) continue;
      const formatted = `${outward} ${inward}`;
      if (streetOf(formatted)?.street === street) return formatted;
    }
  }
  return null;
}

/** "sw3 4" → one suggestion per street of that outward code, at a postcode starting so. */
function suggestForOutward(outward: string, inwardStart: string): Address[] {
  const town = townOfOutward(outward);
  if (town === undefined) return [];
  return streetsOf(town).flatMap((street) => {
    const formatted = postcodeOnStreet([outward], street, inwardStart);
    const at = formatted === null ? null : streetOf(formatted);
    return formatted === null || at === null ? [] : [address(formatted, at.first, at)];
  });
}

/** "12 upper st" → the fixture's streets whose name has every word, at house 12 (or the postcode's first). */
function suggestForFirstLine(query: string): Address[] {
  const number = /^(\d{1,4})\b/.exec(query)?.[1];
  const words = query
    .replace(/^\d{1,4}[a-z]?\s*,?/, '')
    .split(/[\s,]+/)
    .filter(Boolean);
  if (words.length === 0) return [];
  const found: Address[] = [];
  for (const [town, { outwardCodes, streets }] of Object.entries(LOCAL_TOWNS)) {
    for (const street of streets) {
      const name = `${street} ${townNames.get(town) ?? town}`.toLowerCase();
      if (!words.every((word) => name.split(/\s+/).some((part) => part.startsWith(word)))) continue;
      const formatted = postcodeOnStreet(outwardCodes, street);
      const at = formatted === null ? null : streetOf(formatted);
      if (formatted === null || at === null) continue;
      found.push(address(formatted, number === undefined ? at.first : Number(number), at));
      if (found.length >= MAX_SUGGESTIONS) return found;
    }
  }
  return found;
}

/** The local provider: deterministic addresses in the fixture's towns, no network. */
export function localAddressProvider(): AddressProvider {
  return {
    name: 'local',
    lookupPostcode: async (postcode) => addressesFor(postcode),
    autocomplete: async (text) => {
      const query = text.trim().toLowerCase().replace(/\s+/g, ' ').slice(0, 100);
      if (query.length < 3) return [];
      // A full postcode, perhaps after a house number or street: its houses, narrowed by those words.
      const full = /([a-z]{1,2}\d[a-z\d]?) ?(\d[a-z]{2})$/.exec(query);
      if (full) {
        const before = query.slice(0, full.index).replace(/,/g, ' ').trim();
        return addressesFor(`${full[1]} ${full[2]}`)
          .filter((a) => before === '' || a.line1.toLowerCase().includes(before.split(' ')[0] ?? ''))
          .slice(0, MAX_SUGGESTIONS);
      }
      const outward = /^([a-z]{1,2}\d[a-z\d]?)(?: (\d[a-z]?))?$/.exec(query);
      if (outward?.[1]) {
        const suggestions = suggestForOutward(outward[1].toUpperCase(), (outward[2] ?? '').toUpperCase());
        if (suggestions.length > 0) return suggestions.slice(0, MAX_SUGGESTIONS);
      }
      return suggestForFirstLine(query);
    },
    validatePostcode: async (raw) => {
      const postcode = parsePostcode(raw);
      return postcode !== null && postcode.inward !== null && postcodeCentre(postcode) !== null;
    },
    retrieve: async (key) => {
      // spec 7 moniker lookup: any house number on the postcode's street.
      const [, formatted = '', number = ''] = /^local:([^:]+):(\d{1,4})$/.exec(key) ?? [];
      const at = streetOf(formatted);
      return at === null ? null : address(formatted, Number(number), at);
    },
  };
}
