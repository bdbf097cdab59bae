/**
 * The URL of the page a request renders. Client-side navigations fetch a page's loader data as
 * `/path.data` (`/_root.data` for `/`, with `_routes` naming the loaders to run); screens,
 * locales, guards and redirects are always decided on the page's own path.
 */
export function pageUrl(request: Request | string): URL {
  const url = new URL(typeof request === 'string' ? request : request.url);
  if (url.pathname === '/_root.data') url.pathname = '/';
  else if (url.pathname.endsWith('.data')) url.pathname = url.pathname.slice(0, -'.data'.length);
  url.searchParams.delete('_routes');
  return url;
}

/**
 * The list page a URL asks for with `?page=`: 1 without it, null for anything but a whole number
 * from 1 to 999,999 (the caller answers 404).
 */
export function listPageOf(url: URL): number | null {
  const asked = url.searchParams.get('page');
  if (asked === null) return 1;
  return /^[1-9]\d{0,5}$/.test(asked) ? Number(asked) : null;
}
