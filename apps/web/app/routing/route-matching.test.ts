import type { RouteConfigEntry } from '@react-router/dev/routes';
import { createStaticHandler, type RouteObject, type ServerBuild } from 'react-router';
import { unstable_preloadRoutePattern } from 'react-router/route-pattern';
import { describe, expect, it } from 'vitest';
import routeConfig from '../routes.ts';
import { needsDefaultMatcher, withRoutePatternMatching } from './route-matching.server.ts';

// The server matches routes with React Router's route-pattern matcher (decision 027); these
// tests hold it to the default matcher's answers over the whole route table, so a route added
// later that the two would read differently fails here.

type MatcherRoute = RouteObject & { id: string; children: MatcherRoute[] };

// As the server build has it: the root layout around everything routes.ts lists.
const toMatcherRoutes = (entries: readonly RouteConfigEntry[]): MatcherRoute[] =>
  entries.map((entry) => ({
    id: entry.id ?? entry.file,
    ...(entry.path !== undefined ? { path: entry.path } : {}),
    children: toMatcherRoutes(entry.children ?? []),
  }));
const routes: MatcherRoute[] = [{ id: 'root', path: '', children: toMatcherRoutes(routeConfig) }];

unstable_preloadRoutePattern();
const defaultMatcher = createStaticHandler(routes);
const patternMatcher = createStaticHandler(routes, { future: { unstable_routePatternMatching: true } });

const describeMatch = (matches: ReturnType<typeof defaultMatcher.match>) =>
  matches?.map(({ route, params, pathname, pathnameBase }) => ({
    id: route.id,
    params,
    pathname,
    pathnameBase,
  })) ?? null;

// Every route of three locales (English words, the Czech ones, and German with its own search word
// and the `hledani` alias) and those without a locale: the default matcher takes milliseconds a
// path, so not all 30 locales, whose routes have the same shapes.
const SAMPLED = /^(root|en|cs|de)\.|^[^.]*$/;

function paths(): string[] {
  const all = new Set<string>(['/', '/favicon.ico', '/EN', '/xx', '/xx/search/sale', '/en/unknown/path']);
  const visit = (list: readonly MatcherRoute[]) => {
    for (const route of list) {
      if (route.path && SAMPLED.test(route.id)) {
        const concrete = route.path.replace(/:[\w-]+/g, '123').replace(/\*$/, 'sale/apartment');
        const bare = route.path.replace(/\/?:[\w-]+.*$/, '').replace(/\/\*$/, '');
        for (const path of [
          concrete,
          `${concrete}/`,
          concrete.toUpperCase(),
          `${concrete}/extra`,
          `${concrete}/%C3%A9%2F`,
          bare || '/',
        ]) {
          all.add(path);
        }
      }
      visit(route.children);
    }
  };
  visit(routes);
  return [...all];
}

describe('route-pattern matching on the server', () => {
  it('matches every path of the route table as the default matcher does', () => {
    const checked = paths();
    expect(checked.length).toBeGreaterThan(500);
    const differences = checked
      .filter((path) => !needsDefaultMatcher(path))
      .filter(
        (path) =>
          JSON.stringify(describeMatch(patternMatcher.match(path))) !==
          JSON.stringify(describeMatch(defaultMatcher.match(path))),
      );
    expect(differences).toEqual([]);
  }, 120_000);

  it('leaves the paths the two read differently to the default matcher', () => {
    for (const path of ['//', '/en//', '/en/property/1//', '/en/account//', '/en/property/%E0%A4%A']) {
      expect(needsDefaultMatcher(path), path).toBe(true);
      // The reason: the route-pattern matcher answers these otherwise.
      expect(describeMatch(patternMatcher.match(path))).not.toEqual(
        describeMatch(defaultMatcher.match(path)),
      );
    }
    expect(needsDefaultMatcher('/\\en')).toBe(true);
    expect(needsDefaultMatcher('/en/search/sale')).toBe(false);
    expect(needsDefaultMatcher('/en/property/%C3%A9')).toBe(false);
  });

  it('turns the matcher on for the server and keeps it out of what the browser gets', async () => {
    const build = { future: { unstable_optimizeDeps: false }, routes: {} } as unknown as ServerBuild;
    const served = await withRoutePatternMatching(build);
    expect((served.future as Record<string, unknown>).unstable_routePatternMatching).toBe(true);
    // React Router copies the flags into its static handler...
    expect({ ...served.future }).toMatchObject({ unstable_routePatternMatching: true });
    // ...and serialises them into the page for the browser's router with JSON.stringify.
    expect(JSON.parse(JSON.stringify({ future: served.future }))).toEqual({
      future: { unstable_optimizeDeps: false },
    });
    expect(build.future).toEqual({ unstable_optimizeDeps: false });
  });
});
