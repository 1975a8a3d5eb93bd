/** Leaflet's ES module build has the same API as the package's main (typed by @types/leaflet). */
declare module 'leaflet/dist/leaflet-src.esm.js' {
  export * from 'leaflet';
}
