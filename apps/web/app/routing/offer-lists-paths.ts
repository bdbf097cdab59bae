import type { Locale } from '@estately/domain';

// The compare page and the page of hidden offers (issue 44 points 4 and 6, decision 072) are not
// screens of spec 2's route table: like the seller and company pages they are generated here,
// once per locale, each under a word of the locale's language as people type it on a portal.
// The offers' forms (compare, hide, show again) post to one resource route per locale.

const COMPARE_WORDS: Readonly<Record<Locale, string>> = {
  cs: 'porovnani',
  en: 'compare',
  'en-GB': 'compare',
  'en-MT': 'compare',
  'en-AE': 'compare',
  it: 'confronta',
  'it-CH': 'confronta',
  fr: 'comparer',
  'fr-CH': 'comparer',
  'fr-BE': 'comparer',
  'el-GR': 'sygkrisi',
  'el-CY': 'sygkrisi',
  hr: 'usporedba',
  bs: 'poredjenje',
  sr: 'poredjenje',
  'sr-ME': 'poredjenje',
  sk: 'porovnanie',
  de: 'vergleich',
  'de-CH': 'vergleich',
  'de-AT': 'vergleich',
  'de-LU': 'vergleich',
  pl: 'porownanie',
  es: 'comparar',
  pt: 'comparar',
  tr: 'karsilastir',
  'tr-CY': 'karsilastir',
  nl: 'vergelijken',
  'nl-BE': 'vergelijken',
  bg: 'sravnenie',
  ar: 'muqarana',
};

const HIDDEN_WORDS: Readonly<Record<Locale, string>> = {
  cs: 'skryte-nabidky',
  en: 'hidden-offers',
  'en-GB': 'hidden-offers',
  'en-MT': 'hidden-offers',
  'en-AE': 'hidden-offers',
  it: 'annunci-nascosti',
  'it-CH': 'annunci-nascosti',
  fr: 'annonces-masquees',
  'fr-CH': 'annonces-masquees',
  'fr-BE': 'annonces-masquees',
  'el-GR': 'kryfes-aggelies',
  'el-CY': 'kryfes-aggelies',
  hr: 'skriveni-oglasi',
  bs: 'skriveni-oglasi',
  sr: 'skriveni-oglasi',
  'sr-ME': 'skriveni-oglasi',
  sk: 'skryte-ponuky',
  de: 'ausgeblendete-angebote',
  'de-CH': 'ausgeblendete-angebote',
  'de-AT': 'ausgeblendete-angebote',
  'de-LU': 'ausgeblendete-angebote',
  pl: 'ukryte-oferty',
  es: 'anuncios-ocultos',
  pt: 'anuncios-ocultos',
  tr: 'gizli-ilanlar',
  'tr-CY': 'gizli-ilanlar',
  nl: 'verborgen-aanbod',
  'nl-BE': 'verborgen-aanbod',
  bg: 'skriti-obyavi',
  ar: 'iilanat-makhfiya',
};

/** The compare page; `ids` (the offers compared) travel in its query, dot-separated. */
export function comparePath(locale: Locale, ids: readonly number[] = []): string {
  const base = `/${locale}/${COMPARE_WORDS[locale]}`;
  return ids.length > 0 ? `${base}?ids=${ids.join('.')}` : base;
}

export function hiddenOffersPath(locale: Locale): string {
  return `/${locale}/${HIDDEN_WORDS[locale]}`;
}

/** Where the offers' compare, hide and show-again forms post. */
export function offerListsActionPath(locale: Locale): string {
  return `/${locale}/offer-lists`;
}
