import { LOCALES, type Locale } from '@estately/domain';

const BY_LOWER = new Map<string, Locale>(LOCALES.map((locale) => [locale.toLowerCase(), locale]));

/** The base language of a locale: `de` for `de-AT`. */
export function languageOf(locale: string): string {
  return locale.toLowerCase().split('-')[0] ?? '';
}

/**
 * The supported locale a single language tag names: the exact locale (`en-GB`, `de-CH`), else
 * the locale of its base language (`de-DE` -> `de`, `el` -> `el-GR`: Greek has no bare locale).
 */
export function matchLocale(tag: string): Locale | null {
  const lower = tag.trim().toLowerCase();
  if (lower === '' || lower === '*') return null;
  const exact = BY_LOWER.get(lower);
  if (exact) return exact;
  const base = languageOf(lower);
  return BY_LOWER.get(base) ?? LOCALES.find((locale) => languageOf(locale) === base) ?? null;
}

/**
 * The best supported locale of an Accept-Language header (RFC 9110 quality values, ties in
 * header order), or null when it names none.
 */
export function negotiateLocale(header: string | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';').map((piece) => piece.trim());
      const q = params.find((param) => param.toLowerCase().startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag, quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const entry of ranked) {
    const locale = matchLocale(entry.tag);
    if (locale) return locale;
  }
  return null;
}
