import {
  type BoundingBox,
  DEFAULT_RADIUS_KM,
  type OfferMapResponse,
  type SearchFilters,
} from '@estately/domain';

// Pure viewport arithmetic shared by the MapLibre map and its fallback list.

/** Web Mercator y of a latitude, in 0..1 from the north edge of the world. */
function mercatorY(lat: number): number {
  const clamped = Math.max(-85.05113, Math.min(85.05113, lat));
  const sin = Math.sin((clamped * Math.PI) / 180);
  return 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI);
}

/**
 * The whole-number zoom at which `box` fits a `width` x `height` pixel view (256 px tiles),
 * 0..22. The fallback list asks the API at this zoom; MapLibre knows its own.
 */
export function zoomForBox(box: BoundingBox, width: number, height: number): number {
  const lngSpan = box.west <= box.east ? box.east - box.west : box.east + 360 - box.west;
  const ySpan = Math.abs(mercatorY(box.south) - mercatorY(box.north));
  const byWidth = lngSpan > 0 ? Math.log2((width * 360) / (256 * lngSpan)) : 22;
  const byHeight = ySpan > 0 ? Math.log2(height / (256 * ySpan)) : 22;
  const zoom = Math.floor(Math.min(byWidth, byHeight));
  return Math.max(0, Math.min(22, zoom));
}

/**
 * The box around the searched place (a point with its radius, `lat`/`lng`/`radius_km`), or null
 * when the search names none. The map opens on it when the place has no results to fit.
 */
export function placeBox(filters: Pick<SearchFilters, 'lat' | 'lng' | 'radius_km'>): BoundingBox | null {
  const { lat, lng } = filters;
  if (lat === undefined || lng === undefined) return null;
  const radius = filters.radius_km ?? DEFAULT_RADIUS_KM;
  const latSpan = radius / 111.32;
  const lngSpan = Math.min(180, latSpan / Math.max(0.01, Math.cos((lat * Math.PI) / 180)));
  return {
    south: Math.max(-85, lat - latSpan),
    west: Math.max(-180, lng - lngSpan),
    north: Math.min(85, lat + latSpan),
    east: Math.min(180, lng + lngSpan),
  };
}

/** The whole world, as the map asks for it before it knows where the results are. */
export const WORLD_BOX: BoundingBox = { south: -85, west: -180, north: 85, east: 180 };

/**
 * The box around every cluster and point of a map answer (where the results are), or null
 * when it holds none. Used to open the map on the results when the URL names no area.
 */
export function extentOf(answer: Pick<OfferMapResponse, 'clusters' | 'points'>): BoundingBox | null {
  let box: BoundingBox | null = null;
  const add = (south: number, west: number, north: number, east: number) => {
    box = box
      ? {
          south: Math.min(box.south, south),
          west: Math.min(box.west, west),
          north: Math.max(box.north, north),
          east: Math.max(box.east, east),
        }
      : { south, west, north, east };
  };
  for (const cluster of answer.clusters) {
    add(cluster.bounds.south, cluster.bounds.west, cluster.bounds.north, cluster.bounds.east);
  }
  for (const point of answer.points) add(point.lat, point.lng, point.lat, point.lng);
  return box;
}

/**
 * A box never smaller than `minSpan` degrees each way around its centre: a cluster of offers in
 * one building has no extent, and zooming "to" it must still land on a sensible zoom.
 */
export function atLeast(box: BoundingBox, minSpan = 0.002): BoundingBox {
  const grow = (low: number, high: number): [number, number] => {
    if (high - low >= minSpan) return [low, high];
    const middle = (low + high) / 2;
    return [middle - minSpan / 2, middle + minSpan / 2];
  };
  const [south, north] = grow(box.south, box.north);
  const [west, east] = box.west <= box.east ? grow(box.west, box.east) : [box.west, box.east];
  return { south: Math.max(-90, south), west, north: Math.min(90, north), east };
}

/** Decimals kept in a bounding box: 5 places are about a metre, plenty for a viewport. */
const BOX_SCALE = 1e5;
// Rounded outwards, so an offer on the edge of a cluster's bounds stays inside the area.
const down = (value: number) => Math.floor(value * BOX_SCALE + 1e-6) / BOX_SCALE;
const up = (value: number) => Math.ceil(value * BOX_SCALE - 1e-6) / BOX_SCALE;
const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

/** Longitude into -180..180 (a map panned round the world reports -200 or 540). */
export function wrapLongitude(lng: number): number {
  const wrapped = ((((lng + 180) % 360) + 360) % 360) - 180;
  // Keep 180 itself as the east edge rather than turning it into -180.
  return wrapped === -180 && lng > 0 ? 180 : wrapped;
}

/**
 * A map viewport as the search's `bbox` filter: latitudes within -90..90, longitudes wrapped
 * into -180..180 (west > east then means the box crosses the antimeridian, as the filter
 * allows), the whole world when the view is 360 degrees wide or more, rounded outwards to 5
 * decimals.
 */
export function viewportToBox(view: BoundingBox): BoundingBox {
  const south = down(clamp(Math.min(view.south, view.north), -90, 90));
  const north = up(clamp(Math.max(view.south, view.north), -90, 90));
  if (view.east - view.west >= 360) return { south, west: -180, north, east: 180 };
  let west = Math.max(-180, down(wrapLongitude(view.west)));
  let east = Math.min(180, up(wrapLongitude(view.east)));
  if (west === east && view.east > view.west) {
    west = -180;
    east = 180;
  }
  return { south, west, north, east };
}

/** The filters the map asks the API for: the search's, less paging, sort and its own viewport. */
export function mapQueryOf(
  filters: SearchFilters,
): Omit<SearchFilters, 'bbox' | 'sort' | 'page' | 'per_page'> {
  const { bbox: _bbox, sort: _sort, page: _page, per_page: _perPage, ...rest } = filters;
  return rest;
}
