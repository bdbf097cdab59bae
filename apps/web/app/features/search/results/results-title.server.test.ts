import { defaultFilters, type SearchFilters } from '@estately/domain';
import { describe, expect, it } from 'vitest';
import { resultsFoundText, searchPlaceName } from './results-title.server.ts';

// The count in the results page's title and heading (issue 39 point 11): count, what and where
// in the locale's words and plural forms, the place never declined.

const filters = (extra: Partial<SearchFilters>): SearchFilters => ({ ...defaultFilters(), ...extra });
const NBSP = '\u00a0';

describe('resultsFoundText', () => {
  const brnoFlats = filters({
    offer_type: 'sale',
    property_type: 'apartment',
    country_code: 'CZ',
    locality: 'brno',
  });

  it('says count, what and where in the locale’s plural forms', () => {
    const brno = searchPlaceName('cs', brnoFlats, 'Brno');
    expect(resultsFoundText('cs', brnoFlats, 1158, brno)).toBe(`Brno: 1${NBSP}158 bytů na prodej`);
    expect(resultsFoundText('cs', brnoFlats, 3, brno)).toBe('Brno: 3 byty na prodej');
    expect(resultsFoundText('en', brnoFlats, 1158, brno)).toBe('1,158 apartments for sale in Brno');
    expect(resultsFoundText('en-GB', brnoFlats, 1, brno)).toBe('1 flat for sale in Brno');
    expect(resultsFoundText('ar', brnoFlats, 2, brno)).toBe('شقتان للبيع في Brno');
  });

  it('names a country with a form that needs no article', () => {
    const houses = filters({ property_type: 'house', country_code: 'NL' });
    const place = searchPlaceName('en', houses, undefined);
    expect(place).toEqual({ name: 'Netherlands', country: true });
    expect(resultsFoundText('en', houses, 5, place)).toBe('5 houses – Netherlands');
  });

  it('is the plain count with a place alone, and nothing when the search names nothing', () => {
    const place = searchPlaceName(
      'en',
      filters({ country_code: 'CZ', locality: 'usti-nad-labem' }),
      undefined,
    );
    expect(place).toEqual({ name: 'Usti nad labem', country: false });
    expect(resultsFoundText('en', filters({ locality: 'usti-nad-labem' }), 7, place)).toBe(
      '7 offers in Usti nad labem',
    );
    expect(resultsFoundText('en', filters({ dispositions: ['2'] }), 7, null)).toBeNull();
  });
});
