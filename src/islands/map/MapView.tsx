/**
 * The map view (spec 2 /map-view, spec 9 "Map"): a Leaflet map of the deals around the
 * chosen town with, beside it, the same deals as a list a keyboard or screen-reader user can use on
 * its own (on a phone it becomes a sideways carousel under the map). Leaflet is loaded only here,
 * when the island hydrates. No network at run time: the base map is the site's own UK outline
 * (/map/uk-outline.geojson) drawn as a vector layer, unless a tile URL is configured. Markers
 * cluster on a grid where they crowd; the list and the markers share the selected deal.
 */
import { useStore } from '@nanostores/react';
import type { LayerGroup, Map as LeafletMap, Marker } from 'leaflet';
import { useEffect, useId, useRef } from 'react';
import type { MapDealView } from '@/contracts/map-view';
import {
  clusterByGrid,
  MAP_FIRST_LOAD_ZOOM,
  MAP_MAX_ZOOM,
  MAP_MIN_ZOOM,
  MAP_PRICE_STEPS,
  type MapBounds,
} from '@/domain/map';
import { formatMoney } from '@/domain/money';
import { deliveryNote } from '@/domain/shown-price';
import { $mapView, loadArea, type MapArea, requestArea, retryArea, selectDeal, setMaxPrice } from '@/stores/map-view';
import 'leaflet/dist/leaflet.css';
import './MapView.css';

type Props = {
  center: { lat: number; lon: number };
  townName: string;
  /** Towns labelled on the base map (the outline alone shows only coast). */
  towns: { name: string; lat: number; lon: number }[];
  /** A raster tile URL ({z}/{x}/{y}) for production; absent, the site's own outline is drawn. */
  tileUrl?: string;
  tileAttribution?: string;
};

type Leaflet = typeof import('leaflet');

const PHONE = '(max-width: 767.98px)';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The card's shown price: a posted deal's includes standard postage (DMCC Act 2024; decision 051). */
function priceText(deal: MapDealView): string {
  return deal.priceDisplayMode === 'hidden' ? 'See deal' : formatMoney(deal.price);
}

