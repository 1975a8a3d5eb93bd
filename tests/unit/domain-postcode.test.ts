/** spec 5: "Enter a valid postcode": which inputs are UK postcodes, and which town each area is nearest. */
import { describe, expect, it } from 'vitest';
import { nearestPlace } from '@/domain/geo';
import { looksLikePostcode, parsePostcode, postcodeCentre } from '@/domain/postcode';
import { POSTCODE_AREA_CENTRES } from '@/domain/postcode-areas';
import { LOCAL_LOCATIONS } from '@/server/reference';

describe('parsePostcode', () => {
  it.each([
    ['LS1 4AP', 'LS', 'LS1', 'LS1 4AP'],
    ['ls14ap', 'LS', 'LS1', 'LS1 4AP'],
    ['  m1 1ae ', 'M', 'M1', 'M1 1AE'],
    ['SW1A 1AA', 'SW', 'SW1A', 'SW1A 1AA'],
    ['EC1A 1BB', 'EC', 'EC1A', 'EC1A 1BB'],
    ['W1A 0AX', 'W', 'W1A', 'W1A 0AX'],
    ['EH12 9DN', 'EH', 'EH12', 'EH12 9DN'],
    ['B33 8TH', 'B', 'B33', 'B33 8TH'],
    ['LS1', 'LS', 'LS1', 'LS1'],
    ['G2', 'G', 'G2', 'G2'],
  ])('%s reads as area %s, outward %s (%s)', (input, area, outward, formatted) => {
    expect(parsePostcode(input)).toMatchObject({ area, outward, formatted });
  });

  it.each(['', 'Leeds', '12345', 'LS1 4A', 'LS1 4APX', 'LSS1 4AP', '1LS 4AP', 'LS1  4AP4', 'LS-1 4AP'])(
    '%j is not a postcode',
    (input) => {
      expect(parsePostcode(input)).toBeNull();
    },
  );
});

describe('looksLikePostcode', () => {
  it.each([
    ['LS1 4AP', true],
    ['XX9 9XX', true],
    ['Leeds', false],
    ['Stoke-on-Trent', false],
  ])('%s -> %s', (input, expected) => {
    expect(looksLikePostcode(input)).toBe(expected);
  });
});

describe('postcode areas to the nearest seeded town', () => {
  const towns = LOCAL_LOCATIONS;
  const townFor = (postcode: string): string | undefined => {
    const parsed = parsePostcode(postcode);
    const centre = parsed ? postcodeCentre(parsed) : null;
    return centre ? nearestPlace(towns, centre)?.place.shortName : undefined;
  };

  it.each([
    ['LS1 4AP', 'leeds'],
    ['M1 1AE', 'manchester'],
    ['B1 1AA', 'birmingham'],
    ['G1 1XQ', 'glasgow'],
    ['EH1 1YZ', 'edinburgh'],
    ['SW1A 1AA', 'london'],
    ['E1 6AN', 'london'],
    ['BT1 5GS', 'belfast'],
    ['CF10 1EP', 'cardiff'],
    ['AB10 1XG', 'aberdeen'],
    ['BD1 1HY', 'bradford'],
    ['YO1 7HH', 'york'],
    ['HU1 1AA', 'hull'],
    ['NE1 7RU', 'newcastle'],
    ['BS1 4DJ', 'bristol'],
    ['CT1 2EH', 'canterbury'],
    ['PL1 1EA', 'plymouth'],
    ['IV1 1AA', 'inverness'],
  ])('%s is nearest to %s', (postcode, town) => {
    expect(townFor(postcode)).toBe(town);
  });

  it('every seeded town is the nearest town of at least one postcode area', () => {
    const reached = new Set(
      Object.values(POSTCODE_AREA_CENTRES).map(([lat, lon]) => nearestPlace(towns, { lat, lon })?.place.shortName),
    );
    const missing = towns.map((t) => t.shortName).filter((name) => !reached.has(name));
    // Towns sharing an area with a bigger neighbour have no area of their own (docs/decisions/007-near-me-and-sitemaps.md).
    expect(missing.length).toBeLessThan(towns.length / 3);
  });

  it('an area we have no centre for (BX, non-geographic) resolves to no place', () => {
    const parsed = parsePostcode('BX1 1LT');
    expect(parsed).not.toBeNull();
    if (parsed) expect(postcodeCentre(parsed)).toBeNull();
  });
});
