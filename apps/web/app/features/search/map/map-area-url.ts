import type { BoundingBox, DrawnArea, Locale, SearchFilters } from '@estately/domain';
import { canonicalSearchUrl } from '../shared/search-url.ts';
import { viewportToBox } from './map-geometry.ts';
import { withMapMode } from './map-url.ts';

// Apart from map-url.ts: composing a search URL takes the domain's slug tables of every locale,
// which the map toggle (map-toggle-url.ts) asks for only when closing the map needs them; the
// map, a dynamic import, brings them.

/**
 * The search URL of "this map area": the same filters with the viewport as `bbox`, back on the
 * first page, with the map open. The place filters (locality, location id, point and radius)
 * give way to the area the visitor moved to; offer type, property type, country and the other
 * filters stay, as the list's own filters do.
 */
export function areaSearchUrl(locale: Locale, filters: SearchFilters, view: BoundingBox): string {
  const {
    locality: _locality,
    location_id: _id,
    lat: _lat,
    lng: _lng,
    radius_km: _radius,
    ...rest
  } = filters;
  return withMapMode(canonicalSearchUrl(locale, { ...rest, bbox: viewportToBox(view), page: 1 }), true);
}

/**
 * The search URL of drawn areas (issue 44 point 1, decision 069): the same filters with `areas`
 * (none: without), back on the first page, with the map open. The areas are the place now, so
 * the viewport and the other place filters give way to them, as they give way to a map area.
 */
export function drawnAreasUrl(locale: Locale, filters: SearchFilters, areas: readonly DrawnArea[]): string {
  const {
    locality: _locality,
    location_id: _id,
    lat: _lat,
    lng: _lng,
    radius_km: _radius,
    bbox: _bbox,
    areas: _areas,
    ...rest
  } = filters;
  return withMapMode(
    canonicalSearchUrl(locale, { ...rest, ...(areas.length > 0 ? { areas: [...areas] } : {}), page: 1 }),
    true,
  );
}
