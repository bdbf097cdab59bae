import { DEFAULT_LOCALE, LOCALES, type Locale } from './locales.ts';
import {
  type DecomposeResult,
  decomposeSearchPath,
  localeFromSegment,
  searchPathComposer,
} from './search/search-path.ts';
import { SEARCH_WORDS, UNIVERSAL_SEARCH_WORD } from './search/search-words.ts';

// The screen/route table of spec 2, once per locale. The web app generates its routes from
// ROUTE_ENTRIES in a loop; the API builds links in e-mails with buildPath; the locale switcher
// uses switchLocalePath (decision 002).

export const SCREENS = [
  'home',
  'results',
  'oldSearch',
  'auth',
  'authCompany',
  'authSignin',
  'authSignup',
  'authSigninOld',
  'authSignupOld',
  'authLostPassword',
  'authRecoverPassword',
  'authSendConfirmEmail',
  'authConfirmEmail',
  'authResetPassword',
  'blog',
  'articleTerms',
  'articleCookiePolicy',
  'articlePrivacyPolicy',
  'propertyDetail',
  'propertyList',
  'search',
  'account',
  'accountFavorites',
  'accountMyOffers',
  'accountWatchDogs',
  'accountSettings',
  'accountSettingsPersonal',
  'accountSettingsNotifications',
  'accountSettingsLanguageCurrency',
] as const;
export type Screen = (typeof SCREENS)[number];

export type Layout = 'account' | 'default';

/** Results list word: /cs/inzeraty, /en/listings, /{locale}/results for the others (spec 2). */
export function resultsWord(locale: Locale): string {
  return locale === 'cs' ? 'inzeraty' : locale === 'en' ? 'listings' : 'results';
}

/** Old search word: /cs/hledat, /{locale}/oldsearch for the others (spec 2). */
export function oldSearchWord(locale: Locale): string {
  return locale === 'cs' ? 'hledat' : 'oldsearch';
}

/**
 * The part of each screen's pattern after the locale prefix; `:name` is a parameter, `*` the
 * rest of the path (zero or more segments). Exhaustive over Screen, so a new screen without a
 * path fails the type check.
 */
const SCREEN_PATHS: Readonly<Record<Screen, (locale: Locale) => string>> = {
  home: () => '',
  results: resultsWord,
  oldSearch: oldSearchWord,
  auth: () => 'auth',
  authCompany: () => 'auth/company',
  authSignin: () => 'auth/signin',
  authSignup: () => 'auth/signup',
  authSigninOld: () => 'auth/signin_old',
  authSignupOld: () => 'auth/signup_old',
  authLostPassword: () => 'auth/lost-password',
  authRecoverPassword: () => 'auth/recover-password',
  authSendConfirmEmail: () => 'auth/send-confirm-email',
  authConfirmEmail: () => 'auth/confirm-email/:token',
  authResetPassword: () => 'auth/reset-password/:token',
  blog: () => 'blog',
  articleTerms: () => 'article/terms',
  articleCookiePolicy: () => 'article/cookie-policy',
  articlePrivacyPolicy: () => 'article/privacy-policy',
  propertyDetail: () => 'property/:id',
  propertyList: () => 'property',
  search: (locale) => `${SEARCH_WORDS[locale]}/*`,
  account: () => 'account',
  accountFavorites: () => 'account/favorites',
  accountMyOffers: () => 'account/my-offers',
  accountWatchDogs: () => 'account/watch-dogs',
  accountSettings: () => 'account/settings',
  accountSettingsPersonal: () => 'account/settings/personal',
  accountSettingsNotifications: () => 'account/settings/notifications',
  accountSettingsLanguageCurrency: () => 'account/settings/language-currency',
};

/** Parameters each screen's path needs. */
export interface ScreenParams {
  authConfirmEmail: { token: string };
  authResetPassword: { token: string };
  propertyDetail: { id: string | number };
  /** Raw segments after the search word; use composeSearchPath to build from filters. */
  search: { segments?: readonly string[] };
}
type ScreenWithRequiredParams = 'authConfirmEmail' | 'authResetPassword' | 'propertyDetail';
export type BuildPathArgs<S extends Screen> = S extends ScreenWithRequiredParams
  ? [params: ScreenParams[S]]
  : S extends keyof ScreenParams
    ? [params?: ScreenParams[S]]
    : [];

/** React-Router-style pattern, e.g. `/cs/auth/confirm-email/:token` or `/cs/hledani/*`. */
export function routePattern(screen: Screen, locale: Locale): string {
  const rest = SCREEN_PATHS[screen](locale);
  return rest ? `/${locale}/${rest}` : `/${locale}`;
}

