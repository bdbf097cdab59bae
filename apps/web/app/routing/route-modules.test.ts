import { createRequestHandler, type EntryContext, type ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';
import { withRouteModuleLookup } from './route-modules.server.ts';

// The build whose route modules are looked up instead of copied per page (decision 034), under
// React Router's own request handler: every request still matches and renders its routes.

const rootModule = { default: () => null };
const offerModule = { default: () => null, loader: () => ({ offer: 7 }) };
const blogModule = { default: () => null };

/** What the document handler saw of each page: its matches and their modules. */
interface Seen {
  matched: string[];
  modules: unknown[];
  listed: number;
  hasOffer: boolean;
  loaderData: unknown;
}

function buildWith(seen: Seen[]): ServerBuild {
  const route = (id: string, path: string | undefined, module: object, parentId?: string) => ({
    id,
    path,
    module,
    ...(parentId ? { parentId } : {}),
  });
  const routes = {
    root: route('root', '', rootModule),
    offer: route('offer', 'en/property/:id', offerModule, 'root'),
    blog: route('blog', 'en/blog', blogModule, 'root'),
  };
  const manifestRoute = (id: string, path: string | undefined, parentId?: string, hasLoader = false) => ({
    id,
    path,
    parentId,
    module: `/assets/${id}.js`,
    hasAction: false,
    hasLoader,
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasErrorBoundary: false,
  });
  const handleDocument = (_request: Request, status: number, _headers: Headers, context: EntryContext) => {
    const matched = context.staticHandlerContext.matches.map((match) => match.route.id);
    seen.push({
      matched,
      modules: matched.map((id) => context.routeModules[id]),
      listed: Object.keys(context.routeModules).length,
      hasOffer: 'offer' in context.routeModules,
      loaderData: context.staticHandlerContext.loaderData.offer,
    });
    return new Response(matched.join(','), { status });
  };
  return {
    routes,
    entry: { module: { default: handleDocument } },
    assets: {
      entry: { module: '/assets/entry.js', imports: [] },
      routes: {
        root: manifestRoute('root', ''),
        offer: manifestRoute('offer', 'en/property/:id', 'root', true),
        blog: manifestRoute('blog', 'en/blog', 'root'),
      },
      url: '/assets/manifest.js',
      version: '1',
    },
    basename: '/',
    publicPath: '/',
    assetsBuildDirectory: '/tmp',
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
  } as unknown as ServerBuild;
}

describe('withRouteModuleLookup', () => {
  it('matches and renders every page as the build does, the modules looked up by id', async () => {
    const seen: Seen[] = [];
    const handle = createRequestHandler(withRouteModuleLookup(buildWith(seen)), 'production');
    for (const path of ['/en/property/7', '/en/blog', '/en/property/7']) {
      const response = await handle(new Request(`http://localhost${path}`));
      expect(response.status, path).toBe(200);
    }
    expect(seen.map((page) => page.matched)).toEqual([
      ['root', 'offer'],
      ['root', 'blog'],
      ['root', 'offer'],
    ]);
    expect(seen[0]?.modules).toEqual([rootModule, offerModule]);
    expect(seen[1]?.modules).toEqual([rootModule, blogModule]);
    expect(seen[2]?.loaderData).toEqual({ offer: 7 });
    // The lookup answers by id and is never a copy of the table.
    expect(seen.every((page) => page.hasOffer && page.listed === 0)).toBe(true);
  });

  it('gives each request handler a table of its own, listed in full for its first request', async () => {
    const build = buildWith([]);
    const seen: Seen[] = [];
    const shared = buildWith(seen);
    for (const made of [withRouteModuleLookup(shared), withRouteModuleLookup(shared)]) {
      expect(Object.keys(made.routes)).toEqual(['root', 'offer', 'blog']);
      expect(Object.keys(made.routes)).toEqual([]);
      expect(made.routes.offer?.module).toBe(offerModule);
      expect(Object.values(made.routes)).toEqual([]);
      expect('blog' in made.routes && !('toString' in made.routes)).toBe(true);
      expect(made.routes.toString).toBeUndefined();
    }
    expect(Object.keys(build.routes)).toHaveLength(3);
  });
});
