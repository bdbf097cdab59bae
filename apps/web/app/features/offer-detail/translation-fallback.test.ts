import type { Locale } from '@estately/domain';
import { describe, expect, it } from 'vitest';
import { type TranslatedText, translationWithFallback } from './translation-fallback.ts';

function run(pageLocale: Locale, offerLocale: Locale, available: Locale[]) {
  const asked: Locale[] = [];
  const errors: string[] = [];
  const result = translationWithFallback({
    pageLocale,
    offerLocale,
    fetchTranslation: async (locale): Promise<TranslatedText | 'missing'> => {
      asked.push(locale);
      return available.includes(locale) ? { locale, description: `text in ${locale}` } : 'missing';
    },
    recordError: (message) => errors.push(message),
  });
  return result.then((value) => ({ value, asked, errors }));
}

describe('offer translation fallback (spec 4)', () => {
  it('asks nothing when the offer is written in the page’s language', async () => {
    expect(await run('de-AT', 'de', ['de'])).toEqual({ value: null, asked: [], errors: [] });
  });

  it('uses the page’s language when a translation exists', async () => {
    const { value, asked, errors } = await run('pl', 'cs', ['pl', 'en']);
    expect(value).toEqual({ locale: 'pl', description: 'text in pl' });
    expect(asked).toEqual(['pl']);
    expect(errors).toEqual([]);
  });

  it('records the error of a missing translation and falls back to English', async () => {
    const { value, asked, errors } = await run('tr', 'cs', ['en']);
    expect(value?.locale).toBe('en');
    expect(asked).toEqual(['tr', 'en']);
    expect(errors).toHaveLength(1);
  });

  it('does not fall back to English when English was asked', async () => {
    const { value, asked, errors } = await run('en-GB', 'cs', []);
    expect(value).toBeNull();
    expect(asked).toEqual(['en-GB']);
    expect(errors).toHaveLength(1);
  });
});
