import { describe, expect, it } from 'vitest';
import { LOCALES } from './locales.ts';
import {
  buildPath,
  layoutOf,
  localeSwitcher,
  matchPath,
  pathRequiresAuth,
  ROUTE_ENTRIES,
  requiresAuth,
  routePattern,
  SCREENS,
  type Screen,
  switchLocalePath,
} from './routes.ts';
import { SEARCH_WORDS } from './search/search-words.ts';

/** Spec 2's table, written out independently of the implementation. */
const SPEC_PATHS: Record<Exclude<Screen, 'home' | 'results' | 'oldSearch' | 'search'>, string> = {
  auth: 'auth',
  authCompany: 'auth/company',
  authSignin: 'auth/signin',
  authSignup: 'auth/signup',
  authSigninOld: 'auth/signin_old',
  authSignupOld: 'auth/signup_old',
  authLostPassword: 'auth/lost-password',
  authRecoverPassword: 'auth/recover-password',
  authSendConfirmEmail: 'auth/send-confirm-email',
  authConfirmEmail: 'auth/confirm-email/:token',
  authResetPassword: 'auth/reset-password/:token',
  blog: 'blog',
  articleTerms: 'article/terms',
  articleCookiePolicy: 'article/cookie-policy',
  articlePrivacyPolicy: 'article/privacy-policy',
  propertyDetail: 'property/:id',
  propertyList: 'property',
  account: 'account',
  accountFavorites: 'account/favorites',
  accountMyOffers: 'account/my-offers',
  accountWatchDogs: 'account/watch-dogs',
  accountSettings: 'account/settings',
  accountSettingsPersonal: 'account/settings/personal',
  accountSettingsNotifications: 'account/settings/notifications',
  accountSettingsLanguageCurrency: 'account/settings/language-currency',
};

describe('route table (spec 2)', () => {
  it('has the 29 screens', () => {
    expect(SCREENS).toHaveLength(29);
    expect(new Set(SCREENS).size).toBe(29);
  });

  it.each(LOCALES)('%s: every screen has the spec path', (locale) => {
    expect(routePattern('home', locale)).toBe(`/${locale}`);
    const results = locale === 'cs' ? 'inzeraty' : locale === 'en' ? 'listings' : 'results';
    expect(routePattern('results', locale)).toBe(`/${locale}/${results}`);
    expect(routePattern('oldSearch', locale)).toBe(`/${locale}/${locale === 'cs' ? 'hledat' : 'oldsearch'}`);
    expect(routePattern('search', locale)).toBe(`/${locale}/${SEARCH_WORDS[locale]}/*`);
    for (const [screen, path] of Object.entries(SPEC_PATHS)) {
      expect(routePattern(screen as Screen, locale)).toBe(`/${locale}/${path}`);
    }
  });

  it('gives the spec examples', () => {
    expect(routePattern('results', 'cs')).toBe('/cs/inzeraty');
    expect(routePattern('results', 'en')).toBe('/en/listings');
    expect(routePattern('results', 'en-GB')).toBe('/en-GB/results');
    expect(routePattern('oldSearch', 'cs')).toBe('/cs/hledat');
    expect(routePattern('oldSearch', 'de-AT')).toBe('/de-AT/oldsearch');
    expect(routePattern('authConfirmEmail', 'cs')).toBe('/cs/auth/confirm-email/:token');
    expect(routePattern('search', 'cs')).toBe('/cs/hledani/*');
  });
});

describe('ROUTE_ENTRIES', () => {
  it('holds / plus every screen of every locale plus the hledani aliases, with unique ids and patterns', () => {
    const aliases = LOCALES.filter((locale) => SEARCH_WORDS[locale] !== 'hledani').length;
    expect(aliases).toBe(29);
    expect(ROUTE_ENTRIES).toHaveLength(1 + LOCALES.length * SCREENS.length + aliases);
    expect(new Set(ROUTE_ENTRIES.map((route) => route.id)).size).toBe(ROUTE_ENTRIES.length);
    expect(new Set(ROUTE_ENTRIES.map((route) => route.pattern)).size).toBe(ROUTE_ENTRIES.length);
  });

  it('starts with the unprefixed home', () => {
    expect(ROUTE_ENTRIES[0]).toMatchObject({
      screen: 'home',
      pattern: '/',
      localePrefixed: false,
      alias: false,
    });
  });

  it('marks the hledani alias of each locale with its own word', () => {
    const de = ROUTE_ENTRIES.filter((route) => route.locale === 'de' && route.screen === 'search');
    expect(de.map((route) => [route.pattern, route.alias])).toEqual([
      ['/de/suche/*', false],
      ['/de/hledani/*', true],
    ]);
    expect(ROUTE_ENTRIES.filter((route) => route.locale === 'cs' && route.screen === 'search')).toHaveLength(
      1,
    );
  });

  it('carries layout and guard', () => {
    for (const route of ROUTE_ENTRIES) {
      expect(route.requiresAuth).toBe(route.pattern.includes('/account'));
      expect(route.layout).toBe(route.requiresAuth ? 'account' : 'default');
    }
  });
});

