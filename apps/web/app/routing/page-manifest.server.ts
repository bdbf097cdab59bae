import { createStaticHandler, type EntryContext, type RouteObject, type StaticHandler } from 'react-router';
import { unstable_preloadRoutePattern } from 'react-router/route-pattern';
import { needsDefaultMatcher } from './route-matching.server.ts';

// The routes a rendered page needs from the route manifest (docs/decisions/027-server-route-matching.md).
//
// React Router's <ServerRouter> turns the whole manifest (1,178 routes, one per screen and
// locale) into route objects and data routes on every render, but the document only ever uses
// the routes of its own matches and, for lazy route discovery, those its `<Scripts>` names in
// `window.__reactRouterManifest`: the matches of the path's ancestors (React Router's
// getPartialManifest). Rendering with the manifest cut to those routes gives the same HTML for a
// fraction of the work.

type ManifestRoutes = EntryContext['manifest']['routes'];

/** Route ids each path matches, remembered: the table does not change while the server runs. */
interface PathMatcher {
  routeIds(path: string): readonly string[];
}

// Paths whose matches are remembered per build: the ancestors of the pages asked for (`/`, the
// locale prefixes, screen prefixes, search paths); beyond it the oldest is forgotten first.
const REMEMBERED_PATHS = 2_000;

/** `map`'s value for `path`, computed once; past REMEMBERED_PATHS the oldest path is forgotten. */
function remember<T>(map: Map<string, T>, path: string, compute: () => T): T {
  if (map.has(path)) return map.get(path) as T;
  const value = compute();
  if (map.size >= REMEMBERED_PATHS) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
  map.set(path, value);
  return value;
}

const matchers = new WeakMap<ManifestRoutes, PathMatcher>();

/** A route-pattern matcher over the manifest's routes, made once per build. */
function matcherOf(manifestRoutes: ManifestRoutes): PathMatcher {
  let matcher = matchers.get(manifestRoutes);
  if (!matcher) {
    unstable_preloadRoutePattern();
    const children = new Map<string, RouteObject[]>();
    for (const route of Object.values(manifestRoutes)) {
      if (!route) continue;
      const siblings = children.get(route.parentId ?? '') ?? [];
      siblings.push({
        id: route.id,
        ...(route.path !== undefined ? { path: route.path } : {}),
        ...(route.caseSensitive !== undefined ? { caseSensitive: route.caseSensitive } : {}),
        ...(route.index ? { index: true } : {}),
      } as RouteObject);
      children.set(route.parentId ?? '', siblings);
    }
    const tree = (parentId: string): RouteObject[] =>
      (children.get(parentId) ?? []).map((route) => {
        const nested = route.id ? tree(route.id) : [];
        return nested.length > 0 ? ({ ...route, children: nested } as RouteObject) : route;
      });
    const handler: StaticHandler = createStaticHandler(tree(''), {
      future: { unstable_routePatternMatching: true },
    });
    const remembered = new Map<string, readonly string[]>();
    matcher = {
      routeIds: (path) =>
        remember(remembered, path, () => (handler.match(path) ?? []).map((match) => match.route.id)),
    };
    matchers.set(manifestRoutes, matcher);
  }
  return matcher;
}

/** The request handler's route matcher as the static handler's context carries it (`_match`). */
type MatchFunction = NonNullable<EntryContext['staticHandlerContext']['_match']>;

const rememberingMatchers = new WeakMap<MatchFunction, MatchFunction>();

/**
 * The request handler's matcher, remembering its answers per path: <Scripts> matches `/` and
 * every ancestor of the page's path on every render (React Router's getPartialManifest, through
 * the static router's `match`), about 70 us each over the whole route table. The answers are
 * only read (the static router copies each match), and the table does not change.
 */
export function rememberingMatch(match: MatchFunction): MatchFunction {
  let remembering = rememberingMatchers.get(match);
  if (!remembering) {
    const answers = new Map<string, ReturnType<MatchFunction>>();
    remembering = (location) => {
      if (typeof location !== 'string') return match(location);
      return remember(answers, location, () => match(location));
    };
    rememberingMatchers.set(match, remembering);
  }
  return remembering;
}

/** `/`, then each ancestor of the path, longest first: the paths getPartialManifest matches. */
export function ancestorPaths(pathname: string): string[] {
  const segments = pathname.split('/').filter(Boolean);
  const paths = ['/'];
  segments.pop();
  while (segments.length > 0) {
    paths.push(`/${segments.join('/')}`);
    segments.pop();
  }
  return paths;
}

/**
 * The render's context with the manifest cut to the routes the page names. Paths the
 * route-pattern matcher reads otherwise (route-matching.server.ts) keep the whole manifest.
 */
export function pageRouterContext(context: EntryContext): EntryContext {
  const { pathname } = context.staticHandlerContext.location;
  if (needsDefaultMatcher(pathname)) return context;
  const ids = new Set(context.staticHandlerContext.matches.map((match) => match.route.id));
  const matcher = matcherOf(context.manifest.routes);
  for (const path of ancestorPaths(pathname)) {
    for (const id of matcher.routeIds(path)) ids.add(id);
  }
  const routes: ManifestRoutes = {};
  for (const id of ids) {
    const route = context.manifest.routes[id];
    if (route) routes[id] = route;
  }
  const handlerContext = context.staticHandlerContext;
  return {
    ...context,
    manifest: { ...context.manifest, routes },
    staticHandlerContext: handlerContext._match
      ? { ...handlerContext, _match: rememberingMatch(handlerContext._match) }
      : handlerContext,
  };
}
