import { join } from 'node:path';
import type { Plugin } from 'vite';

// React Router features this app never uses in the browser, left out of the browser build (issue
// 9: every page's first load carries React Router). Each entry names a module of React Router's
// production build, the module that imports it and the stand-in (router-stubs/) that takes its
// place there: same exports, and an error, not silence, should the feature ever be reached.
// router-stubs.test.ts checks against the installed React Router that each import is still there
// and that each stand-in has every export of the module it replaces, so an upgrade that moves
// things fails the test instead of the build or, worse, the browser.
export const ROUTER_STUBS = [
  {
    // `unstable_instrumentations` of <HydratedRouter> (the default client entry passes none):
    // about 1 KB brotli.
    importer: 'lib/router/router.js',
    source: './instrumentation.js',
    stub: join(import.meta.dirname, 'router-stubs', 'instrumentation.ts'),
  },
] as const;

const ROUTER_DIST = /[\\/]react-router[\\/]dist[\\/]production[\\/]/;

export function routerStubs(): Plugin {
  return {
    name: 'estately:router-stubs',
    // Before Vite's resolver, which would otherwise resolve the relative import itself.
    enforce: 'pre',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId(source, importer) {
      if (!importer || !ROUTER_DIST.test(importer)) return null;
      const path = importer.replaceAll('\\', '/');
      const entry = ROUTER_STUBS.find((stub) => stub.source === source && path.endsWith(`/${stub.importer}`));
      return entry ? entry.stub : null;
    },
  };
}
