import { type Locale, languageOf } from '@estately/domain';

export interface TranslatedText {
  locale: Locale;
  description: string;
}

/**
 * Spec 4: an offer's description in the page's language. A missing translation (404) records an
 * error and falls back to English, unless English was what was asked (or the offer is written in
 * English anyway). Null when the original is already in the page's language or nothing exists.
 */
export async function translationWithFallback(options: {
  pageLocale: Locale;
  offerLocale: Locale;
  fetchTranslation: (locale: Locale) => Promise<TranslatedText | 'missing'>;
  recordError: (message: string) => void;
}): Promise<TranslatedText | null> {
  const { pageLocale, offerLocale } = options;
  if (languageOf(pageLocale) === languageOf(offerLocale)) return null;
  const asked = await options.fetchTranslation(pageLocale);
  if (asked !== 'missing') return asked;
  options.recordError(`no ${pageLocale} translation of the offer's description`);
  if (languageOf(pageLocale) === 'en' || languageOf(offerLocale) === 'en') return null;
  const english = await options.fetchTranslation('en');
  if (english !== 'missing') return english;
  options.recordError("no English translation of the offer's description");
  return null;
}
