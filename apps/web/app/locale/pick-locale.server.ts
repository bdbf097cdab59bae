import { DEFAULT_LOCALE, isLocale, type Locale } from '@estately/domain';
import { negotiateLocale } from '@estately/i18n';
import { pageUrl } from '../routing/page-url.ts';
import { LOCALE_COOKIE, readCookie } from './locale-cookie.ts';
import { localeFromPathname } from './locale-path.ts';

/** The locale stored in the `locale` cookie, if it is one of the 30. */
export function localeFromCookie(cookieHeader: string | null | undefined): Locale | null {
  const value = readCookie(cookieHeader, LOCALE_COOKIE);
  return isLocale(value) ? value : null;
}

export type LocaleSource = 'path' | 'cookie' | 'header' | 'default';

export interface PickedLocale {
  locale: Locale;
  source: LocaleSource;
}

/**
 * The locale a request is served in. A locale prefix in the path wins (every screen exists once
 * per prefix, spec 2); without one (`/`, unknown pages) the `locale` cookie (spec 9), then the
 * browser's Accept-Language, then Czech, the product's default.
 */
export function pickLocale(input: {
  pathname: string;
  cookieHeader?: string | null;
  acceptLanguage?: string | null;
}): PickedLocale {
  const fromPath = localeFromPathname(input.pathname);
  if (fromPath) return { locale: fromPath, source: 'path' };
  const fromCookie = localeFromCookie(input.cookieHeader);
  if (fromCookie) return { locale: fromCookie, source: 'cookie' };
  if (input.acceptLanguage) {
    const fromHeader = negotiateLocale(input.acceptLanguage);
    if (fromHeader) return { locale: fromHeader, source: 'header' };
  }
  return { locale: DEFAULT_LOCALE, source: 'default' };
}

/** pickLocale for a Fetch API request. */
export function pickRequestLocale(request: Request): PickedLocale {
  return pickLocale({
    pathname: pageUrl(request).pathname,
    cookieHeader: request.headers.get('cookie'),
    acceptLanguage: request.headers.get('accept-language'),
  });
}
