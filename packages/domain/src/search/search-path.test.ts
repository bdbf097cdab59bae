import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../locales.ts';
import { LOCALE_SLUGS } from '../slugs.ts';
import type { SearchFilters } from './filter-spec.ts';
import { searchUrlFiltersArbitrary } from './filters.arbitrary.ts';
import { defaultFilters } from './filters.ts';
import {
  composeSearchPath,
  decomposeSearchPath,
  localeFromSegment,
  searchPathComposer,
} from './search-path.ts';
import { SEARCH_WORDS } from './search-words.ts';

function filters(extra: Partial<SearchFilters>): SearchFilters {
  return { ...defaultFilters(), ...extra };
}

describe('composeSearchPath', () => {
  it('builds the spec example path in Czech', () => {
    expect(
      composeSearchPath(
        'cs',
        filters({ offer_type: 'sale', property_type: 'apartment', country_code: 'CZ', locality: 'praha' }),
      ),
    ).toBe('/cs/hledani/prodej/byty/cesko/praha');
    expect(
      composeSearchPath('cs', filters({ offer_type: 'rent', property_type: 'house', country_code: 'PL' })),
    ).toBe('/cs/hledani/pronajem/domy/polsko');
  });

  it('leaves out absent segments and puts the rest in the query', () => {
    expect(composeSearchPath('en', filters({ offer_type: 'rent', country_code: 'DE' }))).toBe(
      '/en/search/rent/germany',
    );
    expect(composeSearchPath('de', filters({ property_type: 'house', dispositions: ['3'], page: 2 }))).toBe(
      '/de/suche/haeuser?dispositions=3&page=2',
    );
    expect(composeSearchPath('ar', defaultFilters())).toBe('/ar/bhth');
  });

  it('uses every locale’s own search word', () => {
    for (const locale of LOCALES) {
      expect(composeSearchPath(locale, defaultFilters())).toBe(`/${locale}/${SEARCH_WORDS[locale]}`);
    }
  });

  it('drops a currency without price bounds and keeps it with one', () => {
    expect(composeSearchPath('en', filters({ offer_type: 'sale', currency: 'EUR' }))).toBe('/en/search/sale');
    expect(composeSearchPath('en', filters({ currency: 'EUR', dispositions: ['2'] }))).toBe(
      '/en/search?dispositions=2',
    );
    expect(composeSearchPath('en', filters({ currency: 'EUR', price_from: 100_000 }))).toBe(
      '/en/search?currency=EUR&price_from=100000',
    );
    expect(composeSearchPath('en', filters({ currency: 'EUR', price_to: 300_000 }))).toBe(
      '/en/search?currency=EUR&price_to=300000',
    );
    // Every locale's link of one search agrees.
    const compose = searchPathComposer(filters({ currency: 'CZK', page: 2 }));
    expect(compose('de')).toBe('/de/suche?page=2');
  });
});

