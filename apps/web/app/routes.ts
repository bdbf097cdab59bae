import { LOCALES } from '@estately/domain';
import { type RouteConfig, type RouteConfigEntry, route } from '@react-router/dev/routes';

// Routes are generated from the locale list: every screen exists once per locale prefix (spec 2,
// docs/decisions/002-url-prefixed-locales.md), each route with its own id (`home.de-AT`), so a
// loader knows its locale from the URL alone. A new screen is one entry in SCREENS plus its module.

interface Screen {
  /** Route id prefix and key of the screen. */
  id: string;
  /** Route module, relative to app/. */
  file: string;
  /** Path under the locale prefix ('' for the prefix itself). */
  path: string;
}

const SCREENS: readonly Screen[] = [{ id: 'home', file: 'routes/home.tsx', path: '' }];

function localizedRoutes(screen: Screen): RouteConfigEntry[] {
  return LOCALES.map((locale) =>
    route(`/${locale}${screen.path ? `/${screen.path}` : ''}`, screen.file, { id: `${screen.id}.${locale}` }),
  );
}

export default [
  // Home also lives at / with no prefix, rendered in the negotiated locale (spec 2).
  route('/', 'routes/home.tsx', { id: 'home' }),
  ...SCREENS.flatMap(localizedRoutes),
  // Anything else, including an unknown locale prefix, is the 404 error page (spec 2).
  route('*', 'routes/not-found.tsx', { id: 'not-found' }),
] satisfies RouteConfig;