describe('guards and layouts', () => {
  it('account screens require a user and use the account layout', () => {
    for (const screen of SCREENS) {
      const account = screen.startsWith('account');
      expect(requiresAuth(screen), screen).toBe(account);
      expect(layoutOf(screen), screen).toBe(account ? 'account' : 'default');
    }
  });

  it('any path with an account segment requires a user', () => {
    expect(pathRequiresAuth('/cs/account')).toBe(true);
    expect(pathRequiresAuth('/de/account/settings/personal?x=1')).toBe(true);
    expect(pathRequiresAuth('/cs/auth/signin')).toBe(false);
    expect(pathRequiresAuth('/cs/hledani/cesko/accounting')).toBe(false);
    expect(pathRequiresAuth('/cs/blog?next=/account')).toBe(false);
  });
});

describe('buildPath', () => {
  it('fills and encodes parameters', () => {
    expect(buildPath('authConfirmEmail', 'cs', { token: 'abc/def?' })).toBe(
      '/cs/auth/confirm-email/abc%2Fdef%3F',
    );
    expect(buildPath('authResetPassword', 'ar', { token: 't0k' })).toBe('/ar/auth/reset-password/t0k');
    expect(buildPath('propertyDetail', 'en', { id: 42 })).toBe('/en/property/42');
    expect(buildPath('search', 'de', { segments: ['kaufen', 'münchen'] })).toBe(
      '/de/suche/kaufen/m%C3%BCnchen',
    );
    expect(buildPath('search', 'cs')).toBe('/cs/hledani');
    expect(buildPath('home', 'fr')).toBe('/fr');
    expect(buildPath('accountSettingsLanguageCurrency', 'it-CH')).toBe(
      '/it-CH/account/settings/language-currency',
    );
  });

  it('throws on a missing required parameter', () => {
    expect(() => buildPath('propertyDetail', 'cs', { id: '' })).toThrow(TypeError);
  });

  it('gives paths that match back to the same screen for every locale and screen', () => {
    for (const locale of LOCALES) {
      for (const screen of SCREENS) {
        const params = { token: 'tok', id: '7', segments: [] };
        const path = buildPath(screen as 'propertyDetail', locale, params as never);
        const match = matchPath(path);
        expect(match?.screen, path).toBe(screen);
        expect(match?.locale, path).toBe(locale);
      }
    }
  });
});

describe('matchPath', () => {
  it('matches / and /{locale} as home', () => {
    expect(matchPath('/')).toMatchObject({ screen: 'home', locale: 'cs', localePrefixed: false });
    expect(matchPath('')).toMatchObject({ screen: 'home', localePrefixed: false });
    expect(matchPath('/sk')).toMatchObject({ screen: 'home', locale: 'sk', localePrefixed: true });
    expect(matchPath('/sk/')).toMatchObject({ screen: 'home', locale: 'sk' });
  });

  it('decodes parameters and ignores query and hash', () => {
    expect(matchPath('/cs/auth/confirm-email/a%2Fb?x=1#y')).toMatchObject({
      screen: 'authConfirmEmail',
      params: { token: 'a/b' },
    });
    expect(matchPath('/pt/property/123')).toMatchObject({
      screen: 'propertyDetail',
      locale: 'pt',
      params: { id: '123' },
    });
  });

  it('matches search with the locale word and with hledani in every locale', () => {
    for (const locale of LOCALES) {
      expect(matchPath(`/${locale}/${SEARCH_WORDS[locale]}/a/b`)).toMatchObject({
        screen: 'search',
        locale,
        params: { '*': 'a/b', word: SEARCH_WORDS[locale] },
      });
      expect(matchPath(`/${locale}/hledani`)).toMatchObject({
        screen: 'search',
        locale,
        params: { '*': '', word: 'hledani' },
      });
    }
  });

  it('keeps each locale’s own words to itself', () => {
    expect(matchPath('/cs/results')).toBeNull();
    expect(matchPath('/de/inzeraty')).toBeNull();
    expect(matchPath('/en/results')).toBeNull();
    expect(matchPath('/en-GB/listings')).toBeNull();
    expect(matchPath('/cs/oldsearch')).toBeNull();
    expect(matchPath('/cs/search')).toBeNull();
    expect(matchPath('/de/zoeken')).toBeNull();
  });

  it('returns null for unknown locales, unknown pages, extra segments and broken encoding', () => {
    expect(matchPath('/xx')).toBeNull();
    expect(matchPath('/cs/nothing')).toBeNull();
    expect(matchPath('/cs/auth/confirm-email')).toBeNull();
    expect(matchPath('/cs/auth/confirm-email/a/b')).toBeNull();
    expect(matchPath('/cs/blog/extra')).toBeNull();
    expect(matchPath('/cs/property/%E0%A4%A')).toBeNull();
  });

  it('matches case-insensitively like the router and returns the canonical locale', () => {
    expect(matchPath('/EN-gb/Auth/SignIn')).toMatchObject({ screen: 'authSignin', locale: 'en-GB' });
  });
});