describe('decomposeSearchPath', () => {
  it('reads the spec example path', () => {
    expect(decomposeSearchPath('/cs/hledani/prodej/byty/cesko/praha?dispositions=2,3')).toEqual({
      success: true,
      locale: 'cs',
      filters: filters({
        offer_type: 'sale',
        property_type: 'apartment',
        country_code: 'CZ',
        locality: 'praha',
        dispositions: ['2', '3'],
      }),
    });
  });

  it('accepts any subset of segments in order', () => {
    expect(decomposeSearchPath('/en/search/rent/germany')).toMatchObject({
      success: true,
      filters: { offer_type: 'rent', country_code: 'DE' },
    });
    expect(decomposeSearchPath('/cs/hledani/byty')).toMatchObject({
      filters: { property_type: 'apartment' },
    });
    expect(decomposeSearchPath('/cs/hledani/slovensko/bratislava')).toMatchObject({
      filters: { country_code: 'SK', locality: 'bratislava' },
    });
    expect(decomposeSearchPath('/cs/hledani')).toEqual({
      success: true,
      locale: 'cs',
      filters: defaultFilters(),
    });
    expect(decomposeSearchPath('/cs/hledani/')).toEqual({
      success: true,
      locale: 'cs',
      filters: defaultFilters(),
    });
  });

  it('accepts hledani in every locale (the spec’s second reading)', () => {
    for (const locale of LOCALES) {
      const slugs = LOCALE_SLUGS[locale];
      const result = decomposeSearchPath(`/${locale}/hledani/${slugs.offerTypes.rent}/${slugs.countries.AT}`);
      expect(result, locale).toEqual({
        success: true,
        locale,
        filters: filters({ offer_type: 'rent', country_code: 'AT' }),
      });
    }
  });

  it('keeps a town that shares a country’s name apart from the country', () => {
    expect(decomposeSearchPath('/de/suche/luxemburg/luxemburg')).toMatchObject({
      filters: { country_code: 'LU', locality: 'luxemburg' },
    });
  });

  it('rejects unknown, misplaced and repeated segments', () => {
    expect(decomposeSearchPath('/cs/hledani/praha')).toEqual({
      success: false,
      error: 'unknown_segment',
      segment: 'praha',
    });
    expect(decomposeSearchPath('/cs/hledani/byty/prodej')).toEqual({
      success: false,
      error: 'unknown_segment',
      segment: 'prodej',
    });
    expect(decomposeSearchPath('/cs/hledani/prodej/prodej')).toMatchObject({ error: 'unknown_segment' });
    expect(decomposeSearchPath('/cs/hledani/cesko/praha/extra')).toMatchObject({
      error: 'unknown_segment',
      segment: 'extra',
    });
    // A slug of another language is not a slug of this one.
    expect(decomposeSearchPath('/cs/hledani/sale')).toMatchObject({ error: 'unknown_segment' });
    expect(decomposeSearchPath('/cs/hledani/cesko/praha%205')).toMatchObject({ error: 'unknown_segment' });
  });

  it('rejects paths that are not search paths', () => {
    for (const path of [
      '/',
      '',
      '/cs',
      '/xx/hledani',
      '/cs/search',
      '/de/zoeken',
      '/cs/inzeraty',
      '/cs/%E0%A4%A',
    ]) {
      expect(decomposeSearchPath(path), path).toEqual({ success: false, error: 'not_a_search_path' });
    }
  });

  it('reports invalid query filters', () => {
    expect(decomposeSearchPath('/cs/hledani/prodej?price_from=100')).toEqual({
      success: false,
      error: 'invalid_filters',
      errors: { currency: ['validation.price_currency_required'] },
    });
  });

  it('lets path segments win over the same keys in the query', () => {
    expect(decomposeSearchPath('/cs/hledani/prodej?offer_type=rent')).toMatchObject({
      filters: { offer_type: 'sale' },
    });
    expect(decomposeSearchPath('/cs/hledani?offer_type=rent')).toMatchObject({
      filters: { offer_type: 'rent' },
    });
  });

  it('is case-insensitive, ignores the hash and reads absolute URLs', () => {
    expect(decomposeSearchPath('/EL-gr/Anazitisi/POLISI#top')).toMatchObject({
      success: true,
      locale: 'el-GR',
      filters: { offer_type: 'sale' },
    });
    expect(decomposeSearchPath('https://example.test/fr/recherche/location/france?page=3')).toMatchObject({
      locale: 'fr',
      filters: { offer_type: 'rent', country_code: 'FR', page: 3 },
    });
    expect(localeFromSegment('nl-be')).toBe('nl-BE');
    expect(localeFromSegment('nl-xx')).toBeUndefined();
  });
});

describe('round trip in all 30 locales', () => {
  it('decompose(compose(locale, f)) deep-equals f', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LOCALES), searchUrlFiltersArbitrary, (locale, f) => {
        expect(decomposeSearchPath(composeSearchPath(locale, f))).toStrictEqual({
          success: true,
          locale,
          filters: f,
        });
      }),
      { numRuns: 600 },
    );
  }, 30_000);

  it('holds for every locale with every path segment set', () => {
    fc.assert(
      fc.property(searchUrlFiltersArbitrary, (f) => {
        for (const locale of LOCALES) {
          const full = {
            ...f,
            offer_type: 'rent',
            property_type: 'house',
            country_code: 'CZ',
            locality: 'brno',
          } as const;
          expect(decomposeSearchPath(composeSearchPath(locale, full))).toStrictEqual({
            success: true,
            locale,
            filters: full,
          });
        }
      }),
      { numRuns: 30 },
    );
  }, 30_000);
});
