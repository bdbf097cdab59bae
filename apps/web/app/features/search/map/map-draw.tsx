import {
  AREA_LIMITS,
  type AreaVertex,
  areaIssues,
  type DrawnArea,
  isValidationMessageKey,
} from '@estately/domain';
import type { GeoJSONSource, Map as MapLibreMap, MapMouseEvent, Marker } from 'maplibre-gl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { areaFeatures, draftFeatures, vertexOf } from './map-draw-geometry.ts';
import { formatMapText, type MapTextKey, type MapTexts } from './map-texts.ts';
import './map-draw.css';

// Drawing search areas on the open map (issue 44 point 1, decision 069), loaded with the map.
// A polygon takes a corner per click or tap; a circle takes its centre the same way and its
// radius from a field. Without a pointer, the map's own keys move it, and Enter on the map (or
// the "add a point" button) puts a corner at its centre, under the crosshair. Corners are
// buttons on the map: dragged with a mouse or a finger, moved with the arrow keys, removed with
// Delete. Each step is announced in a live region. "Search this area" checks the areas by the
// domain's rules and puts them in the URL; the areas already searched are listed below with
// their own buttons.

interface Draft {
  shape: 'polygon' | 'circle';
  exclude: boolean;
  /** Polygon corners; a circle's centre as its only point. */
  points: AreaVertex[];
  radiusKm: number;
  /** The area of the search being edited (replaced on finishing), or null for a new one. */
  editing: number | null;
  /** The corner to focus after the markers are redrawn. */
  focus: number | null;
}

const AREAS_SOURCE = 'drawn-areas';
const DRAFT_SOURCE = 'drawn-area-draft';
/** Pixels a corner moves per arrow key press (Shift: one pixel). */
const KEY_STEP_PX = 10;
const DEFAULT_RADIUS_KM = 1;

function draftArea(draft: Draft): DrawnArea | null {
  const [first] = draft.points;
  if (draft.shape === 'circle') {
    if (!first) return null;
    return {
      shape: 'circle',
      exclude: draft.exclude,
      lat: first[0],
      lng: first[1],
      radius_m: Math.round(draft.radiusKm * 1000),
    };
  }
  return draft.points.length >= AREA_LIMITS.minVertices
    ? { shape: 'polygon', exclude: draft.exclude, points: draft.points }
    : null;
}

function addLayers(map: MapLibreMap, areas: readonly DrawnArea[]) {
  if (map.getSource(AREAS_SOURCE)) return;
  map.addSource(AREAS_SOURCE, { type: 'geojson', data: areaFeatures(areas) });
  map.addSource(DRAFT_SOURCE, { type: 'geojson', data: draftFeatures(null, []) });
  // Searched in: the brand colour; left out: red, dashed.
  const fill = ['case', ['get', 'exclude'], '#b3261e', '#0a5bb5'] as unknown as string;
  for (const source of [AREAS_SOURCE, DRAFT_SOURCE]) {
    map.addLayer({
      id: `${source}-fill`,
      type: 'fill',
      source,
      filter: ['==', ['geometry-type'], 'Polygon'],
      paint: { 'fill-color': fill, 'fill-opacity': source === DRAFT_SOURCE ? 0.2 : 0.12 },
    });
    map.addLayer({
      id: `${source}-line`,
      type: 'line',
      source,
      paint: {
        'line-color': fill,
        'line-width': source === DRAFT_SOURCE ? 3 : 2,
        'line-dasharray': source === DRAFT_SOURCE ? [2, 1] : [1, 0],
      },
    });
  }
}

