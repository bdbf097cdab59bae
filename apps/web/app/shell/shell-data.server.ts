import { LOCALES, type Locale } from '@estately/domain';
import { getMessages, LOCALE_DATA, localeData } from '@estately/i18n';
import { type PublicConfig, publicConfigOf, type WebConfig } from '../config.server.ts';
import { CLIENT_MESSAGE_KEYS, type ClientMessageKey, type ClientMessages } from '../i18n/client-messages.ts';
import { localeFromPathname } from '../locale/locale-path.ts';
import { type LocaleSource, pickRequestLocale } from '../locale/pick-locale.server.ts';
import { articlePath, blogPath, homePath, switchLocalePath } from '../routing/site-paths.ts';
import type { LocaleLink } from './locale-switcher.tsx';

export interface HeadLink {
  hrefLang: string;
  href: string;
}

/** What the root layout needs on every page: locale, its UI messages, links and SEO alternates. */
export interface ShellData {
  locale: Locale;
  localeSource: LocaleSource;
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
}

export function clientMessages(locale: Locale): ClientMessages {
  const catalog = getMessages(locale);
  return Object.fromEntries(CLIENT_MESSAGE_KEYS.map((key) => [key, catalog[key]]));
}

/** The home screen is `/{locale}` or `/` with no prefix (spec 2). */
function isHomePath(pathname: string): boolean {
  const trimmed = pathname.replace(/\/+$/, '') || '/';
  if (trimmed === '/') return true;
  const locale = localeFromPathname(trimmed);
  return locale !== null && trimmed === `/${locale}`;
}

/**
 * hreflang alternates for all 30 locales plus x-default (the unprefixed `/`, which negotiates),
 * and the canonical URL: the locale's own prefixed URL, also for `/` rendered in place
 * (docs/decisions/002-url-prefixed-locales.md).
 */
export function seoLinks(pathname: string, locale: Locale, origin: string): ShellData['seo'] {
  if (!isHomePath(pathname)) return null;
  const alternates: HeadLink[] = LOCALES.map((other) => ({
    hrefLang: other,
    href: `${origin}${homePath(other)}`,
  }));
  alternates.push({ hrefLang: 'x-default', href: `${origin}/` });
  return { canonical: `${origin}${homePath(locale)}`, alternates };
}

export function loadShellData(request: Request, config: WebConfig, now = new Date()): ShellData {
  const url = new URL(request.url);
  const { locale, source } = pickRequestLocale(request);
  const data = localeData(locale);
  const origin = config.publicWebUrl ?? url.origin;
  return {
    locale,
    localeSource: source,
    tag: data.tag,
    dir: data.dir,
    messages: clientMessages(locale),
    homeHref: homePath(locale),
    localeLinks: LOCALE_DATA.map((row) => ({
      locale: row.locale,
      tag: row.locale,
      label: row.label,
      href: switchLocalePath(url.pathname, row.locale),
    })),
    footerLinks: [
      { label: 'footer.terms', href: articlePath(locale, 'terms') },
      { label: 'footer.cookie_policy', href: articlePath(locale, 'cookie-policy') },
      { label: 'footer.privacy_policy', href: articlePath(locale, 'privacy-policy') },
      { label: 'footer.blog', href: blogPath(locale) },
    ],
    seo: seoLinks(url.pathname, locale, origin),
    publicConfig: publicConfigOf(config),
    year: now.getUTCFullYear(),
  };
}