describe('localeSwitcher', () => {
  it('reads a path once and writes it in each locale as switchLocalePath does', () => {
    const paths = [
      '/cs/hledani/prodej/byty/cesko/praha?dispositions=2#map',
      '/cs/hledani/prodej?price_from=1',
      '/cs/hledani/neznamy?a=1',
      '/en/listings?page=2',
      '/cs/auth/reset-password/a%2Fb',
      '/cs/property/9',
      '/cs/nothing/here?q=1',
      '/nothing',
      '/',
    ];
    for (const path of paths) {
      const inLocale = localeSwitcher(path);
      // Twice over the locales: one written path leaves nothing behind for the next.
      for (const locale of [...LOCALES, ...LOCALES]) {
        expect(inLocale(locale), `${path} in ${locale}`).toBe(switchLocalePath(path, locale));
      }
    }
    expect(localeSwitcher('/cs/hledani/prodej/byty')('de')).toBe('/de/suche/kaufen/wohnungen');
  });
});

describe('switchLocalePath', () => {
  it('keeps the user on the same screen, translating localized words', () => {
    expect(switchLocalePath('/cs/inzeraty', 'en')).toBe('/en/listings');
    expect(switchLocalePath('/en/listings?page=2', 'de')).toBe('/de/results?page=2');
    expect(switchLocalePath('/cs/hledat', 'fr')).toBe('/fr/oldsearch');
    expect(switchLocalePath('/de/account/favorites#x', 'cs')).toBe('/cs/account/favorites#x');
    expect(switchLocalePath('/cs/auth/reset-password/a%2Fb', 'ar')).toBe('/ar/auth/reset-password/a%2Fb');
    expect(switchLocalePath('/cs/property/9', 'tr')).toBe('/tr/property/9');
    expect(switchLocalePath('/', 'pl')).toBe('/pl');
    expect(switchLocalePath('/nl', 'nl-BE')).toBe('/nl-BE');
  });

  it('translates search words and slugs, keeping locality and filters', () => {
    expect(switchLocalePath('/cs/hledani/prodej/byty/cesko/praha?dispositions=2', 'de')).toBe(
      '/de/suche/kaufen/wohnungen/tschechien/praha?dispositions=2',
    );
    expect(switchLocalePath('/de/hledani/mieten/oesterreich', 'en')).toBe('/en/search/rent/austria');
    expect(switchLocalePath('/en/search/sale/houses/greece', 'el-CY')).toBe(
      '/el-CY/anazitisi/polisi/monokatoikies/ellada',
    );
  });

  it('translates the path of a search whose query is invalid, keeping that query', () => {
    expect(switchLocalePath('/cs/hledani/prodej?price_from=1', 'de')).toBe('/de/suche/kaufen?price_from=1');
  });

  it('keeps raw segments of a search path it cannot read', () => {
    expect(switchLocalePath('/cs/hledani/neznamy?a=1', 'de')).toBe('/de/suche/neznamy?a=1');
  });

  it('swaps the prefix of unknown pages and sends unprefixed unknown paths home', () => {
    expect(switchLocalePath('/cs/nothing/here?q=1', 'sk')).toBe('/sk/nothing/here?q=1');
    expect(switchLocalePath('/nothing', 'sk')).toBe('/sk');
  });

  it('round-trips every screen through every locale', () => {
    for (const from of LOCALES) {
      for (const screen of SCREENS) {
        const path = buildPath(screen as 'propertyDetail', from, {
          token: 't',
          id: '5',
          segments: [],
        } as never);
        for (const to of ['cs', 'en', 'ar'] as const) {
          const switched = switchLocalePath(path, to);
          expect(matchPath(switched), `${path} -> ${to}`).toMatchObject({ screen, locale: to });
          expect(switchLocalePath(switched, from)).toBe(path);
        }
      }
    }
  });
});
