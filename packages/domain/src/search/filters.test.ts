import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGE_KEYS } from '../validation-messages.ts';
import { MULTI_VALUE_FILTER_KEYS, MULTI_VALUE_FILTERS } from './filter-spec.ts';
import { DEFAULT_RADIUS_KM, defaultFilters, FILTER_KEYS } from './filters.ts';
import { isCalendarDate, SearchFiltersSchema, safeParseSearchFilters } from './filters-schema.ts';
import { parseFilters } from './query-string-parse.ts';

function errorsOf(input: Record<string, unknown> | string) {
  const result = parseFilters(input);
  if (result.success) throw new Error(`expected failure, got ${JSON.stringify(result.data)}`);
  return result.errors;
}

function dataOf(input: Record<string, unknown> | string | URLSearchParams) {
  const result = parseFilters(input);
  if (!result.success) throw new Error(`expected success, got ${JSON.stringify(result.errors)}`);
  return result.data;
}

describe('filter model (spec 9)', () => {
  it('has defaults: sort activated_at_desc, page 1, per page 25', () => {
    expect(dataOf({})).toStrictEqual(defaultFilters());
    expect(defaultFilters()).toStrictEqual({ sort: 'activated_at_desc', page: 1, per_page: 25 });
  });

  it('covers every value set of spec 9 as a multi-value filter', () => {
    expect(MULTI_VALUE_FILTER_KEYS.sort()).toEqual(
      [
        'bathrooms',
        'building_types',
        'dispositions',
        'energy_classes',
        'furnishings',
        'heating',
        'other_params',
        'ownerships',
        'parking',
        'reconstructions',
        'room_types',
        'seller_types',
        'tags',
      ].sort(),
    );
  });

  it('lists every key once, alphabetically', () => {
    expect([...FILTER_KEYS]).toEqual([...FILTER_KEYS].sort());
    expect(new Set(FILTER_KEYS).size).toBe(FILTER_KEYS.length);
  });

  it.each(MULTI_VALUE_FILTER_KEYS)('%s accepts every value of its set and rejects others', (name) => {
    const values = [...MULTI_VALUE_FILTERS[name]];
    expect(dataOf({ [name]: values })[name]).toEqual(values);
    expect(errorsOf({ [name]: [values[0], 'nonsense'] })).toEqual({ [name]: ['validation.invalid_value'] });
  });

  it('reads comma lists, repeated keys and key[] alike, deduplicated in value-set order', () => {
    const params = new URLSearchParams(
      'dispositions=3,1&dispositions=6%2B&dispositions[]=1&dispositions[]=maisonette',
    );
    expect(dataOf(params).dispositions).toEqual(['1', '3', '6+', 'maisonette']);
    expect(dataOf({ tags: 'sauna, bazen' }).tags).toEqual(['bazen', 'sauna']);
  });

  it('drops empty lists and blank values', () => {
    const data = dataOf({ dispositions: '', tags: [',', ' '], price_from: '', offer_type: ' ' });
    expect(data).toStrictEqual(defaultFilters());
  });

  it('takes single values case-insensitively; country and currency are upper-cased', () => {
    const data = dataOf({ offer_type: 'RENT', property_type: 'House', country_code: 'de', currency: 'eur' });
    expect(data).toMatchObject({
      offer_type: 'rent',
      property_type: 'house',
      country_code: 'DE',
      currency: 'EUR',
    });
    expect(errorsOf({ offer_type: 'lease' })).toEqual({ offer_type: ['validation.invalid_value'] });
    expect(errorsOf({ country_code: 'XX' })).toEqual({ country_code: ['validation.invalid_value'] });
    expect(errorsOf({ currency: 'BTC' })).toEqual({ currency: ['validation.invalid_value'] });
  });

  it('takes the last of repeated scalar values', () => {
    expect(dataOf('page=2&page=3').page).toBe(3);
  });

  it('ignores unknown keys such as the client timestamp', () => {
    expect(dataOf({ timestamp: '1700000000', utm_source: 'x' })).toStrictEqual(defaultFilters());
  });
});

