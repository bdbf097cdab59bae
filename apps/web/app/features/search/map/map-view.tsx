import {
  type BoundingBox,
  type Currency,
  type DrawnArea,
  type Locale,
  type MapCluster,
  type MapPoint,
  type OfferMapResponse,
  type SearchFilters,
  serializeFilters,
} from '@estately/domain';
import type { Map as MapLibreMap, MapMovementEvent, Marker } from 'maplibre-gl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useI18n } from '../../../i18n/i18n-context.tsx';
import { useShellData } from '../../../shell/use-shell-data.ts';
import { loadMaplibre } from '../../../ui/map/basemap-protocol.ts';
import { OfferCardItem } from '../../../ui/offers/offer-card.tsx';
import { fetchMapCard, loadMapAnswer, type MapCardResult } from './load-map-answer.ts';
import { areaSearchUrl, drawnAreasUrl } from './map-area-url.ts';
import MapDraw from './map-draw.tsx';
import { atLeast, extentOf, placeBox, viewportToBox, WORLD_BOX, zoomForBox } from './map-geometry.ts';
import { formatMapText, type MapTexts } from './map-texts.ts';
import { mapUiStore, useMapUiState } from './map-ui-state.ts';
import PriceLayerSwitch from './price-layer-switch.tsx';

// The open map (loaded lazily by map-panel.tsx). Clusters and single offers of the viewport come
// from GET /public/offers/map under the list's filters; a cluster zooms in, a single offer opens
// its card; moving the map searches that area: after a pause the URL gets the viewport as
// `bbox` (through the domain's search URL) and the list follows. A URL the map did not make
// itself (back button, a shared link) moves the map to its area.
//
// MapLibre draws the basemap with WebGL. Without WebGL the same answer is shown as a list of
// places (clusters) and offers with the same actions, so nothing depends on the canvas.

/** Pause after the last move before the area is searched (and a history entry made). */
const AREA_SEARCH_PAUSE_MS = 600;
/** Pause after a move before the viewport's clusters are asked for. */
const CLUSTER_PAUSE_MS = 200;
/** Where the map opens when neither the URL nor the results say (central Europe). */
const DEFAULT_CENTER: [number, number] = [15.5, 49.8];
const DEFAULT_ZOOM = 4;

type CardState = { point: MapPoint; result: MapCardResult | null; opener: HTMLElement | null };

/** Whether this browser can give MapLibre a WebGL 2 context. */
function hasWebGL2(): boolean {
  try {
    const context = document.createElement('canvas').getContext('webgl2');
    // Give the probe's context back at once: browsers allow only a few at a time.
    context?.getExtension('WEBGL_lose_context')?.loseContext();
    return context !== null;
  } catch {
    return false;
  }
}

const sameBox = (a: BoundingBox | undefined, b: BoundingBox | undefined) =>
  a !== undefined &&
  b !== undefined &&
  a.south === b.south &&
  a.west === b.west &&
  a.north === b.north &&
  a.east === b.east;

const boundsOf = (box: BoundingBox): [[number, number], [number, number]] => [
  [box.west, box.south],
  [box.west <= box.east ? box.east : box.east + 360, box.north],
];

/** The map's filters without its own viewport and paging: a change of these reloads the clusters. */
const filtersKey = (filters: SearchFilters) =>
  serializeFilters({ ...filters, bbox: undefined }, ['sort', 'page', 'per_page']);