/** Spec 2 guard: every account screen requires a logged-in user. */
export function requiresAuth(screen: Screen): boolean {
  return screen.startsWith('account');
}

/** Spec 2 guard, by path: any path with an `account` segment requires a logged-in user. */
export function pathRequiresAuth(pathname: string): boolean {
  const path = pathname.split(/[?#]/)[0] ?? '';
  return path.split('/').some((segment) => segment.toLowerCase() === 'account');
}

/** Account screens use the account layout, the others the default one (spec 2). */
export function layoutOf(screen: Screen): Layout {
  return requiresAuth(screen) ? 'account' : 'default';
}

/** A concrete path of a screen; parameters are percent-encoded. */
export function buildPath<S extends Screen>(screen: S, locale: Locale, ...args: BuildPathArgs<S>): string {
  const params = (args[0] ?? {}) as Record<string, unknown>;
  let path = '';
  for (const segment of patternSegments(screen, locale)) {
    if (segment === '*') {
      const rest = (params.segments ?? []) as readonly string[];
      for (const part of rest) path += `/${encodeURIComponent(part)}`;
    } else if (segment.startsWith(':')) {
      const value = params[segment.slice(1)];
      if (value === undefined || value === null || String(value) === '') {
        throw new TypeError(`buildPath(${screen}): missing parameter ${segment.slice(1)}`);
      }
      path += `/${encodeURIComponent(String(value))}`;
    } else {
      path += `/${segment}`;
    }
  }
  return path;
}

// The segments of each screen's pattern in each locale, split once (a results page builds a
// path for every card).
const PATTERN_SEGMENTS = new Map<string, readonly string[]>();

function patternSegments(screen: Screen, locale: Locale): readonly string[] {
  const key = `${locale}\u0000${screen}`;
  let segments = PATTERN_SEGMENTS.get(key);
  if (!segments) {
    segments = routePattern(screen, locale)
      .split('/')
      .filter((segment) => segment !== '');
    PATTERN_SEGMENTS.set(key, segments);
  }
  return segments;
}

export interface RouteEntry {
  /** Unique route id, e.g. `cs.search` or `de.search.hledani`. */
  readonly id: string;
  readonly screen: Screen;
  readonly locale: Locale;
  readonly pattern: string;
  readonly layout: Layout;
  readonly requiresAuth: boolean;
  /** False only for `/`, the unprefixed home whose locale comes from cookie/Accept-Language. */
  readonly localePrefixed: boolean;
  /** True for `/{locale}/hledani/*` outside cs: the spec's second reading, served as well. */
  readonly alias: boolean;
}

function entry(
  screen: Screen,
  locale: Locale,
  pattern: string,
  id: string,
  extra?: Partial<RouteEntry>,
): RouteEntry {
  return {
    id,
    screen,
    locale,
    pattern,
    layout: layoutOf(screen),
    requiresAuth: requiresAuth(screen),
    localePrefixed: true,
    alias: false,
    ...extra,
  };
}

/**
 * Every concrete route: `/` first, then each locale's screens in SCREENS order, plus the
 * `hledani` search alias for locales with their own search word.
 */
export const ROUTE_ENTRIES: readonly RouteEntry[] = [
  entry('home', DEFAULT_LOCALE, '/', 'root.home', { localePrefixed: false }),
  ...LOCALES.flatMap((locale) => [
    ...SCREENS.map((screen) => entry(screen, locale, routePattern(screen, locale), `${locale}.${screen}`)),
    ...(SEARCH_WORDS[locale] === UNIVERSAL_SEARCH_WORD
      ? []
      : [
          entry(
            'search',
            locale,
            `/${locale}/${UNIVERSAL_SEARCH_WORD}/*`,
            `${locale}.search.${UNIVERSAL_SEARCH_WORD}`,
            {
              alias: true,
            },
          ),
        ]),
  ]),
];

export interface RouteMatch {
  screen: Screen;
  locale: Locale;
  /** Decoded parameters: `token`, `id`, or for search `word` and `*` (the rest, `/`-joined). */
  params: Record<string, string>;
  localePrefixed: boolean;
  entry: RouteEntry;
}

interface CompiledEntry {
  entry: RouteEntry;
  segments: string[];
}

const COMPILED = new Map<Locale, CompiledEntry[]>();
for (const route of ROUTE_ENTRIES) {
  if (!route.localePrefixed) continue;
  const list = COMPILED.get(route.locale) ?? [];
  list.push({ entry: route, segments: route.pattern.split('/').filter(Boolean).slice(1) });
  COMPILED.set(route.locale, list);
}

function matchSegments(
  pattern: readonly string[],
  actual: readonly string[],
): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const expected = pattern[i] as string;
    if (expected === '*') {
      params['*'] = actual.slice(i).join('/');
      return params;
    }
    const value = actual[i];
    if (value === undefined) return undefined;
    if (expected.startsWith(':')) params[expected.slice(1)] = value;
    // Static segments compare case-insensitively, like React Router's default.
    else if (expected.toLowerCase() !== value.toLowerCase()) return undefined;
  }
  return pattern.length === actual.length ? params : undefined;
}

