// The 30 locales of spec section 2, in the spec's order. Locales are data (CONVENTIONS habit 10).

export const LOCALES = [
  'cs',
  'en',
  'it',
  'fr',
  'el-GR',
  'el-CY',
  'hr',
  'sk',
  'de',
  'pl',
  'es',
  'en-GB',
  'en-MT',
  'bs',
  'sr-ME',
  'de-CH',
  'it-CH',
  'fr-CH',
  'de-AT',
  'de-LU',
  'fr-BE',
  'en-AE',
  'sr',
  'pt',
  'tr',
  'tr-CY',
  'nl',
  'bg',
  'ar',
  'nl-BE',
] as const;

export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'cs';

export const RTL_LOCALES: ReadonlySet<Locale> = new Set<Locale>(['ar']);

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function textDirection(locale: Locale): 'ltr' | 'rtl' {
  return RTL_LOCALES.has(locale) ? 'rtl' : 'ltr';
}

/** The language part of a locale: `de-CH` -> `de`. */
export function languageOf(locale: Locale): string {
  return locale.split('-')[0] ?? locale;
}
