// MapLibre GL JS with its styles, loaded only by the open map (map-view.tsx imports this module
// dynamically). Its worker runs from our own hashed asset rather than a blob: URL, so the CSP
// needs no more than `worker-src 'self'` (docs/decisions/016-map-mode-maplibre.md).
import 'maplibre-gl/dist/maplibre-gl.css';
import './search-map.css';
import * as maplibre from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';

maplibre.setWorkerUrl(new URL(workerUrl, window.location.href).href);

export { maplibre };