export default function MapView(props: {
  locale: Locale;
  filters: SearchFilters;
  currency: Currency;
  texts: MapTexts;
}) {
  const { locale, filters, currency, texts } = props;
  const { tag } = useI18n();
  const shell = useShellData();
  const apiUrl = shell?.publicConfig.apiUrl ?? '';
  const styleUrl = shell?.publicConfig.mapStyleUrl ?? '/map/style.json';
  const pmtiles = shell?.publicConfig.mapPmtiles === true;
  const navigate = useNavigate();
  const { loading } = useMapUiState();
  const [mode, setMode] = useState<'pending' | 'webgl' | 'fallback'>('pending');
  const [answer, setAnswer] = useState<OfferMapResponse | null>(null);
  const [failed, setFailed] = useState(false);
  const [card, setCard] = useState<CardState | null>(null);
  /** The map once its style is loaded: drawing adds its layers to it. */
  const [readyMap, setReadyMap] = useState<MapLibreMap | null>(null);
  /** While an area is being drawn the map's moves search nothing (they place the crosshair). */
  const drawing = useRef(false);

  const filtersRef = useRef(filters);
  filtersRef.current = filters;
  // The map is made once per open: what it reads later comes through refs, since every
  // navigation hands in new (equal) objects.
  const setup = useRef({ texts, apiUrl, currency });
  setup.current = { texts, apiUrl, currency };
  const request = useRef<AbortController | null>(null);
  const cardRequest = useRef<AbortController | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const markers = useRef<Marker[]>([]);
  /** The last area this map put in the URL: its own navigation must not move it again. */
  const pushed = useRef<BoundingBox | undefined>(filters.bbox);
  const areaTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const clusterTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => setMode(hasWebGL2() ? 'webgl' : 'fallback'), []);
  // The spec's map UI state follows the URL (the single source of truth for map mode): this view
  // is mounted exactly while the URL has the map open. Set here, not in the page's first load.
  useEffect(() => {
    mapUiStore.setMapSearchMode(true);
    return () => mapUiStore.setMapSearchMode(false);
  }, []);
  useEffect(
    () => () => {
      request.current?.abort();
      cardRequest.current?.abort();
      clearTimeout(areaTimer.current);
      clearTimeout(clusterTimer.current);
      mapUiStore.setLoading(false);
    },
    [],
  );

  /** Asks the API for a viewport; the newest request wins. */
  const load = useCallback(
    async (box: BoundingBox, zoom: number): Promise<OfferMapResponse | null> => {
      request.current?.abort();
      const controller = new AbortController();
      request.current = controller;
      mapUiStore.setLoading(true);
      try {
        const next = await loadMapAnswer({
          apiUrl,
          filters: filtersRef.current,
          box,
          zoom,
          currency,
          signal: controller.signal,
        });
        if (controller.signal.aborted) return null;
        setAnswer(next);
        setFailed(false);
        return next;
      } catch {
        if (!controller.signal.aborted) setFailed(true);
        return null;
      } finally {
        if (request.current === controller) mapUiStore.setLoading(false);
      }
    },
    [apiUrl, currency],
  );

  const openCard = useCallback(
    async (point: MapPoint, opener: HTMLElement | null) => {
      cardRequest.current?.abort();
      const controller = new AbortController();
      cardRequest.current = controller;
      setCard({ point, result: null, opener });
      const result = await fetchMapCard({
        id: point.id,
        lat: point.lat,
        lng: point.lng,
        locale,
        currency,
        signal: controller.signal,
      });
      if (!controller.signal.aborted) setCard({ point, result, opener });
    },
    [locale, currency],
  );

  const closeCard = useCallback(() => {
    cardRequest.current?.abort();
    setCard((current) => {
      current?.opener?.focus();
      return null;
    });
  }, []);

  /** Searches an area: the URL (a new history entry) and with it the list. */
  const searchArea = useCallback(
    (box: BoundingBox) => {
      const area = viewportToBox(box);
      pushed.current = area;
      void navigate(areaSearchUrl(locale, filtersRef.current, area), { preventScrollReset: true });
    },
    [locale, navigate],
  );

  /** Drawn areas (issue 44 point 1): the URL with them, a new history entry. */
  const applyAreas = useCallback(
    (areas: DrawnArea[]) => {
      pushed.current = undefined;
      void navigate(drawnAreasUrl(locale, filtersRef.current, areas), { preventScrollReset: true });
    },
    [locale, navigate],
  );
  const onDrawingChange = useCallback((active: boolean) => {
    drawing.current = active;
    if (active) clearTimeout(areaTimer.current);
  }, []);

  const clusterLabel = (count: number) => formatMapText(texts, 'map.cluster', tag, { count });
  const pointPrice = (point: MapPoint) =>
    point.price === null
      ? null
      : new Intl.NumberFormat(tag, {
          style: 'currency',
          currency: point.currency,
          maximumFractionDigits: 0,
        }).format(point.price);
  const pointLabel = (point: MapPoint) => {
    const price = pointPrice(point);
    return price === null
      ? formatMapText(texts, 'map.point_no_price', tag)
      : formatMapText(texts, 'map.point', tag, { price });
  };
  const labels = useRef({ clusterLabel, pointLabel, pointPrice });
  labels.current = { clusterLabel, pointLabel, pointPrice };
  // The map lives across renders and navigations: its handlers reach the current callbacks here.
  const actions = useRef({ load, searchArea, openCard });
  actions.current = { load, searchArea, openCard };

  // ---- MapLibre (WebGL) --------------------------------------------------------------------

  /** Fits the map to every result of the search (a world-wide ask, not shown itself). */
  const fitToResults = useCallback(async (map: MapLibreMap) => {
    const world = await loadMapAnswer({
      apiUrl: setup.current.apiUrl,
      filters: filtersRef.current,
      box: WORLD_BOX,
      zoom: 2,
      currency: setup.current.currency,
    }).catch(() => null);
    // No results (or no answer): the searched place, when the search names one.
    const extent = (world ? extentOf(world) : null) ?? placeBox(filtersRef.current);
    if (extent && mapRef.current === map) {
      map.fitBounds(boundsOf(atLeast(extent, 0.02)), { padding: 40, maxZoom: 14, animate: false });
    }
  }, []);

  useEffect(() => {
    if (mode !== 'webgl' || !container.current) return;
    let cancelled = false;
    let map: MapLibreMap | null = null;
    void (async () => {
      const { maplibre } = await loadMaplibre(pmtiles);
      if (cancelled || !container.current) return;
      const box = filtersRef.current.bbox;
      map = new maplibre.Map({
        container: container.current,
        style: new URL(styleUrl, window.location.href).href,
        ...(box ? { bounds: boundsOf(box) } : { center: DEFAULT_CENTER, zoom: DEFAULT_ZOOM }),
        attributionControl: { compact: true },
        dragRotate: false,
        pitchWithRotate: false,
        touchPitch: false,
        maxPitch: 0,
        locale: {
          'Map.Title': setup.current.texts['map.region'],
          'NavigationControl.ZoomIn': setup.current.texts['map.control_zoom_in'],
          'NavigationControl.ZoomOut': setup.current.texts['map.control_zoom_out'],
          'AttributionControl.ToggleAttribution': setup.current.texts['map.attribution'],
          'Popup.Close': setup.current.texts['map.close_card'],
        },
      });
      mapRef.current = map;
      map.keyboard.disableRotation();
      map.touchZoomRotate.disableRotation();
      map.addControl(new maplibre.NavigationControl({ showCompass: false }), 'top-right');
      // Tests and tools reach the map through its container (no global).
      (container.current as HTMLDivElement & { maplibreMap?: MapLibreMap }).maplibreMap = map;

      const refresh = () => {
        clearTimeout(clusterTimer.current);
        clusterTimer.current = setTimeout(() => {
          if (!map) return;
          const bounds = map.getBounds();
          const view = viewportToBox({
            south: bounds.getSouth(),
            west: bounds.getWest(),
            north: bounds.getNorth(),
            east: bounds.getEast(),
          });
          void actions.current.load(view, map.getZoom());
        }, CLUSTER_PAUSE_MS);
      };
      map.on('load', () => {
        refresh();
        if (!cancelled) setReadyMap(map);
      });
      map.on('moveend', (event: MapMovementEvent & { byVisitor?: boolean }) => {
        refresh();
        // Only the visitor's moves search an area: a drag, the wheel, keys, the zoom buttons (all
        // carry their input event) or a cluster picked. Moves the URL asked for, the opening fit
        // and a resize of the map (the page's layout changed) are not searches of their own.
        if (event.originalEvent === undefined && event.byVisitor !== true) return;
        // Drawn areas are the search's place: moving the map to draw or look around searches nothing.
        if (drawing.current || filtersRef.current.areas) return;
        clearTimeout(areaTimer.current);
        areaTimer.current = setTimeout(() => {
          if (!map) return;
          const bounds = map.getBounds();
          actions.current.searchArea({
            south: bounds.getSouth(),
            west: bounds.getWest(),
            north: bounds.getNorth(),
            east: bounds.getEast(),
          });
        }, AREA_SEARCH_PAUSE_MS);
      });
      // No area in the URL: open on where the results are.
      if (!box) await fitToResults(map);
    })();
    return () => {
      cancelled = true;
      for (const marker of markers.current) marker.remove();
      markers.current = [];
      map?.remove();
      mapRef.current = null;
      setReadyMap(null);
    };
    // The map is made once per open; URL changes reach it through the effects below.
  }, [mode, styleUrl, pmtiles, fitToResults]);

  // A URL the map did not make (back button, a link, the location box) moves the map there;
  // a URL without an area (a place picked, back to the first search) shows where its results are.
  const bboxKey = filters.bbox ? Object.values(filters.bbox).join(',') : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: the area's value (bboxKey) is the trigger; the filters are read through their ref
  useEffect(() => {
    const map = mapRef.current;
    const box = filtersRef.current.bbox;
    if (!map) return;
    clearTimeout(areaTimer.current);
    if (!box) {
      if (pushed.current === undefined) return;
      pushed.current = undefined;
      void fitToResults(map);
      return;
    }
    if (sameBox(box, pushed.current)) return;
    pushed.current = box;
    map.fitBounds(boundsOf(box), { animate: false });
  }, [bboxKey]);

  // Other filters changed (the panel): the clusters of the same viewport under the new filters.
  const otherFilters = filtersKey(filters);
  const firstFilters = useRef(otherFilters);
  useEffect(() => {
    if (firstFilters.current === otherFilters) return;
    firstFilters.current = otherFilters;
    const map = mapRef.current;
    if (map) map.fire('moveend');
  }, [otherFilters]);

  // Markers of the answer: HTML buttons, so they are in the tab order, labelled and need no glyphs.
  useEffect(() => {
    const map = mapRef.current;
    if (mode !== 'webgl' || !map || !answer) return;
    let cancelled = false;
    void (async () => {
      const { maplibre } = await import('../../../ui/map/maplibre-setup.ts');
      if (cancelled) return;
      for (const marker of markers.current) marker.remove();
      markers.current = [];
      const { clusterLabel: cluster, pointLabel: point, pointPrice: price } = labels.current;
      const compact = new Intl.NumberFormat(tag, { notation: 'compact' });
      for (const item of answer.clusters) {
        const element = document.createElement('button');
        element.type = 'button';
        element.className = `map-marker map-marker--cluster map-marker--${item.count >= 100 ? 'large' : item.count >= 10 ? 'medium' : 'small'}`;
        element.textContent = compact.format(item.count);
        element.dataset.testid = 'map-cluster';
        element.dataset.count = String(item.count);
        element.addEventListener('click', (event) => {
          event.stopPropagation();
          map.fitBounds(
            boundsOf(atLeast(item.bounds)),
            { padding: 48, maxZoom: 17, duration: 300 },
            { byVisitor: true },
          );
        });
        const marker = new maplibre.Marker({ element, anchor: 'center' })
          .setLngLat([item.lng, item.lat])
          .addTo(map);
        element.setAttribute('aria-label', cluster(item.count));
        markers.current.push(marker);
      }
      for (const item of answer.points) {
        const element = document.createElement('button');
        element.type = 'button';
        element.className = 'map-marker map-marker--point';
        const shown = price(item);
        element.textContent = shown === null ? '•' : compactPrice(item, tag);
        element.dataset.testid = 'map-point';
        element.dataset.offerId = String(item.id);
        element.addEventListener('click', (event) => {
          event.stopPropagation();
          void actions.current.openCard(item, element);
        });
        const marker = new maplibre.Marker({ element, anchor: 'bottom' })
          .setLngLat([item.lng, item.lat])
          .addTo(map);
        // The visible price starts the accessible name (WCAG 2.5.3, label in name).
        element.setAttribute(
          'aria-label',
          shown === null ? point(item) : `${element.textContent}, ${point(item)}`,
        );
        markers.current.push(marker);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [answer, mode, tag]);

  // ---- Without WebGL: the same answer as a list ------------------------------------------

  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters' values (bboxKey, otherFilters) are the triggers, not the object
  useEffect(() => {
    if (mode !== 'fallback') return;
    const box = filtersRef.current.bbox ?? WORLD_BOX;
    const width = container.current?.clientWidth || 640;
    const height = container.current?.clientHeight || 480;
    void load(box, zoomForBox(box, width, height));
    // Reload when the area or any other filter changes.
  }, [mode, bboxKey, otherFilters, load]);

  const largerArea = () => {
    const box = filters.bbox;
    if (!box) return;
    const lat = (box.north - box.south) / 2;
    const lng = ((box.west <= box.east ? box.east - box.west : box.east + 360 - box.west) || 0) / 2;
    searchArea({
      south: box.south - lat,
      west: box.west - lng,
      north: box.north + lat,
      east: box.east + lng,
    });
  };

  const total = answer === null ? null : formatMapText(texts, 'map.in_view', tag, { count: answer.total });

  return (
    <div className={`search-map__body search-map__body--${mode}`} aria-busy={loading}>
      {total !== null && (
        <p className="search-map__status" role="status" data-testid="map-total" data-total={answer?.total}>
          {total}
        </p>
      )}
      {failed && (
        <p className="search-map__error" role="alert">
          {texts['map.error']}
        </p>
      )}
      {mode === 'fallback' ? (
        <div className="map-fallback" ref={container} data-testid="map-fallback">
          <p>{texts['map.fallback']}</p>
          {answer && (
            <ul className="map-fallback__list">
              {answer.clusters.map((item: MapCluster) => (
                <li key={`${item.lat},${item.lng}`}>
                  <button
                    type="button"
                    className="map-fallback__item"
                    data-testid="map-cluster"
                    data-count={item.count}
                    onClick={() => searchArea(atLeast(item.bounds))}
                  >
                    {formatMapText(texts, 'map.fallback_cluster', tag, {
                      count: item.count,
                      lat: item.lat.toFixed(2),
                      lng: item.lng.toFixed(2),
                    })}
                  </button>
                </li>
              ))}
              {answer.points.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    className="map-fallback__item"
                    data-testid="map-point"
                    data-offer-id={item.id}
                    onClick={(event) => void openCard(item, event.currentTarget)}
                  >
                    {pointLabel(item)}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {filters.bbox && (
            <button type="button" className="button" onClick={largerArea} data-testid="map-larger-area">
              {texts['map.larger_area']}
            </button>
          )}
        </div>
      ) : (
        <div className="search-map__canvas" ref={container} data-testid="map-canvas" />
      )}
      {mode === 'webgl' && (
        <MapDraw
          map={readyMap}
          areas={filters.areas ?? []}
          texts={texts}
          tag={tag}
          onApply={applyAreas}
          onDrawingChange={onDrawingChange}
        />
      )}
      {mode !== 'pending' && (
        <PriceLayerSwitch
          mapRef={mapRef}
          bbox={filters.bbox}
          apiUrl={apiUrl}
          locale={locale}
          currency={currency}
          offerType={filters.offer_type ?? 'sale'}
          label={texts['map.price_layer']}
        />
      )}
      {card && <MapCard card={card} texts={texts} onClose={closeCard} />}
    </div>
  );
}

/** A short price for a marker: "4.5M Kč", "€950". */
function compactPrice(point: MapPoint, tag: string): string {
  if (point.price === null) return '•';
  return new Intl.NumberFormat(tag, {
    style: 'currency',
    currency: point.currency,
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(point.price);
}

/** The card of one offer over the map's corner; Escape or its button closes it. */
function MapCard(props: { card: CardState; texts: MapTexts; onClose: () => void }) {
  const { card, texts, onClose } = props;
  const panel = useRef<HTMLDivElement>(null);
  const ready = card.result !== null;
  useEffect(() => {
    if (ready) panel.current?.focus();
  }, [ready]);
  return (
    <div
      ref={panel}
      className="map-card"
      role="dialog"
      aria-label={texts['map.card']}
      aria-busy={!ready}
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
      data-testid="map-card"
    >
      <button
        type="button"
        className="map-card__close"
        onClick={onClose}
        aria-label={texts['map.close_card']}
      >
        <span aria-hidden="true">×</span>
      </button>
      {card.result === null ? (
        <p role="status">{texts['map.loading']}</p>
      ) : card.result.status === 'ready' ? (
        <OfferCardItem offer={card.result.card} />
      ) : (
        <p role="alert">{texts['map.error']}</p>
      )}
    </div>
  );
}
