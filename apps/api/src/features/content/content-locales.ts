import { type Locale, languageOf } from '@estately/domain';

/**
 * Locales whose text a page in `locale` may show, best first: its own, the locale named by its
 * language (de for de-AT, sr for sr-ME), then English. Every locale thus has every page while
 * regional texts can be added one by one.
 */
export function contentLocaleChain(locale: Locale): Locale[] {
  const chain: Locale[] = [locale];
  const language = languageOf(locale) as Locale;
  if (language !== locale && !chain.includes(language)) chain.push(language);
  if (!chain.includes('en')) chain.push('en');
  return chain;
}

/** Rank of a stored locale in the chain (lower is better). */
export function chainRank(chain: readonly Locale[], locale: string): number {
  const index = chain.indexOf(locale as Locale);
  return index < 0 ? chain.length : index;
}
