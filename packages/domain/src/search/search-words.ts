import { LOCALES, type Locale } from '../locales.ts';

// The localized first segment of a search path (spec 2). Typed as a complete record so a new
// locale without its word fails the type check.
export const SEARCH_WORDS: Readonly<Record<Locale, string>> = {
  cs: 'hledani',
  en: 'search',
  'en-GB': 'search',
  'en-MT': 'search',
  'en-AE': 'search',
  it: 'cerca',
  'it-CH': 'cerca',
  fr: 'recherche',
  'fr-CH': 'recherche',
  'fr-BE': 'recherche',
  'el-GR': 'anazitisi',
  'el-CY': 'anazitisi',
  hr: 'pretraga',
  bs: 'pretraga',
  sk: 'hladanie',
  de: 'suche',
  'de-CH': 'suche',
  'de-AT': 'suche',
  'de-LU': 'suche',
  pl: 'szukaj',
  es: 'buscar',
  sr: 'prietragha',
  'sr-ME': 'prietragha',
  pt: 'pesquisar',
  tr: 'arama',
  'tr-CY': 'arama',
  nl: 'zoeken',
  'nl-BE': 'zoeken',
  bg: 'trsienie',
  ar: 'bhth',
};

/**
 * The Czech word, which the spec's second reading of the routes also shows under every other
 * locale prefix (spec 2). It is accepted everywhere when parsing and never produced for
 * locales that have their own word.
 */
export const UNIVERSAL_SEARCH_WORD = 'hledani';

/** The canonical search word of a locale. */
export function searchWord(locale: Locale): string {
  return SEARCH_WORDS[locale];
}

/** Whether `word` opens a search path under `locale` (its own word or the universal one). */
export function isSearchWord(locale: Locale, word: string): boolean {
  const lower = word.toLowerCase();
  return lower === SEARCH_WORDS[locale] || lower === UNIVERSAL_SEARCH_WORD;
}

/** Every distinct search word, e.g. for a router that must recognise them all. */
export const ALL_SEARCH_WORDS: readonly string[] = [...new Set(LOCALES.map((l) => SEARCH_WORDS[l]))];
