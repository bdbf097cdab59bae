import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SearchFilters } from './filter-spec.ts';
import { validFiltersArbitrary } from './filters.arbitrary.ts';
import { defaultFilters } from './filters.ts';
import { serializeFilters } from './query-string.ts';
import { issuesToFieldErrors, parseFilters } from './query-string-parse.ts';

function parsed(input: string | URLSearchParams | Record<string, unknown>): SearchFilters {
  const result = parseFilters(input);
  if (!result.success) throw new Error(JSON.stringify(result.errors));
  return result.data;
}

describe('serializeFilters', () => {
  it('writes nothing for the defaults', () => {
    expect(serializeFilters(defaultFilters())).toBe('');
  });

  it('writes sorted keys, comma lists in value-set order, flags as 1, encoded values', () => {
    const filters = parsed({
      tags: ['sauna', 'bazen'],
      dispositions: ['6+', '2'],
      verified_only: 'true',
      price_from: '1500000',
      currency: 'CZK',
      sort: 'price_asc',
      page: '2',
      bbox: '49.9,14.2,50.2,14.7',
    });
    expect(serializeFilters(filters)).toBe(
      'bbox=49.9,14.2,50.2,14.7&currency=CZK&dispositions=2,6%2B&page=2&price_from=1500000&sort=price_asc&tags=bazen,sauna&verified_only=1',
    );
  });

  it('leaves out the default radius next to a point, but keeps a radius around a location', () => {
    expect(serializeFilters(parsed({ lat: '50', lng: '14' }))).toBe('lat=50&lng=14');
    expect(serializeFilters(parsed({ lat: '50', lng: '14', radius_km: '10' }))).toBe(
      'lat=50&lng=14&radius_km=10',
    );
    expect(serializeFilters(parsed({ location_id: '3', radius_km: '25' }))).toBe(
      'location_id=3&radius_km=25',
    );
  });

  it('leaves out keys it is told to', () => {
    const filters = parsed({ offer_type: 'sale', per_page: '50' });
    expect(serializeFilters(filters, ['offer_type'])).toBe('per_page=50');
  });

  it('is stable: equal filters give equal strings whatever the input order', () => {
    const a = parsed('dispositions=3&dispositions=1&area_to=90&area_from=40');
    const b = parsed('area_from=40&dispositions=1,3&area_to=90');
    expect(serializeFilters(a)).toBe(serializeFilters(b));
  });
});

describe('parseFilters', () => {
  it('accepts URLSearchParams, a query string with or without "?", and records', () => {
    const expected = parsed({ offer_type: 'rent' });
    expect(parsed(new URLSearchParams('offer_type=rent'))).toStrictEqual(expected);
    expect(parsed('?offer_type=rent')).toStrictEqual(expected);
    expect(parsed('offer_type=rent')).toStrictEqual(expected);
  });

  it('reports errors keyed by field with message keys', () => {
    expect(parseFilters('price_from=10&per_page=500')).toEqual({
      success: false,
      errors: { per_page: ['validation.number_too_large'], currency: ['validation.price_currency_required'] },
    });
  });

  it('maps issues to the top-level field and replaces non-key messages', () => {
    expect(
      issuesToFieldErrors([
        { code: 'custom', message: 'validation.invalid_value', path: ['tags', 2], input: 'x' },
        { code: 'custom', message: 'validation.invalid_value', path: ['tags', 3], input: 'y' },
        { code: 'custom', message: 'Some English sentence', path: [], input: null },
      ]),
    ).toEqual({ tags: ['validation.invalid_value'], _: ['validation.invalid_value'] });
  });
});

describe('round trip', () => {
  it('parse(serialize(f)) deep-equals f for valid filters', () => {
    fc.assert(
      fc.property(validFiltersArbitrary, (filters) => {
        const back = parseFilters(serializeFilters(filters));
        expect(back).toStrictEqual({ success: true, data: filters });
      }),
      { numRuns: 500 },
    );
  }, 30_000);

  it('serialize(parse(q)) is a fixed point for canonical strings', () => {
    fc.assert(
      fc.property(validFiltersArbitrary, (filters) => {
        const query = serializeFilters(filters);
        expect(serializeFilters(parsed(query))).toBe(query);
      }),
      { numRuns: 200 },
    );
  }, 30_000);
});