function pathOnly(pathname: string): string {
  return pathname.split(/[?#]/)[0] ?? '';
}

/** The screen, locale and parameters of a path (query and hash are ignored), or null. */
export function matchPath(pathname: string): RouteMatch | null {
  let segments: string[];
  try {
    segments = pathOnly(pathname)
      .split('/')
      .filter((segment) => segment !== '')
      .map((segment) => decodeURIComponent(segment));
  } catch {
    return null;
  }
  const first = segments[0];
  if (first === undefined) {
    const root = ROUTE_ENTRIES[0] as RouteEntry;
    return { screen: 'home', locale: DEFAULT_LOCALE, params: {}, localePrefixed: false, entry: root };
  }
  const locale = localeFromSegment(first);
  if (!locale) return null;
  const rest = segments.slice(1);
  for (const compiled of COMPILED.get(locale) ?? []) {
    const params = matchSegments(compiled.segments, rest);
    if (!params) continue;
    if (compiled.entry.screen === 'search') params.word = (rest[0] ?? '').toLowerCase();
    return { screen: compiled.entry.screen, locale, params, localePrefixed: true, entry: compiled.entry };
  }
  return null;
}

/**
 * The same screen in another locale: localized words (results, old search, search word) and
 * search slugs are translated, query and hash kept. Locality slugs stay as they are. A path
 * that names no screen keeps its remainder under the new prefix.
 */
export function switchLocalePath(pathname: string, newLocale: Locale): string {
  return localeSwitcher(pathname)(newLocale);
}

/**
 * switchLocalePath for many locales: the path is read once, then written in each locale (the
 * page shell links every page in all 30 locales, twice). `decompose` reads a search path: a
 * caller that reads the same path elsewhere may pass one that remembers its answers.
 */
export function localeSwitcher(
  pathname: string,
  decompose: (url: string) => DecomposeResult = decomposeSearchPath,
): (newLocale: Locale) => string {
  const hashAt = pathname.indexOf('#');
  const hash = hashAt >= 0 ? pathname.slice(hashAt) : '';
  const withoutHash = hashAt >= 0 ? pathname.slice(0, hashAt) : pathname;
  const queryAt = withoutHash.indexOf('?');
  const query = queryAt >= 0 ? withoutHash.slice(queryAt) : '';
  const path = queryAt >= 0 ? withoutHash.slice(0, queryAt) : withoutHash;

  const match = matchPath(path);
  if (!match) {
    const segments = path.split('/').filter(Boolean);
    const first = segments[0];
    if (first !== undefined && localeFromSegment(first)) {
      const rest = segments.slice(1);
      return (newLocale) => `/${[newLocale, ...rest].join('/')}${query}${hash}`;
    }
    return (newLocale) => `/${newLocale}${hash}`;
  }
  switch (match.screen) {
    case 'search': {
      const decomposed = decompose(path + query);
      if (decomposed.success) {
        const compose = searchPathComposer(decomposed.filters);
        return (newLocale) => compose(newLocale) + hash;
      }
      // Filters the new page will reject anyway: still translate the path, keep the query as is.
      const pathAlone = decompose(path);
      if (pathAlone.success) {
        const compose = searchPathComposer(pathAlone.filters);
        return (newLocale) => compose(newLocale) + query + hash;
      }
      const segments = (match.params['*'] ?? '').split('/').filter(Boolean);
      return (newLocale) => buildPath('search', newLocale, { segments }) + query + hash;
    }
    case 'authConfirmEmail':
    case 'authResetPassword': {
      const screen = match.screen;
      const token = match.params.token ?? '';
      return (newLocale) => buildPath(screen, newLocale, { token }) + query + hash;
    }
    case 'propertyDetail': {
      const id = match.params.id ?? '';
      return (newLocale) => buildPath('propertyDetail', newLocale, { id }) + query + hash;
    }
    default: {
      const screen = match.screen;
      return (newLocale) => routePattern(screen, newLocale) + query + hash;
    }
  }
}
