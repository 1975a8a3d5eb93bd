/**
 * The map view's rules (spec 9 "Map", spec 8 "Sorry there was a problem." (map)).
 * Pure: no I/O, no Leaflet.
 */

/** spec 9: zoom 6 to 16, default 10, 11 on first load. */
export const MAP_MIN_ZOOM = 6;
export const MAP_MAX_ZOOM = 16;
export const MAP_DEFAULT_ZOOM = 10;
export const MAP_FIRST_LOAD_ZOOM = 11;
/** spec 9: wait 750 ms after the map stops moving before asking; say "still loading" after 2000 ms. */
export const MAP_DEBOUNCE_MS = 750;
export const MAP_SLOW_MS = 2000;
/** spec 9: the carousel holds up to 200 cards (100 on a phone). */
export const MAP_CAROUSEL_MAX = 200;
export const MAP_CAROUSEL_MAX_MOBILE = 100;
/** spec 9 filters: map prices go up to 200 pounds. */
export const MAP_PRICE_STEPS = [10, 20, 50, 100, 200] as const;
/** Grid clustering: markers whose cells (this many screen pixels square) coincide become one. */
export const MAP_CLUSTER_CELL_PX = 56;

/**
 * spec 9: how many deals the map asks for at a zoom: 200 zoomed right out (6) down to 80 zoomed
 * right in (16), 100 down to 40 on a phone; in between it falls in even steps.
 */
export function mapDealLimit(zoom: number, isMobile: boolean): number {
  const [most, fewest] = isMobile ? [100, 40] : [200, 80];
  const z = Math.min(MAP_MAX_ZOOM, Math.max(MAP_MIN_ZOOM, Math.round(zoom)));
  const share = (z - MAP_MIN_ZOOM) / (MAP_MAX_ZOOM - MAP_MIN_ZOOM);
  return Math.round(most - (most - fewest) * share);
}

/** spec 9: lat/lon to 3 decimals (about 100 m). */
export function roundCoordinate(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** A map area: south-west and north-east corners in degrees. */
export interface MapBounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** The bounds rounded outwards to 3 decimals, so a request never misses a deal at its edge. */
export function roundBounds(bounds: MapBounds): MapBounds {
  return {
    south: Math.floor(bounds.south * 1000) / 1000,
    west: Math.floor(bounds.west * 1000) / 1000,
    north: Math.ceil(bounds.north * 1000) / 1000,
    east: Math.ceil(bounds.east * 1000) / 1000,
  };
}

/** A point to place: a deal's id and position. */
export interface MapPoint {
  id: number;
  lat: number;
  lon: number;
}

/** A marker: one deal, or a cluster of deals drawn at their mean position. */
export interface MapCluster {
  ids: number[];
  lat: number;
  lon: number;
}

/** Web Mercator: a position in world pixels at a zoom (256-pixel tiles). */
export function projectToPixels(lat: number, lon: number, zoom: number): { x: number; y: number } {
  const scale = 256 * 2 ** zoom;
  const clamped = Math.max(-85.0511, Math.min(85.0511, lat));
  const sin = Math.sin((clamped * Math.PI) / 180);
  return {
    x: ((lon + 180) / 360) * scale,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale,
  };
}

/**
 * Grid clustering: the points falling in one cell of `cellPx` screen pixels at this zoom become one
 * marker, at their mean position. Order follows the first point of each cell (the caller's order:
 * most popular first), so the list and the markers read the same way.
 */
export function clusterByGrid(points: readonly MapPoint[], zoom: number, cellPx = MAP_CLUSTER_CELL_PX): MapCluster[] {
  const cells = new Map<string, { ids: number[]; latSum: number; lonSum: number }>();
  for (const point of points) {
    const { x, y } = projectToPixels(point.lat, point.lon, zoom);
    const key = `${Math.floor(x / cellPx)}:${Math.floor(y / cellPx)}`;
    const cell = cells.get(key);
    if (cell === undefined) cells.set(key, { ids: [point.id], latSum: point.lat, lonSum: point.lon });
    else {
      cell.ids.push(point.id);
      cell.latSum += point.lat;
      cell.lonSum += point.lon;
    }
  }
  return [...cells.values()].map((cell) => ({
    ids: cell.ids,
    lat: cell.latSum / cell.ids.length,
    lon: cell.lonSum / cell.ids.length,
  }));
}

/**
 * Where a merchant's deals show on the map: merchants carry a postcode and town but no geocode yet,
 * so a merchant is placed at a stable point 0.5 to 3.5 km from its town's centre, spread by its id
 * (the golden angle), so one town's merchants fan out instead of stacking on one pin.
 * docs/decisions/022 records this; geocoded merchant positions replace it when merchants have them.
 */
export function merchantPosition(merchantId: number, town: { lat: number; lon: number }): { lat: number; lon: number } {
  const angle = (((merchantId * 137.508) % 360) * Math.PI) / 180;
  const radius = 0.004 + (((merchantId * 7919) % 97) / 97) * 0.03;
  return {
    lat: town.lat + radius * Math.cos(angle),
    lon: town.lon + (radius * Math.sin(angle)) / Math.cos((town.lat * Math.PI) / 180),
  };
}