describe('spec 5 validation rules', () => {
  it('price bounds must be greater than 0', () => {
    expect(errorsOf({ price_from: '0', currency: 'CZK' })).toEqual({
      price_from: ['validation.number_not_positive'],
    });
    expect(errorsOf({ price_to: '-5', currency: 'CZK' })).toEqual({
      price_to: ['validation.number_not_positive'],
    });
    expect(dataOf({ price_from: '0.5', currency: 'CZK' }).price_from).toBe(0.5);
  });

  it('price bounds need a currency', () => {
    expect(errorsOf({ price_from: '100' })).toEqual({ currency: ['validation.price_currency_required'] });
    expect(errorsOf({ price_to: '100' })).toEqual({ currency: ['validation.price_currency_required'] });
    expect(dataOf({ price_from: '100', price_to: '200', currency: 'EUR' })).toMatchObject({
      price_from: 100,
      price_to: 200,
      currency: 'EUR',
    });
    // A currency alone is fine: it is also the display currency.
    expect(dataOf({ currency: 'USD' }).currency).toBe('USD');
  });

  it('radius defaults to 25 km around a point, max 100, greater than 0', () => {
    expect(dataOf({ lat: '50.08', lng: '14.43' })).toMatchObject({
      lat: 50.08,
      lng: 14.43,
      radius_km: DEFAULT_RADIUS_KM,
    });
    expect(dataOf({ lat: '50', lng: '14', radius_km: '100' }).radius_km).toBe(100);
    expect(errorsOf({ lat: '50', lng: '14', radius_km: '100.5' })).toEqual({
      radius_km: ['validation.number_too_large'],
    });
    expect(errorsOf({ lat: '50', lng: '14', radius_km: '0' })).toEqual({
      radius_km: ['validation.number_not_positive'],
    });
  });

  it('radius needs a centre: a point, a location or a locality', () => {
    expect(errorsOf({ radius_km: '10' })).toEqual({ radius_km: ['validation.radius_requires_center'] });
    expect(dataOf({ radius_km: '10', location_id: '7' }).radius_km).toBe(10);
    expect(dataOf({ location_id: '7' }).radius_km).toBeUndefined();
  });

  it('latitude -90..90 and longitude -180..180, given together', () => {
    expect(dataOf({ lat: '-90', lng: '180' })).toMatchObject({ lat: -90, lng: 180 });
    expect(dataOf({ lat: '90', lng: '-180' })).toMatchObject({ lat: 90, lng: -180 });
    expect(errorsOf({ lat: '90.0001', lng: '0' })).toEqual({ lat: ['validation.number_too_large'] });
    expect(errorsOf({ lat: '0', lng: '-180.5' })).toEqual({ lng: ['validation.number_too_small'] });
    expect(errorsOf({ lat: '50' })).toEqual({ lng: ['validation.coordinates_incomplete'] });
    expect(errorsOf({ lng: '14' })).toEqual({ lat: ['validation.coordinates_incomplete'] });
  });

  it('area bounds must be greater than 0', () => {
    expect(errorsOf({ area_from: '0' })).toEqual({ area_from: ['validation.number_not_positive'] });
    expect(dataOf({ area_from: '45.5', area_to: '80' })).toMatchObject({ area_from: 45.5, area_to: 80 });
  });

  it('trust score 0..100 and seller rating 1.0..5.0', () => {
    expect(dataOf({ trust_score_min: '0' }).trust_score_min).toBe(0);
    expect(dataOf({ trust_score_min: '100' }).trust_score_min).toBe(100);
    expect(errorsOf({ trust_score_min: '101' })).toEqual({
      trust_score_min: ['validation.number_too_large'],
    });
    expect(errorsOf({ trust_score_min: '-1' })).toEqual({ trust_score_min: ['validation.number_too_small'] });
    expect(dataOf({ seller_rating_min: '1.0' }).seller_rating_min).toBe(1);
    expect(dataOf({ seller_rating_min: '4.5' }).seller_rating_min).toBe(4.5);
    expect(errorsOf({ seller_rating_min: '0.9' })).toEqual({
      seller_rating_min: ['validation.number_too_small'],
    });
    expect(errorsOf({ seller_rating_min: '5.1' })).toEqual({
      seller_rating_min: ['validation.number_too_large'],
    });
  });

  it('dates are YYYY-MM-DD and real days', () => {
    expect(dataOf({ free_from: '2026-02-28' }).free_from).toBe('2026-02-28');
    expect(dataOf({ free_from: '2028-02-29' }).free_from).toBe('2028-02-29');
    for (const bad of [
      '2026-02-29',
      '2026-13-01',
      '2026-00-10',
      '26-01-01',
      '2026-1-1',
      '01.02.2026',
      '2026-01-01T00:00',
    ]) {
      expect(errorsOf({ free_from: bad }), bad).toEqual({ free_from: ['validation.invalid_date'] });
    }
    expect(isCalendarDate('2000-02-29')).toBe(true);
    expect(isCalendarDate('1900-02-29')).toBe(false);
  });

  it('boolean URL values accept 1 or true; 0 and false mean off; anything else is invalid', () => {
    expect(dataOf({ has_floor_plan: '1', verified_only: 'true' })).toMatchObject({
      has_floor_plan: true,
      verified_only: true,
    });
    expect(dataOf({ has_floor_plan: true }).has_floor_plan).toBe(true);
    const off = dataOf({ has_floor_plan: '0', verified_only: 'false' });
    expect(off).toStrictEqual(defaultFilters());
    for (const bad of ['yes', 'on', '2', 'TRUEISH']) {
      expect(errorsOf({ verified_only: bad }), bad).toEqual({
        verified_only: ['validation.invalid_boolean'],
      });
    }
  });

  it('from must not exceed to where both are given', () => {
    expect(errorsOf({ price_from: '200', price_to: '100', currency: 'CZK' })).toEqual({
      price_to: ['validation.range_inverted'],
    });
    expect(errorsOf({ area_from: '90', area_to: '80' })).toEqual({ area_to: ['validation.range_inverted'] });
    expect(errorsOf({ floor_from: '5', floor_to: '2' })).toEqual({ floor_to: ['validation.range_inverted'] });
    expect(errorsOf({ total_floors_from: '5', total_floors_to: '2' })).toEqual({
      total_floors_to: ['validation.range_inverted'],
    });
    expect(errorsOf({ year_built_from: '2000', year_built_to: '1990' })).toEqual({
      year_built_to: ['validation.range_inverted'],
    });
    expect(dataOf({ area_from: '80', area_to: '80' })).toMatchObject({ area_from: 80, area_to: 80 });
  });
});

