import type { EntryContext, ServerBuild } from 'react-router';

// React Router's route modules without a copy of the route table per page (decision 034).
//
// Before it calls the document handler, React Router copies the module of every route of the
// build into a new object (`routeModules` of the entry context): 1,178 routes here, one per
// screen and locale (decision 002), on every page, about 3 % of a results page's CPU. Rendering
// only ever looks modules up by route id, for the few routes of the page (routing/
// page-manifest.server.ts). Here the build's route table lists its routes once, for the request
// handler to build its tables from, and lists none afterwards, so the copy is empty; the
// document handler is then given a lookup of the modules by id in its place.

type EntryModule = ServerBuild['entry']['module'];
type DocumentHandler = EntryModule['default'];

/** The route of this id (only the table's own entries: `toString` is no route). */
function routeOf(routes: ServerBuild['routes'], id: string | symbol) {
  return typeof id === 'string' && Object.hasOwn(routes, id) ? routes[id] : undefined;
}

/** The modules of the build's routes, looked up by route id when asked, never copied. */
function moduleLookup(routes: ServerBuild['routes']): EntryContext['routeModules'] {
  return new Proxy(Object.create(null) as EntryContext['routeModules'], {
    get: (_target, id) => routeOf(routes, id)?.module,
    has: (_target, id) => routeOf(routes, id) !== undefined,
  });
}

/**
 * The build for one request handler (`createRequestHandler`, `createRequestListener`): its route
 * table is listed in full the first time it is listed, which is when the handler builds its
 * route tables on its first request, and as empty after that, while each route is still read by
 * its id; its document handler gets the route modules as a lookup. Each request handler needs a
 * build of its own from this function.
 */
export function withRouteModuleLookup(build: ServerBuild): ServerBuild {
  const routes = build.routes;
  let listed = false;
  // The proxy's own target stays empty: V8 checks the keys an `ownKeys` trap answers against
  // every key of the target (none may be left out that cannot be deleted), so a target holding
  // the routes would cost the walk over all of them that this avoids.
  const listedOnce = new Proxy(Object.create(null) as ServerBuild['routes'], {
    ownKeys: () => {
      if (listed) return [];
      listed = true;
      return Reflect.ownKeys(routes);
    },
    getOwnPropertyDescriptor: (_target, id) => {
      const route = routeOf(routes, id);
      return route === undefined
        ? undefined
        : { value: route, writable: false, enumerable: true, configurable: true };
    },
    get: (_target, id) => routeOf(routes, id),
    has: (_target, id) => routeOf(routes, id) !== undefined,
  });
  const modules = moduleLookup(routes);
  const entry = build.entry.module;
  const handleDocument: DocumentHandler = (request, status, headers, context, loadContext) => {
    context.routeModules = modules;
    return entry.default(request, status, headers, context, loadContext);
  };
  return {
    ...build,
    routes: listedOnce,
    entry: { ...build.entry, module: { ...entry, default: handleDocument } },
  };
}
