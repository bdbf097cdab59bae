import { type Locale, NEARBY_PLACES_MAX_KM, NearbyPlacesResponseSchema } from '@estately/domain';
import type { Map as MapLibreMap, Marker } from 'maplibre-gl';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { browserApi } from '../../api/browser-api.ts';
import { useShellData } from '../../shell/use-shell-data.ts';
import type { Text } from '../../ui/forms/form-ui.tsx';
import { loadMaplibre } from '../../ui/map/basemap-protocol.ts';
import { PinPicker } from './pin-picker.tsx';

// The location step's map (issue 38 defect 6), loaded only on that step (location-picker.tsx
// imports this module lazily): the results map's stack, MapLibre with the site's own style (the
// offline Natural Earth basemap, a self-hosted PMTiles file's streets, or MapTiler's when a key
// is configured; search/map/). The pin is an HTML marker the seller drags; a click on the map
// puts it there; with the map focused, the arrow keys move it (Shift further), + and − zoom.
// Without WebGL the square pin picker stands in with the same keys and clicks. The offline
// basemap has no names of its own (nor has the PMTiles style, decision 051): the cities and city
// parts in view (GET /public/locations/nearby) are drawn as labels over it.

/** A key press moves the pin this many screen pixels (five times that with Shift). */
const KEY_STEP_PX = 8;
/** Where the map opens without a pin (central Europe) and how near a pin is shown. */
const DEFAULT_CENTER: [number, number] = [15.5, 49.8];
const DEFAULT_ZOOM = 5;
const PIN_ZOOM = 15;
/** Place names are drawn from this zoom on (below it they would crowd the map). */
const LABEL_MIN_ZOOM = 9;
const LABEL_PAUSE_MS = 250;

const round = (value: number) => Math.round(value * 1e6) / 1e6;

function hasWebGL2(): boolean {
  try {
    const context = document.createElement('canvas').getContext('webgl2');
    context?.getExtension('WEBGL_lose_context')?.loseContext();
    return context !== null;
  } catch {
    return false;
  }
}

export type PinMove = 'drag' | 'click' | 'key';

