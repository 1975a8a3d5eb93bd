/**
 * Writes public/map/uk-outline.geojson: the coastlines of the United Kingdom and Ireland, the map
 * view's base layer (docs/decisions/022). Nothing is fetched at run time: the outline is
 * cut once from Natural Earth's 1:10m countries (the world-atlas package, public domain), trimmed
 * to the British Isles and rounded to 3 decimals (about 100 m), and committed.
 *   node scripts/build-uk-outline.mjs
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';

const require = createRequire(import.meta.url);
const atlas = JSON.parse(readFileSync(require.resolve('world-atlas/countries-10m.json'), 'utf8'));
/** ISO 3166 numeric: United Kingdom, Ireland, Isle of Man. */
const KEEP = new Map([
  ['826', 'United Kingdom'],
  ['372', 'Ireland'],
  ['833', 'Isle of Man'],
]);
const round = (value) => Math.round(value * 1000) / 1000;

/** Drops points closer than `tolerance` degrees to the last kept one (rings keep their closing point). */
function thin(ring, tolerance) {
  const kept = [ring[0]];
  for (let index = 1; index < ring.length - 1; index += 1) {
    const [x, y] = ring[index];
    const [lx, ly] = kept[kept.length - 1];
    if (Math.hypot(x - lx, y - ly) >= tolerance) kept.push(ring[index]);
  }
  kept.push(ring[ring.length - 1]);
  return kept.map(([x, y]) => [round(x), round(y)]);
}

const countries = feature(atlas, atlas.objects.countries);
const features = countries.features
  .filter((country) => KEEP.has(String(country.id)))
  .map((country) => {
    const polygons =
      country.geometry.type === 'Polygon' ? [country.geometry.coordinates] : country.geometry.coordinates;
    const kept = polygons
      .map((polygon) => polygon.map((ring) => thin(ring, 0.01)).filter((ring) => ring.length >= 4))
      .filter((polygon) => polygon.length > 0);
    return {
      type: 'Feature',
      properties: { name: KEEP.get(String(country.id)) },
      geometry: { type: 'MultiPolygon', coordinates: kept },
    };
  });

const out = new URL('../public/map/uk-outline.geojson', import.meta.url);
writeFileSync(out, `${JSON.stringify({ type: 'FeatureCollection', features })}\n`);
console.log(`wrote ${out.pathname}: ${features.map((f) => f.properties.name).join(', ')}`);
