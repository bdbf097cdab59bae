import type { RouteConfigEntry } from '@react-router/dev/routes';
import type { EntryContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import routeConfig from '../routes.ts';
import { ancestorPaths, pageRouterContext, rememberingMatch } from './page-manifest.server.ts';

// The render's manifest cut to the routes a page names (decision 027): its own matches and those
// of its ancestors, which React Router's <Scripts> lists for lazy route discovery.

type ManifestRoutes = EntryContext['manifest']['routes'];

function manifestRoutes(): ManifestRoutes {
  const routes: ManifestRoutes = {
    root: { id: 'root', path: '', module: '/root.js', hasAction: false, hasLoader: true } as never,
  };
  const visit = (entries: readonly RouteConfigEntry[], parentId: string) => {
    for (const entry of entries) {
      const id = entry.id ?? entry.file;
      routes[id] = { id, parentId, path: entry.path, module: `/${id}.js` } as never;
      visit(entry.children ?? [], id);
    }
  };
  visit(routeConfig, 'root');
  return routes;
}

function contextFor(pathname: string, matchedIds: string[]): EntryContext {
  return {
    manifest: { routes: manifestRoutes(), entry: { module: '/entry.js', imports: [] }, url: '/m.js' },
    staticHandlerContext: {
      location: { pathname, search: '', hash: '', state: null, key: 'default' },
      matches: matchedIds.map((id) => ({ route: { id } })),
    },
  } as unknown as EntryContext;
}

describe('ancestorPaths', () => {
  it('lists / and every ancestor, longest first, as lazy route discovery does', () => {
    expect(ancestorPaths('/en/search/sale/apartments')).toEqual([
      '/',
      '/en/search/sale',
      '/en/search',
      '/en',
    ]);
    expect(ancestorPaths('/')).toEqual(['/']);
    expect(ancestorPaths('/en')).toEqual(['/']);
  });
});

describe('pageRouterContext', () => {
  it('keeps the routes of the page and of its ancestors only', () => {
    const context = contextFor('/en/search/sale/apartments', ['root', 'en.search']);
    expect(Object.keys(context.manifest.routes).length).toBeGreaterThan(1_000);
    const page = pageRouterContext(context);
    // `/` is the unprefixed home, `/en` the English one; `/en/search` and `/en/search/sale` are
    // the search route itself (its `*` takes no segment or one).
    expect(Object.keys(page.manifest.routes).sort()).toEqual(['en.home', 'en.search', 'root', 'root.home']);
    expect(page.manifest.routes['en.search']).toBe(context.manifest.routes['en.search']);
    // The rest of the context is the render's own.
    expect(page.staticHandlerContext).toBe(context.staticHandlerContext);
    expect(page.manifest.entry).toBe(context.manifest.entry);
    // The build's manifest is not changed.
    expect(Object.keys(context.manifest.routes).length).toBeGreaterThan(1_000);
  });

  it('keeps the layout of account pages and the not-found route of unknown ancestors', () => {
    const page = pageRouterContext(
      contextFor('/de/account/settings/personal', ['root', 'account-layout', 'de.accountSettingsPersonal']),
    );
    expect(Object.keys(page.manifest.routes).sort()).toEqual([
      'account-layout',
      'de.account',
      'de.accountSettings',
      'de.accountSettingsPersonal',
      'de.home',
      'root',
      'root.home',
    ]);
    const unknown = pageRouterContext(contextFor('/en/nothing/here', ['root', 'not-found']));
    expect(Object.keys(unknown.manifest.routes).sort()).toEqual([
      'en.home',
      'not-found',
      'root',
      'root.home',
    ]);
  });

  it('keeps the whole manifest for paths the route-pattern matcher reads otherwise', () => {
    const context = contextFor('/en//', ['root', 'en.home']);
    expect(pageRouterContext(context)).toBe(context);
  });
});

describe('rememberingMatch', () => {
  it('asks the request handler once per path and gives the same answer after', () => {
    const asked: unknown[] = [];
    const match = (location: unknown) => {
      asked.push(location);
      return location === '/nowhere' ? null : [{ route: { id: String(location) } }];
    };
    const remembering = rememberingMatch(match as unknown as Parameters<typeof rememberingMatch>[0]);
    expect(rememberingMatch(match as unknown as Parameters<typeof rememberingMatch>[0])).toBe(remembering);
    const first = remembering('/en');
    expect(remembering('/en')).toBe(first);
    expect(remembering('/nowhere')).toBeNull();
    expect(remembering('/nowhere')).toBeNull();
    // A location object is not remembered.
    remembering({ pathname: '/en' } as never);
    remembering({ pathname: '/en' } as never);
    expect(asked).toEqual(['/en', '/nowhere', { pathname: '/en' }, { pathname: '/en' }]);
  });
});
