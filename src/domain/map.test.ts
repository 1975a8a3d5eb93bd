import { describe, expect, it } from 'vitest';
import {
  clusterByGrid,
  MAP_DEFAULT_ZOOM,
  MAP_FIRST_LOAD_ZOOM,
  mapDealLimit,
  roundBounds,
  roundCoordinate,
} from './map';

describe('spec 9 map constants', () => {
  it.each([
    [6, false, 200],
    [16, false, 80],
    [11, false, 140],
    [6, true, 100],
    [16, true, 40],
    [11, true, 70],
    [3, false, 200],
    [19, true, 40],
  ])('spec 9: at zoom %i (phone %s) the map asks for %i deals', (zoom, mobile, expected) => {
    expect(mapDealLimit(zoom, mobile)).toBe(expected);
  });

  it('spec 9: default zoom 10, 11 on first load; lat/lon to 3 decimals', () => {
    expect(MAP_DEFAULT_ZOOM).toBe(10);
    expect(MAP_FIRST_LOAD_ZOOM).toBe(11);
    expect(roundCoordinate(51.507_351)).toBe(51.507);
    expect(roundCoordinate(-0.127_758)).toBe(-0.128);
  });

  it('bounds round outwards, so a deal on the edge is never cut off', () => {
    expect(roundBounds({ south: 51.4004, west: -0.2001, north: 51.6001, east: 0.0004 })).toEqual({
      south: 51.4,
      west: -0.201,
      north: 51.601,
      east: 0.001,
    });
  });
});

describe('grid clustering', () => {
  const soho = { lat: 51.5136, lon: -0.1365 };
  const points = [
    { id: 1, ...soho },
    { id: 2, lat: soho.lat + 0.0005, lon: soho.lon + 0.0005 },
    { id: 3, lat: 53.4808, lon: -2.2426 },
  ];

  it('deals a few metres apart become one marker zoomed out, and separate zoomed in', () => {
    const out = clusterByGrid(points, 8);
    expect(out.map((cluster) => cluster.ids)).toEqual([[1, 2], [3]]);
    expect(out[0]?.lat).toBeCloseTo(soho.lat + 0.00025, 6);
    const close = clusterByGrid(points, 18);
    expect(close.map((cluster) => cluster.ids)).toEqual([[1], [2], [3]]);
  });

  it('keeps the order of the deals it was given (most popular first)', () => {
    expect(clusterByGrid([...points].reverse(), 8).map((cluster) => cluster.ids[0])).toEqual([3, 2]);
  });
});
