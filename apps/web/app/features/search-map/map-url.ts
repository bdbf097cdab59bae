// Map mode in the URL: `map=1` after the canonical filters, so a shared URL opens the map. The
// domain's query-string codec ignores keys that are not filters, so the API and the filter
// model never see it; the results loader keeps it when it redirects to the canonical URL.
// Only what the results page's first load needs is here; the viewport arithmetic the open map
// uses (the `bbox` of a view) is in map-geometry.ts, which comes with the map.

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
