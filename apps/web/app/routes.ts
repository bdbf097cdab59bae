import { ROUTE_ENTRIES } from '@estately/domain';
import { type RouteConfig, type RouteConfigEntry, route } from '@react-router/dev/routes';
import { SCREEN_MODULES } from './routing/screen-modules.ts';

// Routes come from the domain route table (docs/decisions/002-url-prefixed-locales.md): every
// screen once per locale prefix (spec 2), plus `/` for home, each route with the table's own id
// (`root.home`, `de-AT.home`), so a loader knows its locale from the URL alone.

const screenRoutes: RouteConfigEntry[] = ROUTE_ENTRIES.flatMap((entry) => {
  const file = SCREEN_MODULES[entry.screen];
  return file ? [route(entry.pattern, file, { id: entry.id })] : [];
});

export default [
  ...screenRoutes,
  // Anything else, including an unknown locale prefix, is the 404 error page (spec 2).
  route('*', 'routes/not-found.tsx', { id: 'not-found' }),
] satisfies RouteConfig;