export default function MapDraw(props: {
  map: MapLibreMap | null;
  areas: readonly DrawnArea[];
  texts: MapTexts;
  tag: string;
  onApply: (areas: DrawnArea[]) => void;
  onDrawingChange: (drawing: boolean) => void;
}) {
  const { map, areas, texts, tag, onApply, onDrawingChange } = props;
  const [draft, setDraft] = useState<Draft | null>(null);
  const [exclude, setExclude] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [error, setError] = useState<string | null>(null);
  const draftRef = useRef(draft);
  draftRef.current = draft;
  const vertexMarkers = useRef<Marker[]>([]);
  /**
   * A corner's move or removal: the ref follows at once, so a key pressed before React draws
   * the corners again works on the drawing as it is now (no press is lost).
   */
  const change = useCallback((next: Draft) => {
    draftRef.current = next;
    setDraft(next);
  }, []);
  const text = useCallback(
    (key: MapTextKey, values: Record<string, string | number> = {}) => formatMapText(texts, key, tag, values),
    [texts, tag],
  );
  const areasKey = JSON.stringify(areas);

  useEffect(() => onDrawingChange(draft !== null), [draft, onDrawingChange]);

  // The searched areas and the draft, as map layers.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the areas' value (areasKey) is the trigger
  useEffect(() => {
    if (!map) return;
    addLayers(map, areas);
    void (map.getSource(AREAS_SOURCE) as GeoJSONSource | undefined)?.setData(areaFeatures(areas));
  }, [map, areasKey]);
  useEffect(() => {
    if (!map) return;
    addLayers(map, []);
    const area = draft ? draftArea(draft) : null;
    void (map.getSource(DRAFT_SOURCE) as GeoJSONSource | undefined)?.setData(
      draftFeatures(area, draft?.points ?? []),
    );
  }, [map, draft]);

  const addPoint = useCallback(
    (lat: number, lng: number) => {
      const current = draftRef.current;
      if (!current) return;
      const vertex = vertexOf(lat, lng);
      setError(null);
      if (current.shape === 'circle') {
        setDraft({ ...current, points: [vertex], focus: null });
        setAnnouncement(text('map.draw.centre_set'));
        return;
      }
      if (current.points.length >= AREA_LIMITS.maxVertices) {
        setError(texts['validation.area_too_many_vertices']);
        return;
      }
      setDraft({ ...current, points: [...current.points, vertex], focus: null });
      setAnnouncement(text('map.draw.point_added', { n: current.points.length + 1 }));
    },
    [text, texts],
  );

  const addAtCentre = useCallback(() => {
    if (!map) return;
    const centre = map.getCenter();
    addPoint(centre.lat, centre.lng);
  }, [map, addPoint]);

  // While drawing, a click or tap on the map adds a corner; Enter on the map adds one at its centre.
  const drawing = draft !== null;
  useEffect(() => {
    if (!map || !drawing) return;
    const onClick = (event: MapMouseEvent) => addPoint(event.lngLat.lat, event.lngLat.lng);
    const canvas = map.getCanvas();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Enter') return;
      event.preventDefault();
      addAtCentre();
    };
    map.on('click', onClick);
    canvas.addEventListener('keydown', onKey);
    canvas.parentElement?.classList.add('map-draw--active');
    return () => {
      map.off('click', onClick);
      canvas.removeEventListener('keydown', onKey);
      canvas.parentElement?.classList.remove('map-draw--active');
    };
  }, [map, drawing, addPoint, addAtCentre]);

  // The corners as buttons on the map: drag, arrow keys, Delete.
  useEffect(() => {
    if (!map) return;
    let cancelled = false;
    void (async () => {
      const { maplibre } = await import('../../../ui/map/maplibre-setup.ts');
      if (cancelled) return;
      for (const marker of vertexMarkers.current) marker.remove();
      vertexMarkers.current = [];
      if (!draft) return;
      const count = draft.points.length;
      draft.points.forEach(([lat, lng], index) => {
        const element = document.createElement('button');
        element.type = 'button';
        element.className = 'map-vertex';
        element.dataset.testid = 'map-vertex';
        element.setAttribute(
          'aria-label',
          draft.shape === 'circle'
            ? text('map.draw.centre')
            : text('map.draw.vertex', { n: index + 1, count }),
        );
        const move = (to: AreaVertex) => {
          const current = draftRef.current;
          if (!current) return;
          const points = current.points.map((point, i) => (i === index ? to : point));
          change({ ...current, points, focus: index });
          setAnnouncement(text('map.draw.point_moved', { n: index + 1 }));
        };
        element.addEventListener('keydown', (event) => {
          const step = event.shiftKey ? 1 : KEY_STEP_PX;
          const shift = {
            ArrowLeft: [-step, 0],
            ArrowRight: [step, 0],
            ArrowUp: [0, -step],
            ArrowDown: [0, step],
          }[event.key];
          // The corner's keys are its own: the map (whose keyboard handler listens on its
          // container, around the markers) must not pan or zoom with them too.
          if (shift || event.key === 'Delete' || event.key === 'Backspace') event.stopPropagation();
          if (shift) {
            event.preventDefault();
            // From where the corner is now: keys pressed faster than the corners are drawn
            // again each move it on from the last one's place, not from this marker's.
            const [nowLat, nowLng] = draftRef.current?.points[index] ?? [lat, lng];
            const at = map.project([nowLng, nowLat]);
            const to = map.unproject([at.x + shift[0]!, at.y + shift[1]!]);
            move(vertexOf(to.lat, to.lng));
          } else if (event.key === 'Delete' || event.key === 'Backspace') {
            event.preventDefault();
            const current = draftRef.current;
            if (!current) return;
            const points = current.points.filter((_, i) => i !== index);
            change({ ...current, points, focus: points.length > 0 ? Math.max(0, index - 1) : null });
            setAnnouncement(text('map.draw.point_removed', { n: index + 1 }));
          }
        });
        // A click on a corner is not a new corner.
        element.addEventListener('click', (event) => event.stopPropagation());
        const marker = new maplibre.Marker({ element, draggable: true }).setLngLat([lng, lat]).addTo(map);
        marker.on('dragend', () => {
          const to = marker.getLngLat();
          move(vertexOf(to.lat, to.lng));
        });
        vertexMarkers.current.push(marker);
        if (draft.focus === index) element.focus();
      });
    })();
    return () => {
      cancelled = true;
    };
  }, [map, draft, text, change]);

  useEffect(
    () => () => {
      for (const marker of vertexMarkers.current) marker.remove();
      vertexMarkers.current = [];
    },
    [],
  );

  const start = (shape: Draft['shape'], from?: { area: DrawnArea; index: number }) => {
    setError(null);
    const area = from?.area;
    setDraft({
      shape,
      exclude: area ? area.exclude : exclude,
      points: area ? (area.shape === 'circle' ? [[area.lat, area.lng]] : [...area.points]) : [],
      radiusKm: area?.shape === 'circle' ? area.radius_m / 1000 : DEFAULT_RADIUS_KM,
      editing: from ? from.index : null,
      focus: null,
    });
    setAnnouncement(text(shape === 'circle' ? 'map.draw.help_circle' : 'map.draw.help_polygon'));
  };

  const finish = () => {
    if (!draft) return;
    const area = draftArea(draft);
    if (!area) {
      setError(texts['validation.invalid_areas']);
      return;
    }
    const next = [...areas];
    if (draft.editing === null) next.push(area);
    else next.splice(draft.editing, 1, area);
    const [issue] = areaIssues(next);
    if (issue) {
      setError(
        isValidationMessageKey(issue.message) ? texts[issue.message] : texts['validation.invalid_areas'],
      );
      return;
    }
    setDraft(null);
    onApply(next);
  };

  const cancel = () => {
    setDraft(null);
    setError(null);
    setAnnouncement('');
  };

  return (
    <div className="map-draw" data-testid="map-draw">
      <div className="map-draw__crosshair" aria-hidden="true" hidden={!drawing} />
      <p className="visually-hidden" aria-live="polite" data-testid="map-draw-announcement">
        {announcement}
      </p>
      <div className="map-draw__panel">
        {draft === null ? (
          <fieldset className="map-draw__row">
            <legend className="visually-hidden">{texts['map.draw.heading']}</legend>
            <button
              type="button"
              className="button"
              onClick={() => start('polygon')}
              data-testid="draw-polygon"
            >
              {texts['map.draw.polygon']}
            </button>
            <button
              type="button"
              className="button"
              onClick={() => start('circle')}
              data-testid="draw-circle"
            >
              {texts['map.draw.circle']}
            </button>
            <label className="map-draw__check">
              <input
                type="checkbox"
                checked={exclude}
                onChange={(event) => setExclude(event.currentTarget.checked)}
                data-testid="draw-exclude"
              />
              {texts['map.draw.exclude']}
            </label>
          </fieldset>
        ) : (
          <fieldset className="map-draw__row">
            <legend className="visually-hidden">{texts['map.draw.heading']}</legend>
            <p className="map-draw__help" id="map-draw-help">
              {texts[draft.shape === 'circle' ? 'map.draw.help_circle' : 'map.draw.help_polygon']}
            </p>
            <button
              type="button"
              className="button"
              onClick={addAtCentre}
              aria-describedby="map-draw-help"
              data-testid="draw-add-point"
            >
              {texts[draft.shape === 'circle' ? 'map.draw.set_centre' : 'map.draw.add_point']}
            </button>
            {draft.shape === 'circle' ? (
              <label className="map-draw__radius">
                {texts['map.draw.radius']}
                <input
                  type="number"
                  min={AREA_LIMITS.minRadiusM / 1000}
                  max={AREA_LIMITS.maxRadiusM / 1000}
                  step="0.1"
                  value={draft.radiusKm}
                  onChange={(event) => {
                    const value = Number(event.currentTarget.value);
                    if (Number.isFinite(value)) setDraft({ ...draft, radiusKm: value });
                  }}
                  data-testid="draw-radius"
                />
              </label>
            ) : (
              <button
                type="button"
                className="button"
                disabled={draft.points.length === 0}
                onClick={() => {
                  setDraft({ ...draft, points: draft.points.slice(0, -1), focus: null });
                  setAnnouncement(text('map.draw.point_removed', { n: draft.points.length }));
                }}
                data-testid="draw-undo"
              >
                {texts['map.draw.undo']}
              </button>
            )}
            <label className="map-draw__check">
              <input
                type="checkbox"
                checked={draft.exclude}
                onChange={(event) => setDraft({ ...draft, exclude: event.currentTarget.checked })}
                data-testid="draw-draft-exclude"
              />
              {texts['map.draw.exclude']}
            </label>
            <button
              type="button"
              className="button button--primary"
              onClick={finish}
              data-testid="draw-finish"
            >
              {texts['map.draw.finish']}
            </button>
            <button type="button" className="button" onClick={cancel} data-testid="draw-cancel">
              {texts['map.draw.cancel']}
            </button>
          </fieldset>
        )}
        {error && (
          <p className="map-draw__error" role="alert" data-testid="draw-error">
            {error}
          </p>
        )}
        {areas.length > 0 && draft === null && (
          <ul className="map-draw__areas" aria-label={texts['map.draw.areas']} data-testid="drawn-areas">
            {areas.map((area, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: areas have no identity but their place in the list
              <li key={index} data-testid="drawn-area" data-exclude={area.exclude}>
                <span>{text(area.exclude ? 'map.draw.area_out' : 'map.draw.area_in', { n: index + 1 })}</span>
                <button
                  type="button"
                  className="button button--small"
                  onClick={() => start(area.shape, { area, index })}
                  aria-label={`${texts['map.draw.edit']}: ${text(area.exclude ? 'map.draw.area_out' : 'map.draw.area_in', { n: index + 1 })}`}
                  data-testid="drawn-area-edit"
                >
                  {texts['map.draw.edit']}
                </button>
                <button
                  type="button"
                  className="button button--small"
                  onClick={() => onApply(areas.filter((_, i) => i !== index))}
                  aria-label={`${texts['map.draw.remove']}: ${text(area.exclude ? 'map.draw.area_out' : 'map.draw.area_in', { n: index + 1 })}`}
                  data-testid="drawn-area-remove"
                >
                  {texts['map.draw.remove']}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
