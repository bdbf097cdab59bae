import type { Map as MapLibreMap } from 'maplibre-gl';
import { loadMaplibre } from '../../ui/map/basemap-protocol.ts';
import type { StreetMapView } from './offer-street-map.tsx';
import type { MarkerStyle } from './static-map.ts';
import './offer-street-map.css';

// The detail page's street map itself, loaded when the static map image comes into view
// (offer-street-map.tsx): MapLibre over the site's street basemap with the offer's pin and the
// nearby places as HTML markers in the shapes and colours of the image's legend. Wheel zoom is
// off so the page scrolls past it; the + and − buttons, double click, drag and the keyboard
// (the map takes focus) move it.

const SVG = 'http://www.w3.org/2000/svg';
const OFFER_STYLE: MarkerStyle = { color: '#0a5bb5', shape: 'circle' };
/** The nearest the map opens to, and the least it shows around a lone offer. */
const MAX_ZOOM = 16;
/** Room around the offer and its places: more at the bottom (attribution) and on the controls' side. */
const PADDING_PX = { top: 32, bottom: 44, left: 32, right: 56 };

function hasWebGL2(): boolean {
  try {
    const context = document.createElement('canvas').getContext('webgl2');
    context?.getExtension('WEBGL_lose_context')?.loseContext();
    return context !== null;
  } catch {
    return false;
  }
}

/** The legend's swatch as a marker (static-map.tsx draws the same shapes). */
function swatch(style: MarkerStyle, className: string): HTMLElement {
  const element = document.createElement('span');
  element.className = className;
  element.setAttribute('aria-hidden', 'true');
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 18 18');
  svg.setAttribute('width', '100%');
  svg.setAttribute('height', '100%');
  const shapes: Record<MarkerStyle['shape'], [string, Record<string, string>]> = {
    square: ['rect', { x: '3', y: '3', width: '12', height: '12', rx: '2' }],
    diamond: ['path', { d: 'M9 1L17 9L9 17L1 9Z' }],
    triangle: ['path', { d: 'M9 1L16 15H2Z' }],
    circle: ['circle', { cx: '9', cy: '9', r: '6.5' }],
  };
  const [tag, attributes] = shapes[style.shape];
  const shape = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries({
    ...attributes,
    fill: style.color,
    stroke: '#ffffff',
    'stroke-width': '1.5',
  }))
    shape.setAttribute(name, value);
  svg.append(shape);
  element.append(svg);
  return element;
}

/**
 * Draws the map in `container`; resolves to a function that removes it, or to null when this
 * browser has no WebGL 2 (the image stays).
 */
export async function showStreetMap(
  container: HTMLElement,
  view: StreetMapView,
  styleUrl: string,
  pmtiles: boolean,
): Promise<(() => void) | null> {
  if (!hasWebGL2()) return null;
  const { maplibre } = await loadMaplibre(pmtiles);
  container.classList.add('offer-street-map--live');
  const bounds = new maplibre.LngLatBounds([view.longitude, view.latitude], [view.longitude, view.latitude]);
  for (const place of view.places) bounds.extend([place.longitude, place.latitude]);
  const map: MapLibreMap = new maplibre.Map({
    container,
    style: new URL(styleUrl, window.location.href).href,
    bounds,
    fitBoundsOptions: { padding: PADDING_PX, maxZoom: MAX_ZOOM },
    maxZoom: 19,
    attributionControl: { compact: true },
    scrollZoom: false,
    dragRotate: false,
    pitchWithRotate: false,
    touchPitch: false,
    maxPitch: 0,
    locale: {
      'Map.Title': view.texts.title,
      'NavigationControl.ZoomIn': view.texts.zoomIn,
      'NavigationControl.ZoomOut': view.texts.zoomOut,
      'AttributionControl.ToggleAttribution': view.texts.attribution,
    },
  });
  map.touchZoomRotate.disableRotation();
  // Reachable from the container, as the results map's is (its browser tests read the map).
  (container as HTMLElement & { maplibreMap?: MapLibreMap }).maplibreMap = map;
  map.addControl(new maplibre.NavigationControl({ showCompass: false }), 'top-right');
  for (const place of view.places)
    new maplibre.Marker({ element: swatch(place, 'offer-street-map__place') })
      .setLngLat([place.longitude, place.latitude])
      .addTo(map);
  // The offer's pin last, so it is drawn over the places.
  new maplibre.Marker({ element: swatch(OFFER_STYLE, 'offer-street-map__pin') })
    .setLngLat([view.longitude, view.latitude])
    .addTo(map);
  return () => {
    map.remove();
    container.classList.remove('offer-street-map--live');
  };
}
