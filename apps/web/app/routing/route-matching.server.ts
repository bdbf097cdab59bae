import type { ServerBuild } from 'react-router';

// Route matching of the web server (docs/decisions/027-server-route-matching.md).
//
// The route table has 1,178 routes (every screen once per locale, decision 002). React Router's
// default matcher tries them one by one, ranked, and each try of a route under the root layout
// costs a regular expression, objects and path joins: about 2.8 ms per match on the bench
// machine. A document request matches 5-7 times (the request, the loaders' query, and the
// lazy-route-discovery manifest of the page, which matches every ancestor of the path), so on the
// results page matching took a quarter of the CPU. The route-pattern matcher React Router ships
// (`future.unstable_routePatternMatching`, a trie over the path's segments) answers the same in
// about 70 µs. The server uses it; the browser keeps the default one (it matches once per
// navigation, over the routes it has discovered) and never sees the flag.

/** The future flag that selects the route-pattern matcher in React Router's static handler. */
const ROUTE_PATTERN_FLAG = 'unstable_routePatternMatching';

/**
 * The same server build, matched by the route-pattern matcher on this server. The flag reaches
 * React Router's static handler; the copy of `future` serialised into the page for the browser
 * (`window.__reactRouterContext`) is the build's own, without it, so the browser's router
 * (which has not loaded that matcher) starts as it always did.
 */
export async function withRoutePatternMatching(build: ServerBuild): Promise<ServerBuild> {
  const { unstable_preloadRoutePattern } = await import('react-router/route-pattern');
  unstable_preloadRoutePattern();
  const browserFuture = build.future;
  const future = {
    ...browserFuture,
    [ROUTE_PATTERN_FLAG]: true,
    toJSON: () => browserFuture,
  } as unknown as ServerBuild['future'];
  return { ...build, future };
}

/**
 * Paths the two matchers read differently, which stay with the default matcher: an empty segment
 * (`/en//`, `//`: the default matcher ignores repeated slashes, the route-pattern matcher does
 * not; a backslash, which the URL parser turns into a slash) and a percent-encoding that does not decode (`/en/property/%E0%A4%A`: the default matcher
 * still matches the raw segment, the other matches nothing). Every other path gets the same
 * route, parameters and pathnames from both (route-matching.test.ts compares them over the whole
 * route table).
 */
export function needsDefaultMatcher(pathname: string): boolean {
  if (pathname.includes('//') || pathname.includes('\\')) return true;
  if (!pathname.includes('%')) return false;
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}