describe('further filters', () => {
  it('accepts a full set of valid values', () => {
    const data = dataOf({
      floor_from: '-1',
      floor_to: '10',
      total_floors_from: '2',
      total_floors_to: '12',
      age_days: '7',
      year_built_from: '1990',
      year_built_to: '2026',
      photos_min: '5',
      location_id: '42',
      bbox: '49.9,14.2,50.2,14.7',
      sort: 'price_asc',
      page: '3',
      per_page: '100',
    });
    expect(data).toStrictEqual({
      floor_from: -1,
      floor_to: 10,
      total_floors_from: 2,
      total_floors_to: 12,
      age_days: 7,
      year_built_from: 1990,
      year_built_to: 2026,
      photos_min: 5,
      location_id: 42,
      bbox: { south: 49.9, west: 14.2, north: 50.2, east: 14.7 },
      sort: 'price_asc',
      page: 3,
      per_page: 100,
    });
  });

  it('rejects fractions where counts are expected', () => {
    for (const name of [
      'floor_from',
      'total_floors_to',
      'age_days',
      'year_built_from',
      'photos_min',
      'page',
      'per_page',
      'location_id',
    ]) {
      expect(errorsOf({ [name]: '2.5' }), name).toEqual({ [name]: ['validation.invalid_integer'] });
    }
  });

  it('rejects text, hex and infinities where numbers are expected', () => {
    for (const bad of ['abc', '0x10', 'Infinity', '1,5', '12abc', 'NaN']) {
      expect(errorsOf({ age_days: bad }), bad).toEqual({ age_days: ['validation.invalid_number'] });
    }
    expect(errorsOf({ trust_score_min: Number.POSITIVE_INFINITY })).toEqual({
      trust_score_min: ['validation.invalid_number'],
    });
  });

  it('bounds per page to 1..100 and page to >= 1', () => {
    expect(errorsOf({ per_page: '101' })).toEqual({ per_page: ['validation.number_too_large'] });
    expect(errorsOf({ per_page: '0' })).toEqual({ per_page: ['validation.number_too_small'] });
    expect(errorsOf({ page: '0' })).toEqual({ page: ['validation.number_too_small'] });
    expect(errorsOf({ sort: 'random' })).toEqual({ sort: ['validation.invalid_value'] });
  });

  it('accepts every sort', () => {
    for (const sort of [
      'activated_at_desc',
      'activated_at_asc',
      'price_asc',
      'price_desc',
      'area_asc',
      'area_desc',
    ]) {
      expect(dataOf({ sort }).sort).toBe(sort);
    }
  });

  it('reads the bounding box from a list, an array or an object, and checks its ranges', () => {
    const box = { south: 1, west: 2, north: 3, east: 4 };
    expect(dataOf({ bbox: '1,2,3,4' }).bbox).toEqual(box);
    expect(dataOf({ bbox: [1, 2, 3, 4] }).bbox).toEqual(box);
    expect(dataOf({ bbox: { south: '1', west: '2', north: '3', east: '4' } }).bbox).toEqual(box);
    // Crossing the antimeridian: west greater than east.
    expect(dataOf({ bbox: '-10,170,10,-170' }).bbox).toEqual({
      south: -10,
      west: 170,
      north: 10,
      east: -170,
    });
    expect(errorsOf({ bbox: '1,2,3' })).toEqual({ bbox: ['validation.invalid_bbox'] });
    expect(errorsOf({ bbox: '3,2,1,4' })).toEqual({ bbox: ['validation.invalid_bbox'] });
    expect(errorsOf({ bbox: '91,2,92,4' })).toEqual({ bbox: ['validation.number_too_large'] });
    expect(errorsOf({ bbox: '1,x,3,4' })).toEqual({ bbox: ['validation.invalid_number'] });
  });

  it('locality is a slug inside a country', () => {
    expect(dataOf({ country_code: 'CZ', locality: 'Praha-5' })).toMatchObject({ locality: 'praha-5' });
    expect(errorsOf({ locality: 'praha' })).toEqual({ locality: ['validation.locality_requires_country'] });
    expect(errorsOf({ country_code: 'CZ', locality: 'praha 5' })).toEqual({
      locality: ['validation.invalid_slug'],
    });
    expect(errorsOf({ country_code: 'CZ', locality: '-praha' })).toEqual({
      locality: ['validation.invalid_slug'],
    });
  });

  it('reports several fields at once', () => {
    expect(Object.keys(errorsOf({ per_page: '0', age_days: 'x', tags: 'nope' })).sort()).toEqual([
      'age_days',
      'per_page',
      'tags',
    ]);
  });

  it('never normalises to -0', () => {
    expect(Object.is(dataOf({ lat: '-0', lng: '-0' }).lat, 0)).toBe(true);
  });
});

