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
