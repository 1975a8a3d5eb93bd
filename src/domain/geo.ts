/**
 * Distances on the Earth's surface and "which place is nearest" (spec 2 hyperlocal hub:
 * the near-me page picks the nearest town to the shopper). Pure: no I/O, no imports.
 */

/** Mean Earth radius in kilometres (IUGG). */
const EARTH_RADIUS_KM = 6371.0088;

export interface LatLon {
  lat: number;
  lon: number;
}

/** True when the pair is a real coordinate: latitude -90..90, longitude -180..180, both finite. */
export function isLatLon(point: LatLon): boolean {
  return (
    Number.isFinite(point.lat) && Number.isFinite(point.lon) && Math.abs(point.lat) <= 90 && Math.abs(point.lon) <= 180
  );
}

const toRadians = (degrees: number): number => (degrees * Math.PI) / 180;

/** Great-circle distance between two points in kilometres (haversine formula). */
export function haversineKm(a: LatLon, b: LatLon): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLon = toRadians(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The place closest to `point` with its distance in km, or null when there are no places. */
export function nearestPlace<P extends LatLon>(places: readonly P[], point: LatLon): { place: P; km: number } | null {
  let best: { place: P; km: number } | null = null;
  for (const place of places) {
    const km = haversineKm(place, point);
    if (best === null || km < best.km) best = { place, km };
  }
  return best;
}

/** Places within `radiusKm` of `point`, nearest first. */
export function placesWithin<P extends LatLon>(places: readonly P[], point: LatLon, radiusKm: number): P[] {
  return places
    .map((place) => ({ place, km: haversineKm(place, point) }))
    .filter((entry) => entry.km <= radiusKm)
    .sort((a, b) => a.km - b.km)
    .map((entry) => entry.place);
}