describe('error messages are keys', () => {
  it('every message in a broad set of bad inputs is a known key', () => {
    const inputs: Record<string, unknown>[] = [
      { price_from: 'x', price_to: '-1', area_from: '0', lat: 'abc', lng: 500, radius_km: 'z' },
      { dispositions: ['7'], bbox: 'a', free_from: 20260101, has_floor_plan: 'maybe', page: -1 },
      { locality: 5, country_code: 4, sort: ['price_desc', 'nope'], currency: {} },
      { trust_score_min: [], seller_rating_min: {}, bbox: { south: 'n' } },
    ];
    for (const input of inputs) {
      const result = SearchFiltersSchema.safeParse(input);
      expect(result.success).toBe(false);
      for (const issue of result.error?.issues ?? []) {
        expect(VALIDATION_MESSAGE_KEYS, `${issue.path.join('.')}: ${issue.message}`).toContain(issue.message);
      }
    }
  });
});

describe('parsing by the fields a search names', () => {
  // Raw values of every kind a URL or a record may bring: valid, invalid, blank, lists, numbers.
  const rawValue = fc.oneof(
    fc.constantFrom(
      'sale',
      'rent',
      'apartment',
      'house',
      'CZ',
      'de',
      'praha-5',
      'Praha 5',
      '2',
      '3',
      '6+',
      '1',
      '0',
      'true',
      'false',
      'maybe',
      'price_asc',
      'nope',
      '',
      ' ',
      '-1',
      '-0',
      '1.5',
      '1e3',
      '250000',
      '2026-02-30',
      '2026-03-01',
      '49.9,14.2,50.2,14.7',
      '50.2,14.2,49.9,14.7',
      'CZK',
      'usd',
      'sauna',
    ),
    fc.array(fc.constantFrom('1', '2', '3+kk', 'sauna', 'balcony', '', 'x', '6+'), { maxLength: 4 }),
    fc.integer({ min: -5, max: 3_000_000 }),
    fc.double({ noNaN: false }),
    fc.boolean(),
    fc.constant(null),
  );
  const rawFilters = fc.dictionary(fc.constantFrom(...FILTER_KEYS, 'utm_source', '_t'), rawValue, {
    maxKeys: 8,
  });
  const outcome = (result: ReturnType<typeof safeParseSearchFilters>) =>
    result.success
      ? { data: result.data }
      : { issues: result.error.issues.map(({ code, path, message }) => ({ code, path, message })) };

  it('gives the whole schema’s answer and issues', () => {
    fc.assert(
      fc.property(rawFilters, (input) => {
        expect(outcome(safeParseSearchFilters(input))).toStrictEqual(
          outcome(SearchFiltersSchema.safeParse(input)),
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('reads query strings and URLSearchParams as the whole schema does', () => {
    for (const query of [
      '?offer_type=sale&dispositions=2,3&sort=price_asc',
      'price_from=5&currency=czk&page=0',
      '',
    ]) {
      expect(outcome(safeParseSearchFilters(query))).toStrictEqual(
        outcome(SearchFiltersSchema.safeParse(query)),
      );
      const params = new URLSearchParams(query);
      expect(outcome(safeParseSearchFilters(params))).toStrictEqual(
        outcome(SearchFiltersSchema.safeParse(params)),
      );
    }
  });

  it('still answers alike past the number of field combinations it keeps schemas for', () => {
    // 600 distinct combinations of two or three fields: more than are kept.
    let checked = 0;
    for (const [i, a] of FILTER_KEYS.entries()) {
      for (const b of FILTER_KEYS.slice(i + 1)) {
        for (const c of [undefined, 'page', 'sort'] as const) {
          if (checked >= 600 || c === a || c === b) continue;
          const input: Record<string, unknown> = { [a]: '2', [b]: 'x' };
          if (c) input[c] = '3';
          expect(outcome(safeParseSearchFilters(input))).toStrictEqual(
            outcome(SearchFiltersSchema.safeParse(input)),
          );
          checked++;
        }
      }
    }
    expect(checked).toBe(600);
  });
});
