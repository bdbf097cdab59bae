import {
  buildPath,
  CURRENCIES,
  type Currency,
  LOCALES,
  type Locale,
  localeSwitcher,
  matchPath,
} from '@estately/domain';
import { getMessages, LOCALE_DATA, localeData } from '@estately/i18n';
import { type PublicConfig, publicConfigOf, type WebConfig } from '../config.server.ts';
import { CLIENT_MESSAGE_KEYS, type ClientMessageKey, type ClientMessages } from '../i18n/client-messages.ts';
import { pickRequestLocale } from '../locale/pick-locale.server.ts';
import { pageUrl } from '../routing/page-url.ts';
import { isServedScreen } from '../routing/screen-modules.ts';
import { searchPathReader } from '../routing/search-path-reader.server.ts';
import { footerPaths, homePath } from '../routing/site-paths.ts';
import type { LocaleLink } from './locale-switcher.tsx';

export interface HeadLink {
  hrefLang: string;
  href: string;
}

/** What the root layout needs on every page: locale, its UI messages, links and SEO alternates. */
export interface ShellData {
  locale: Locale;
  tag: string;
  dir: 'ltr' | 'rtl';
  messages: ClientMessages;
  homeHref: string;
  localeLinks: LocaleLink[];
  footerLinks: { label: ClientMessageKey; href: string }[];
  /** Absolute canonical URL and hreflang alternates; null for pages that are no screen (404). */
  seo: { canonical: string; alternates: HeadLink[] } | null;
  publicConfig: PublicConfig;
  year: number;
  /** Spec 4 session as the header shows it: guest, or the user's name and favourites count. */
  user: { displayName: string; preferredLanguage: string | null } | null;
  favoriteIds: number[];
  currency: Currency;
  currencies: readonly Currency[];
  links: { search: string; auth: string; account: string; favorites: string };
}

// The browser's catalog of each locale, picked once (shared read-only by every page's data).
const clientCatalogs = new Map<Locale, ClientMessages>();

export function clientMessages(locale: Locale): ClientMessages {
  let messages = clientCatalogs.get(locale);
  if (!messages) {
    const catalog = getMessages(locale);
    messages = Object.fromEntries(CLIENT_MESSAGE_KEYS.map((key) => [key, catalog[key]])) as ClientMessages;
    clientCatalogs.set(locale, messages);
  }
  return messages;
}

/** A locale switcher that writes each locale's path once (the shell asks for some of them twice). */
function remembered(switcher: (locale: Locale) => string): (locale: Locale) => string {
  const paths = new Map<Locale, string>();
  return (locale) => {
    let path = paths.get(locale);
    if (path === undefined) {
      path = switcher(locale);
      paths.set(locale, path);
    }
    return path;
  };
}

/**
 * hreflang alternates (the same screen in all 30 locales) and the canonical URL: the locale's own
 * prefixed URL, also for `/` rendered in place (docs/decisions/002-url-prefixed-locales.md). Home
 * adds x-default: the unprefixed `/`, which negotiates. Pages that are no screen get none.
 */
export function seoLinks(
  pathname: string,
  locale: Locale,
  origin: string,
  /** The path's switcher when the caller has one (localeSwitcher(pathname)). */
  pathInLocale?: (newLocale: Locale) => string,
): ShellData['seo'] {
  const match = matchPath(pathname);
  // A blog post: its canonical URL only (each translation has its own slug, resolved by the API).
  if (
    !match &&
    /^\/[^/]+\/blog\/[^/]+$/.test(pathname) &&
    matchPath(pathname.replace(/\/[^/]+$/, ''))?.screen === 'blog'
  ) {
    return { canonical: `${origin}${pathname}`, alternates: [] };
  }
  // Account and auth pages are nobody's search result: no alternates, no canonical.
  if (
    !match ||
    !isServedScreen(match.screen) ||
    match.entry.requiresAuth ||
    match.screen.startsWith('auth')
  ) {
    return null;
  }
  const inLocale = pathInLocale ?? localeSwitcher(pathname);
  const alternates: HeadLink[] = LOCALES.map((other) => ({
    hrefLang: other,
    href: `${origin}${inLocale(other)}`,
  }));
  if (match.screen === 'home') alternates.push({ hrefLang: 'x-default', href: `${origin}/` });
  return { canonical: `${origin}${inLocale(locale)}`, alternates };
}

export interface ShellSession {
  user: { displayName: string; preferredLanguage: string | null } | null;
  favoriteIds: number[];
  currency: Currency;
}

const GUEST_SHELL: ShellSession = { user: null, favoriteIds: [], currency: 'CZK' };

export function loadShellData(
  request: Request,
  config: WebConfig,
  now = new Date(),
  session: ShellSession = {
    ...GUEST_SHELL,
    currency: localeData(pickRequestLocale(request).locale).currency,
  },
): ShellData {
  const url = pageUrl(request);
  const { locale } = pickRequestLocale(request);
  const data = localeData(locale);
  const origin = config.publicWebUrl ?? url.origin;
  const footer = footerPaths(locale);
  const read = searchPathReader(request);
  const inLocale = remembered(localeSwitcher(url.pathname + url.search, read));
  // Without a query, the locale links and the hreflang alternates are the same paths.
  const pathInLocale = url.search === '' ? inLocale : localeSwitcher(url.pathname, read);
  return {
    locale,
    tag: data.tag,
    dir: data.dir,
    messages: clientMessages(locale),
    homeHref: homePath(locale),
    localeLinks: LOCALE_DATA.map((row) => ({
      locale: row.locale,
      tag: row.locale,
      label: row.label,
      href: inLocale(row.locale),
    })),
    footerLinks: [
      { label: 'footer.terms', href: footer.terms },
      { label: 'footer.cookie_policy', href: footer.cookiePolicy },
      { label: 'footer.privacy_policy', href: footer.privacyPolicy },
      { label: 'footer.blog', href: footer.blog },
    ],
    seo: seoLinks(url.pathname, locale, origin, pathInLocale),
    publicConfig: publicConfigOf(config),
    year: now.getUTCFullYear(),
    user: session.user,
    favoriteIds: session.favoriteIds,
    currency: session.currency,
    currencies: CURRENCIES,
    links: {
      search: buildPath('results', locale),
      // The sign-in link brings the visitor back to where they were.
      auth: `${buildPath('auth', locale)}?redirect=${encodeURIComponent(url.pathname + url.search)}`,
      account: buildPath('account', locale),
      favorites: buildPath('accountFavorites', locale),
    },
  };
}
