import { LOCALES, type Locale } from '@estately/domain';

// React Router matches paths case-insensitively, so `/DE-at` is served as `/de-AT`: the prefix is
// read the same way.
const BY_LOWER = new Map<string, Locale>(LOCALES.map((locale) => [locale.toLowerCase(), locale]));

/** The locale prefix of a path (`/de-AT/...` gives `de-AT`), or null when it has none. */
export function localeFromPathname(pathname: string): Locale | null {
  const first = pathname.split(/[?#]/)[0]?.split('/')[1] ?? '';
  let segment = first;
  try {
    segment = decodeURIComponent(first);
  } catch {
    // A malformed escape is no locale.
  }
  return BY_LOWER.get(segment.toLowerCase()) ?? null;
}
