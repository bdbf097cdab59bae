// Flags of a page's state that are part of its address but no filter (`map=1`, `more=1`): kept
// after the canonical query, so the domain's query-string codec, which ignores keys that are
// not filters, never sees them.

/** Whether a URL's query has `name=1`. */
export function hasQueryFlag(search: string | URLSearchParams, name: string): boolean {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return params.get(name) === '1';
}

/** `href` (a path with an optional query) with `name=1` last, or without it; other parameters keep their order. */
export function withQueryFlag(href: string, name: string, on: boolean): string {
  const hashAt = href.indexOf('#');
  const hash = hashAt >= 0 ? href.slice(hashAt) : '';
  const rest = hashAt >= 0 ? href.slice(0, hashAt) : href;
  const queryAt = rest.indexOf('?');
  const path = queryAt >= 0 ? rest.slice(0, queryAt) : rest;
  const query = queryAt >= 0 ? rest.slice(queryAt + 1) : '';
  // Split by hand rather than through URLSearchParams, which would re-encode the canonical
  // query (its list commas would become %2C).
  const parts = query.split('&').filter((part) => part !== '' && part.split('=')[0] !== name);
  if (on) parts.push(`${name}=1`);
  return `${path}${parts.length > 0 ? `?${parts.join('&')}` : ''}${hash}`;
}
