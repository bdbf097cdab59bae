import { DEFAULT_LOCALE, type Locale } from '@estately/domain';
import { negotiateLocale } from '@estately/i18n';
import { localeFromCookie } from './locale-cookie.ts';
import { localeFromPathname } from './locale-path.ts';

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
    pathname: new URL(request.url).pathname,
    cookieHeader: request.headers.get('cookie'),
    acceptLanguage: request.headers.get('accept-language'),
  });
}
