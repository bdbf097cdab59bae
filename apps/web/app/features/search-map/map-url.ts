import type { BoundingBox, SearchFilters } from '@estately/domain';

// Map mode in the URL: `map=1` after the canonical filters, so a shared URL opens the map. The
// domain's query-string codec ignores keys that are not filters, so the API and the filter
// model never see it; the results loader keeps it when it redirects to the canonical URL.

export const MAP_PARAM = 'map';

/** Whether a URL's query asks for the map. */
export function isMapOpen(search: string | URLSearchParams): boolean {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return params.get(MAP_PARAM) === '1';
}

/** `href` (a path with an optional query) with map mode on or off; other parameters keep their order. */
export function withMapMode(href: string, on: boolean): string {
  const hashAt = href.indexOf('#');
  const hash = hashAt >= 0 ? href.slice(hashAt) : '';
  const rest = hashAt >= 0 ? href.slice(0, hashAt) : href;
  const queryAt = rest.indexOf('?');
  const path = queryAt >= 0 ? rest.slice(0, queryAt) : rest;
  const query = queryAt >= 0 ? rest.slice(queryAt + 1) : '';
  // Split by hand rather than through URLSearchParams, which would re-encode the canonical
  // query (its list commas would become %2C).
  const parts = query.split('&').filter((part) => part !== '' && part.split('=')[0] !== MAP_PARAM);
  if (on) parts.push(`${MAP_PARAM}=1`);
  return `${path}${parts.length > 0 ? `?${parts.join('&')}` : ''}${hash}`;
}

/** A search URL made by the filter panel or the location box, keeping the map open when it is. */
export function keepMapMode(target: string, currentSearch: string): string {
  return withMapMode(target, isMapOpen(currentSearch));
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
