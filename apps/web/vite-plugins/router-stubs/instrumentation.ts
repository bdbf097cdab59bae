// Stands in for React Router's lib/router/instrumentation.js in the browser build
// (vite-plugins/router-stubs.ts). Instrumentations are the optional `unstable_instrumentations`
// of <HydratedRouter>; this app's client entry (React Router's default) passes none, so the
// router only ever asks for a result receiver, and there is none.

// Short: the message is part of every page's first load.
const NOT_BUILT = 'router-stubs: no instrumentations';

export const instrumentationResultMetaContext = undefined;

export function consumeInstrumentationClientResultMetaReceiver(_router: unknown): undefined {
  return undefined;
}

export function getRouteInstrumentationUpdates(_fns: unknown, _route: unknown): never {
  throw new Error(NOT_BUILT);
}

export function instrumentClientSideRouter(_router: unknown, _fns: unknown): never {
  throw new Error(NOT_BUILT);
}

export function instrumentHandler(_handler: unknown, _fns: unknown): never {
  throw new Error(NOT_BUILT);
}
