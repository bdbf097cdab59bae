// Map mode in the URL: `map=1` after the canonical filters, so a shared URL opens the map. The
// domain's query-string codec ignores keys that are not filters, so the API and the filter
// model never see it; the results loader keeps it when it redirects to the canonical URL.
// Only what the map toggle, the filter panel's search and the location box need is here, all of
// them fetched on use; the viewport arithmetic the open map uses (the `bbox` of a view) is in
// map-geometry.ts, which comes with the map.

import { hasQueryFlag, withQueryFlag } from '../../../routing/query-flag.ts';

export const MAP_PARAM = 'map';

/** Whether a URL's query asks for the map. */
export function isMapOpen(search: string | URLSearchParams): boolean {
  return hasQueryFlag(search, MAP_PARAM);
}

/** `href` (a path with an optional query) with map mode on or off; other parameters keep their order. */
export function withMapMode(href: string, on: boolean): string {
  return withQueryFlag(href, MAP_PARAM, on);
}

/** A search URL made by the filter panel or the location box, keeping the map open when it is. */
export function keepMapMode(target: string, currentSearch: string): string {
  return withMapMode(target, isMapOpen(currentSearch));
}
