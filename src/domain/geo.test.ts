/** spec 2 hyperlocal hub: the nearest town to the shopper, by great-circle distance. */
import { describe, expect, it } from 'vitest';
import { haversineKm, isLatLon, nearestPlace, placesWithin } from './geo';

const TOWNS = [
  { name: 'London', lat: 51.5074, lon: -0.1278 },
  { name: 'Leeds', lat: 53.8008, lon: -1.5491 },
  { name: 'Bradford', lat: 53.796, lon: -1.7594 },
  { name: 'Edinburgh', lat: 55.9533, lon: -3.1883 },
  { name: 'Belfast', lat: 54.5973, lon: -5.9301 },
  { name: 'Canterbury', lat: 51.2802, lon: 1.0789 },
];

describe('haversineKm', () => {
  it.each([
    ['London to Edinburgh', TOWNS[0], TOWNS[3], 534],
    ['Leeds to Bradford', TOWNS[1], TOWNS[2], 14],
    ['London to Canterbury', TOWNS[0], TOWNS[5], 87],
  ])('%s is about %i km', (_label, a, b, km) => {
    if (!a || !b) throw new Error('fixture missing');
    expect(haversineKm(a, b)).toBeGreaterThan(km - 3);
    expect(haversineKm(a, b)).toBeLessThan(km + 3);
  });

  it('is zero from a place to itself and symmetric', () => {
    const [london, leeds] = TOWNS;
    if (!london || !leeds) throw new Error('fixture missing');
    expect(haversineKm(london, london)).toBe(0);
    expect(haversineKm(london, leeds)).toBeCloseTo(haversineKm(leeds, london), 9);
  });
});

describe('nearestPlace', () => {
  it.each([
    ['Leeds city centre', { lat: 53.7997, lon: -1.5492 }, 'Leeds'],
    ['Headingley (north Leeds)', { lat: 53.8195, lon: -1.5801 }, 'Leeds'],
    ['Shipley (next to Bradford)', { lat: 53.8331, lon: -1.7706 }, 'Bradford'],
    ['Trafalgar Square', { lat: 51.508, lon: -0.1281 }, 'London'],
    ['Leith', { lat: 55.9756, lon: -3.1669 }, 'Edinburgh'],
    ['Larne', { lat: 54.8578, lon: -5.8236 }, 'Belfast'],
    ['Margate', { lat: 51.3813, lon: 1.3862 }, 'Canterbury'],
  ])('%s is nearest to %s', (_label, point, expected) => {
    expect(nearestPlace(TOWNS, point)?.place.name).toBe(expected);
  });

  it('reports the distance and gives null without places', () => {
    expect(nearestPlace(TOWNS, { lat: 53.8008, lon: -1.5491 })?.km).toBe(0);
    expect(nearestPlace([], { lat: 53.8, lon: -1.5 })).toBeNull();
  });
});

describe('placesWithin', () => {
  it('lists places inside the radius, nearest first', () => {
    const names = placesWithin(TOWNS, { lat: 53.8008, lon: -1.5491 }, 40).map((t) => t.name);
    expect(names).toEqual(['Leeds', 'Bradford']);
  });
});

describe('isLatLon', () => {
  it.each([
    [{ lat: 53.8, lon: -1.55 }, true],
    [{ lat: 90, lon: 180 }, true],
    [{ lat: 91, lon: 0 }, false],
    [{ lat: 0, lon: -181 }, false],
    [{ lat: Number.NaN, lon: 0 }, false],
    [{ lat: 0, lon: Number.POSITIVE_INFINITY }, false],
  ])('%o -> %s', (point, expected) => {
    expect(isLatLon(point)).toBe(expected);
  });
});
