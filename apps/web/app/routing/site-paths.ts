import type { Locale } from '@estately/domain';
import { localeFromPathname } from '../locale/locale-path.ts';

// Paths of the screens the shell links to (spec 2). Every screen exists once per locale prefix.

export function homePath(locale: Locale): string {
  return `/${locale}`;
}

export function articlePath(locale: Locale, article: 'terms' | 'cookie-policy' | 'privacy-policy'): string {
  return `/${locale}/article/${article}`;
}

export function blogPath(locale: Locale): string {
  return `/${locale}/blog`;
}

export function propertyDetailPath(locale: Locale, id: number): string {
  return `/${locale}/property/${id}`;
}

/**
 * The same screen in another locale, or that locale's home when the path is not a screen of the
 * route table (no prefix, unknown page).
 */
export function switchLocalePath(pathname: string, locale: Locale): string {
  const current = localeFromPathname(pathname);
  if (!current) return homePath(locale);
  return `/${locale}${pathname.slice(current.length + 1)}`;
}
