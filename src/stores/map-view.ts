/**
 * $mapView (decision 022): the map view's deals and state, with its actions beside it. The island
 * reports where the map is; this store waits for the map to settle (spec 9: 750 ms debounce), asks
 * for the deals there, keeps the card list (spec 9 carousel: up to 200, 100 on a phone) and the
 * selected deal in step with the markers, and says "Sorry there was a problem." (spec 8) on failure.
 */
import { map } from 'nanostores';
import { MapDealsResponseSchema, type MapDealView } from '@/contracts/map-view';
import { getErrorMessage } from '@/domain/error-message';
import {
  MAP_CAROUSEL_MAX,
  MAP_CAROUSEL_MAX_MOBILE,
  MAP_DEBOUNCE_MS,
  MAP_SLOW_MS,
  type MapBounds,
  roundBounds,
} from '@/domain/map';
import { MESSAGES } from '@/domain/messages';

export type MapPhase = 'idle' | 'loading' | 'slow' | 'ready' | 'error';

export interface MapViewState {
  phase: MapPhase;
  deals: MapDealView[];
  /** The deal picked on the map or in the list (its marker and card are highlighted). */
  selectedId: number | null;
  /** spec 9 map price filter, whole pounds; null for any price. */
  maxPrice: number | null;
  message: string;
}

export const $mapView = map<MapViewState>({ phase: 'idle', deals: [], selectedId: null, maxPrice: null, message: '' });

/** Where the map is looking. */
export interface MapArea {
  bounds: MapBounds;
  zoom: number;
  isMobile: boolean;
}

export type MapFetch = (url: string, init: RequestInit) => Promise<Response>;
let send: MapFetch = (url, init) => fetch(url, init);
/** Tests only: replace the network. */
export function useMapFetch(fetcher: MapFetch): void {
  send = fetcher;
}

let lastArea: MapArea | null = null;
let debounce: ReturnType<typeof setTimeout> | undefined;
let slow: ReturnType<typeof setTimeout> | undefined;
let inFlight: AbortController | null = null;

function queryFor(area: MapArea, maxPrice: number | null): string {
  const bounds = roundBounds(area.bounds);
  const query = new URLSearchParams({
    south: bounds.south.toFixed(3),
    west: bounds.west.toFixed(3),
    north: bounds.north.toFixed(3),
    east: bounds.east.toFixed(3),
    zoom: String(Math.round(area.zoom)),
    mobile: String(area.isMobile),
  });
  if (maxPrice !== null) query.set('maxPrice', String(maxPrice));
  return `/api/v1/map-deals?${query}`;
}

/** Asks for the deals in this area now (the first load, a filter change, "Try again"). */
export async function loadArea(area: MapArea): Promise<void> {
  lastArea = area;
  clearTimeout(debounce);
  clearTimeout(slow);
  inFlight?.abort();
  const controller = new AbortController();
  inFlight = controller;
  $mapView.setKey('phase', 'loading');
  slow = setTimeout(() => {
    if ($mapView.get().phase === 'loading') $mapView.setKey('phase', 'slow');
  }, MAP_SLOW_MS);
  try {
    const response = await send(queryFor(area, $mapView.get().maxPrice), {
      signal: controller.signal,
      headers: { Accept: 'application/json' },
    });
    const parsed = response.ok ? MapDealsResponseSchema.safeParse(await response.json()) : null;
    if (controller.signal.aborted) return;
    if (!parsed?.success) throw new Error(`map deals answered ${response.status}`);
    const max = area.isMobile ? MAP_CAROUSEL_MAX_MOBILE : MAP_CAROUSEL_MAX;
    const deals = parsed.data.deals.slice(0, max);
    const selected = $mapView.get().selectedId;
    $mapView.set({
      ...$mapView.get(),
      phase: 'ready',
      deals,
      selectedId: deals.some((deal) => deal.id === selected) ? selected : null,
      message: deals.length === 0 ? 'No deals here. Zoom out or move the map to see more.' : '',
    });
  } catch (error) {
    if (controller.signal.aborted) return;
    console.warn('[map] deals load failed:', getErrorMessage(error));
    $mapView.set({ ...$mapView.get(), phase: 'error', message: MESSAGES.mapProblem });
  } finally {
    clearTimeout(slow);
    if (inFlight === controller) inFlight = null;
  }
}

/** The map moved: ask once it has been still for 750 ms (spec 9). */
export function requestArea(area: MapArea, delayMs = MAP_DEBOUNCE_MS): void {
  lastArea = area;
  clearTimeout(debounce);
  debounce = setTimeout(() => void loadArea(area), delayMs);
}

/** Asks again for the last area (after a failure). */
export function retryArea(): Promise<void> {
  return lastArea === null ? Promise.resolve() : loadArea(lastArea);
}

/** spec 9 map price filter (up to 200 pounds); null for any price. Reloads at once. */
export function setMaxPrice(maxPrice: number | null): Promise<void> {
  $mapView.setKey('maxPrice', maxPrice);
  return retryArea();
}

/** Picks a deal (a marker or a card); null clears. */
export function selectDeal(id: number | null): void {
  $mapView.setKey('selectedId', id);
}