export default function MapView({ center, townName, towns, tileUrl, tileAttribution = '' }: Props) {
  const state = useStore($mapView);
  const mapElement = useRef<HTMLElement>(null);
  const listElement = useRef<HTMLOListElement>(null);
  const leaflet = useRef<{ L: Leaflet; map: LeafletMap; markers: LayerGroup } | null>(null);
  const markerById = useRef(new Map<number, Marker>());
  const priceId = useId();
  const statusId = useId();

  // Build the map once: the base layer, and a request for deals whenever the map settles.
  useEffect(() => {
    let cancelled = false;
    let created: LeafletMap | null = null;
    (async () => {
      // Leaflet's ES module build: the UMD main would pull CommonJS interop helpers into the runtime
      // chunk every page loads (decision 022).
      const L: Leaflet = await import('leaflet/dist/leaflet-src.esm.js');
      if (cancelled || mapElement.current === null) return;
      const map = L.map(mapElement.current, {
        minZoom: MAP_MIN_ZOOM,
        maxZoom: MAP_MAX_ZOOM,
        zoomSnap: 1,
        attributionControl: true,
        keyboard: true,
      });
      created = map;
      map.attributionControl.setPrefix(false);
      map.setView([center.lat, center.lon], MAP_FIRST_LOAD_ZOOM);
      if (tileUrl) {
        L.tileLayer(tileUrl, { attribution: tileAttribution, minZoom: MAP_MIN_ZOOM, maxZoom: MAP_MAX_ZOOM }).addTo(map);
      } else {
        map.attributionControl.addAttribution('Outline: Natural Earth');
        fetch('/map/uk-outline.geojson')
          .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
          .then((outline: GeoJSON.FeatureCollection) => {
            if (cancelled) return;
            L.geoJSON(outline, {
              interactive: false,
              style: { className: 'map-view__land', weight: 1, fillOpacity: 1 },
            }).addTo(map);
          })
          .catch((error: unknown) => console.warn('[map] outline not loaded', error));
        for (const town of towns) {
          L.marker([town.lat, town.lon], {
            interactive: false,
            keyboard: false,
            icon: L.divIcon({
              className: 'map-view__town',
              html: `<span>${escapeHtml(town.name)}</span>`,
              iconSize: undefined,
            }),
          }).addTo(map);
        }
      }
      const markers = L.layerGroup().addTo(map);
      leaflet.current = { L, map, markers };
      const area = (): MapArea => {
        const b = map.getBounds();
        const bounds: MapBounds = { south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast() };
        return { bounds, zoom: map.getZoom(), isMobile: window.matchMedia(PHONE).matches };
      };
      map.on('moveend', () => requestArea(area()));
      void loadArea(area());
    })();
    return () => {
      cancelled = true;
      created?.remove();
      leaflet.current = null;
    };
  }, [center.lat, center.lon, towns, tileUrl, tileAttribution]);

  // Markers follow the deals and the zoom: one per deal, clustered where they crowd.
  useEffect(() => {
    const current = leaflet.current;
    if (current === null) return;
    const { L, map, markers } = current;
    const draw = () => {
      markers.clearLayers();
      markerById.current.clear();
      const byId = new Map(state.deals.map((deal) => [deal.id, deal]));
      for (const cluster of clusterByGrid(state.deals, map.getZoom())) {
        const first = byId.get(cluster.ids[0] ?? -1);
        if (first === undefined) continue;
        if (cluster.ids.length === 1) {
          const marker = L.marker([cluster.lat, cluster.lon], {
            title: first.headline,
            alt: `${first.headline}, ${priceText(first)}`,
            keyboard: false,
            icon: L.divIcon({
              className: 'map-view__pin',
              html: `<span>${escapeHtml(priceText(first))}</span>`,
              iconSize: undefined,
            }),
          });
          marker.on('click', () => {
            selectDeal(first.id);
            document.getElementById(`map-deal-${first.id}`)?.scrollIntoView({ block: 'nearest', inline: 'start' });
          });
          markers.addLayer(marker);
          markerById.current.set(first.id, marker);
        } else {
          const marker = L.marker([cluster.lat, cluster.lon], {
            title: `${cluster.ids.length} deals`,
            keyboard: false,
            icon: L.divIcon({
              className: 'map-view__cluster',
              html: `<span>${cluster.ids.length}</span>`,
              iconSize: [40, 40],
            }),
          });
          marker.on('click', () => {
            const points = cluster.ids.flatMap((id) => {
              const deal = byId.get(id);
              return deal ? [L.latLng(deal.lat, deal.lon)] : [];
            });
            map.fitBounds(L.latLngBounds(points), { padding: [40, 40], maxZoom: MAP_MAX_ZOOM });
          });
          markers.addLayer(marker);
          for (const id of cluster.ids) markerById.current.set(id, marker);
        }
      }
      highlight();
    };
    const highlight = () => {
      for (const [id, marker] of markerById.current) {
        marker.getElement()?.classList.toggle('is-selected', id === $mapView.get().selectedId);
      }
    };
    draw();
    map.on('zoomend', draw);
    return () => {
      map.off('zoomend', draw);
    };
  }, [state.deals]);

  useEffect(() => {
    for (const [id, marker] of markerById.current) {
      marker.getElement()?.classList.toggle('is-selected', id === state.selectedId);
    }
  }, [state.selectedId]);

  function showOnMap(deal: MapDealView) {
    selectDeal(deal.id);
    const current = leaflet.current;
    if (current === null) return;
    current.map.setView([deal.lat, deal.lon], Math.max(current.map.getZoom(), 14));
    mapElement.current?.scrollIntoView({ block: 'nearest' });
  }

  const statusText =
    state.phase === 'loading'
      ? 'Loading deals…'
      : state.phase === 'slow'
        ? 'Still loading deals…'
        : state.phase === 'error' || state.message !== ''
          ? state.message
          : state.phase === 'ready'
            ? `${state.deals.length} ${state.deals.length === 1 ? 'deal' : 'deals'} in this area`
            : '';

  return (
    <div className="map-view">
      <div className="map-view__bar">
        <label htmlFor={priceId}>Max price</label>
        <select
          id={priceId}
          value={state.maxPrice ?? ''}
          onChange={(event) => void setMaxPrice(event.target.value === '' ? null : Number(event.target.value))}
        >
          <option value="">Any price</option>
          {MAP_PRICE_STEPS.map((step) => (
            <option key={step} value={step}>
              Up to £{step}
            </option>
          ))}
        </select>
        <p id={statusId} className="map-view__status" role="status" aria-live="polite">
          {statusText}
        </p>
        {state.phase === 'error' && (
          <button type="button" className="map-view__retry" onClick={() => void retryArea()}>
            Try again
          </button>
        )}
      </div>
      <div className="map-view__body">
        <section
          ref={mapElement}
          className="map-view__map"
          aria-label={`Map of deals around ${townName}`}
          data-map-ready={state.phase === 'idle' ? undefined : 'true'}
        />
        <section className="map-view__list" aria-labelledby={`${statusId}-heading`}>
          <h2 id={`${statusId}-heading`} className="map-view__list-heading">
            Deals on the map
          </h2>
          <ol ref={listElement} className="map-view__cards" aria-describedby={statusId}>
            {state.deals.map((deal) => (
              <li
                key={deal.id}
                id={`map-deal-${deal.id}`}
                className={`map-view__card${deal.id === state.selectedId ? ' is-selected' : ''}`}
                onMouseEnter={() => selectDeal(deal.id)}
              >
                <img src={deal.image.url} alt="" width={96} height={60} loading="lazy" decoding="async" />
                <div className="map-view__card-body">
                  <a href={deal.url} className="map-view__card-link" onFocus={() => selectDeal(deal.id)}>
                    {deal.headline}
                  </a>
                  <p className="map-view__card-place">
                    {deal.merchantName} · {deal.locationName}
                  </p>
                  <p className="map-view__card-price">
                    {priceText(deal)}
                    {deal.postage !== null && deal.priceDisplayMode !== 'hidden' && (
                      <span> {deliveryNote(deal.postage)}</span>
                    )}
                    {deal.discountPercentage > 0 && deal.priceDisplayMode !== 'hidden' && (
                      <span> · Save {deal.discountPercentage}%</span>
                    )}
                  </p>
                </div>
                <button
                  type="button"
                  className="map-view__locate"
                  aria-label={`Show on map: ${deal.headline}`}
                  onClick={() => showOnMap(deal)}
                >
                  Show on map
                </button>
              </li>
            ))}
          </ol>
        </section>
      </div>
    </div>
  );
}
