import { type Locale, localeFromSegment } from '@estately/domain';

/**
 * The locale prefix of a path (`/de-AT/...` gives `de-AT`), or null when it has none. Read
 * case-insensitively, as React Router matches paths: `/DE-at` is served as `/de-AT`.
 */
export function localeFromPathname(pathname: string): Locale | null {
  const first = pathname.split(/[?#]/)[0]?.split('/')[1] ?? '';
  let segment = first;
  try {
    segment = decodeURIComponent(first);
  } catch {
    // A malformed escape is no locale.
  }
  return localeFromSegment(segment) ?? null;
}