export default function LocationMap(props: {
  apiUrl: string;
  locale: Locale;
  latitude: number | null;
  longitude: number | null;
  /** Bumped when the pin was put somewhere far by a place picked: the map flies there. */
  focusKey: number;
  t: Text;
  onMove: (latitude: number, longitude: number, how: PinMove) => void;
}) {
  const { t, latitude, longitude } = props;
  const helpId = useId();
  const shell = useShellData();
  const styleUrl = shell?.publicConfig.mapStyleUrl ?? '/map/style.json';
  const pmtiles = shell?.publicConfig.mapPmtiles === true;
  const [mode, setMode] = useState<'pending' | 'webgl' | 'fallback'>('pending');
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const markerRef = useRef<Marker | null>(null);
  const labels = useRef<Marker[]>([]);
  const places = useRef({ apiUrl: props.apiUrl, locale: props.locale });
  places.current = { apiUrl: props.apiUrl, locale: props.locale };
  const onMove = useRef(props.onMove);
  onMove.current = props.onMove;
  const text = useRef(t);
  text.current = t;
  const pin = useRef<[number, number] | null>(
    latitude !== null && longitude !== null ? [longitude, latitude] : null,
  );
  pin.current = latitude !== null && longitude !== null ? [longitude, latitude] : null;

  useEffect(() => setMode(hasWebGL2() ? 'webgl' : 'fallback'), []);

  /** Puts the marker at the pin (made on first use: a new property has none). */
  const placeMarker = useRef<(lngLat: [number, number]) => void>(() => {});

  useEffect(() => {
    if (mode !== 'webgl' || !container.current) return;
    let cancelled = false;
    let map: MapLibreMap | null = null;
    void (async () => {
      const { maplibre } = await loadMaplibre(pmtiles);
      if (cancelled || !container.current) return;
      const start = pin.current;
      map = new maplibre.Map({
        container: container.current,
        style: new URL(styleUrl, window.location.href).href,
        center: start ?? DEFAULT_CENTER,
        zoom: start ? PIN_ZOOM : DEFAULT_ZOOM,
        attributionControl: { compact: true },
        dragRotate: false,
        pitchWithRotate: false,
        touchPitch: false,
        maxPitch: 0,
        locale: {
          'Map.Title': text.current('editor.map_pin'),
          'NavigationControl.ZoomIn': text.current('map.control_zoom_in'),
          'NavigationControl.ZoomOut': text.current('map.control_zoom_out'),
          'AttributionControl.ToggleAttribution': text.current('map.attribution'),
        },
      });
      mapRef.current = map;
      // The frame around the canvas takes the keys (it moves the pin rather than the map).
      map.keyboard.disable();
      map.touchZoomRotate.disableRotation();
      map.getCanvas().setAttribute('tabindex', '-1');
      map.addControl(new maplibre.NavigationControl({ showCompass: false }), 'top-right');
      (container.current as HTMLDivElement & { maplibreMap?: MapLibreMap }).maplibreMap = map;
      const element = document.createElement('div');
      element.className = 'location-map__pin';
      element.dataset.testid = 'location-pin';
      element.setAttribute('aria-hidden', 'true');
      const drop = document.createElement('span');
      drop.className = 'location-map__drop';
      element.append(drop);
      placeMarker.current = (lngLat) => {
        if (!map) return;
        if (!markerRef.current) {
          const marker = new maplibre.Marker({ element, anchor: 'bottom', draggable: true });
          marker.on('dragend', () => {
            const at = marker.getLngLat();
            onMove.current(round(at.lat), round(at.lng), 'drag');
          });
          markerRef.current = marker.setLngLat(lngLat).addTo(map);
        } else markerRef.current.setLngLat(lngLat);
      };
      if (start) placeMarker.current(start);
      map.on('click', (event) => {
        onMove.current(round(event.lngLat.lat), round(event.lngLat.lng), 'click');
      });

      // Names of the places in view, asked for after the map settles; the newest ask wins.
      let labelTimer: ReturnType<typeof setTimeout> | undefined;
      let labelRequest: AbortController | null = null;
      const drawLabels = () => {
        clearTimeout(labelTimer);
        labelTimer = setTimeout(async () => {
          if (!map) return;
          labelRequest?.abort();
          const clear = () => {
            for (const label of labels.current) label.remove();
            labels.current = [];
          };
          if (map.getZoom() < LABEL_MIN_ZOOM) {
            clear();
            return;
          }
          const controller = new AbortController();
          labelRequest = controller;
          const center = map.getCenter();
          const corner = map.getBounds().getNorthEast();
          // A margin around the view (and at least 3 km), so a short move shows names already.
          const km = Math.min(NEARBY_PLACES_MAX_KM, Math.max(3, (1.5 * center.distanceTo(corner)) / 1000));
          try {
            const found = NearbyPlacesResponseSchema.parse(
              await browserApi(places.current.apiUrl).get('/public/locations/nearby', {
                query: {
                  lat: center.lat,
                  lng: center.lng,
                  km: Math.round(km * 10) / 10,
                  locale: places.current.locale,
                },
                signal: controller.signal,
              }),
            ).data;
            if (controller.signal.aborted || !map) return;
            clear();
            for (const place of found) {
              const label = document.createElement('span');
              label.className = `location-map__label location-map__label--${place.kind}`;
              label.textContent = place.name;
              label.setAttribute('aria-hidden', 'true');
              label.dataset.testid = 'location-map-label';
              labels.current.push(
                new maplibre.Marker({ element: label, anchor: 'center' })
                  .setLngLat([place.longitude, place.latitude])
                  .addTo(map),
              );
            }
            // The pin stays above the names.
            markerRef.current?.getElement().parentElement?.append(markerRef.current.getElement());
          } catch {
            // Without names the map still works: the pin and the status say where it is.
          }
        }, LABEL_PAUSE_MS);
      };
      map.on('load', drawLabels);
      map.on('moveend', drawLabels);
      map.once('remove', () => {
        clearTimeout(labelTimer);
        labelRequest?.abort();
      });
    })();
    return () => {
      cancelled = true;
      for (const label of labels.current) label.remove();
      labels.current = [];
      markerRef.current?.remove();
      markerRef.current = null;
      map?.remove();
      mapRef.current = null;
    };
  }, [mode, styleUrl, pmtiles]);

  // The pin moved (a drag, a key, a place picked, the coordinates typed): the marker follows,
  // and the map keeps it in view.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || latitude === null || longitude === null) return;
    placeMarker.current([longitude, latitude]);
    if (!map.getBounds().contains([longitude, latitude])) map.easeTo({ center: [longitude, latitude] });
  }, [latitude, longitude]);

  // A place was picked in the search: show its surroundings.
  const firstFocus = useRef(props.focusKey);
  useEffect(() => {
    if (props.focusKey === firstFocus.current) return;
    const map = mapRef.current;
    const at = pin.current;
    if (map && at) map.jumpTo({ center: at, zoom: Math.max(map.getZoom(), PIN_ZOOM - 1) });
  }, [props.focusKey]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const map = mapRef.current;
    if (!map || event.target !== event.currentTarget) return;
    if (event.key === '+' || event.key === '=') {
      event.preventDefault();
      map.zoomIn();
      return;
    }
    if (event.key === '-' || event.key === '_') {
      event.preventDefault();
      map.zoomOut();
      return;
    }
    const step = event.shiftKey ? KEY_STEP_PX * 5 : KEY_STEP_PX;
    // The map is drawn with east on the right in every writing direction.
    const moves: Record<string, [number, number]> = {
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
      ArrowRight: [step, 0],
      ArrowLeft: [-step, 0],
    };
    const delta = moves[event.key];
    if (!delta) return;
    event.preventDefault();
    const from = pin.current ?? map.getCenter().toArray();
    const point = map.project(from as [number, number]);
    const to = map.unproject([point.x + delta[0], point.y + delta[1]]);
    onMove.current(round(to.lat), round(to.lng), 'key');
  };

  if (mode === 'fallback')
    return (
      <PinPicker
        latitude={latitude}
        longitude={longitude}
        t={t}
        onMove={(lat, lng) => props.onMove(lat, lng, 'click')}
      />
    );

  return (
    <div className="location-map">
      <p id={helpId} className="field__hint">
        {t('editor.location_map_help')}
      </p>
      {/* The frame is the one tab stop of the map: it takes the arrow keys for the pin. */}
      <div
        className="location-map__frame"
        role="application"
        aria-roledescription={t('editor.location_map_role')}
        aria-label={t('editor.map_pin')}
        aria-describedby={helpId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the map is an application that takes the arrow keys
        tabIndex={0}
        dir="ltr"
        data-testid="location-map"
        onKeyDown={onKeyDown}
      >
        <div className="location-map__canvas" ref={container} data-testid="location-map-canvas" />
      </div>
    </div>
  );
}
