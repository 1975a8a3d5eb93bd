/**
 * The local address provider (docs/decisions/028-gifting.md): its autocomplete, as the gift pack
 * form asks it while a shopper types a postcode or a first line; every suggestion is an address its
 * postcode's lookup (and its key's moniker lookup) agrees with. It answers from its own fixture of
 * towns (./local-towns.ts), not from whatever a database was seeded with.
 */
import { describe, expect, it } from 'vitest';
import { localAddressProvider } from './local';
import { LOCAL_TOWNS } from './local-towns';

const provider = localAddressProvider();

describe('local address autocomplete (spec 7)', () => {
  it('answers nothing under 3 characters', async () => {
    expect(await provider.autocomplete('SW')).toEqual([]);
  });

  it('a full postcode lists its houses; a house number before it narrows them', async () => {
    const all = await provider.autocomplete('SW3 4AB');
    expect(all.length).toBe(6);
    expect(all.every((a) => a.postcode === 'SW3 4AB' && a.town === 'London')).toBe(true);
    expect(all).toEqual(await provider.lookupPostcode('sw34ab'));
    const number = all[1]?.line1.split(' ')[0] ?? '';
    expect((await provider.autocomplete(`${number} SW3 4AB`)).map((a) => a.line1)).toContain(all[1]?.line1);
  });

  it('an outward code ("SW3", "SW3 4") suggests one house per street, at postcodes starting so', async () => {
    const outward = await provider.autocomplete('sw3');
    expect(outward.length).toBeGreaterThan(1);
    expect(outward.every((a) => a.postcode.startsWith('SW3 '))).toBe(true);
    const narrowed = await provider.autocomplete('SW3 4');
    expect(narrowed.every((a) => a.postcode.startsWith('SW3 4'))).toBe(true);
    for (const suggestion of narrowed) {
      expect(await provider.lookupPostcode(suggestion.postcode)).toContainEqual(suggestion);
    }
  });

  it('a first line ("12 upper st") suggests the fixture streets with every word, at that house number', async () => {
    const found = await provider.autocomplete('12 upper st');
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]?.line1).toBe('12 Upper Street');
    const first = found[0];
    if (first === undefined) throw new Error('no suggestion');
    expect(await provider.retrieve(first.key)).toEqual(first);
    expect(await provider.validatePostcode(first.postcode)).toBe(true);
    const street = (await provider.lookupPostcode(first.postcode))[0]?.line1.replace(/^\d+ /, '');
    expect(street).toBe('Upper Street');
  });

  it('text that names no fixture street or postcode suggests nothing', async () => {
    expect(await provider.autocomplete('zzzz qqqq')).toEqual([]);
  });

  it("a postcode in each fixture town lists houses on that town's streets", async () => {
    for (const [town, { outwardCodes, streets }] of Object.entries(LOCAL_TOWNS)) {
      const houses = await provider.lookupPostcode(`${outwardCodes[0]} 1AB`);
      expect(houses.length, town).toBe(6);
      expect(streets, town).toContain(houses[0]?.line1.replace(/^\d+ /, ''));
    }
  });

  it('a real postcode outside the fixture validates but lists no houses', async () => {
    expect(await provider.validatePostcode('YO1 7HH')).toBe(true);
    expect(await provider.lookupPostcode('YO1 7HH')).toEqual([]);
  });
});
