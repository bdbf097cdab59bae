import fc from 'fast-check';
import { CURRENCIES } from '../currencies.ts';
import { COUNTRY_CODES, OFFER_TYPES, PROPERTY_TYPES } from '../value-sets.ts';
import { MULTI_VALUE_FILTERS, type SearchFilters } from './filter-spec.ts';
import { FILTER_LIMITS, MAX_PER_PAGE, MAX_RADIUS_KM, SORTS } from './filters.ts';

// fast-check generator of valid, canonical SearchFilters for the round-trip property tests
// (query-string.test.ts, search-path.test.ts). Test support only: not exported by index.ts.

/** Doubles within [min, max], never NaN or -0 (canonical numbers are never -0). */
function double(min: number, max: number) {
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((n) => (n === 0 ? 0 : n));
}

function positive(max: number) {
  return double(Number.MIN_VALUE, max).filter((n) => n > 0);
}

/** An ordered pair of optional bounds: either may be absent, and from <= to when both exist. */
function range(arb: fc.Arbitrary<number>) {
  return fc
    .tuple(fc.option(arb, { nil: undefined }), fc.option(arb, { nil: undefined }))
    .map(([a, b]): [number | undefined, number | undefined] =>
      a !== undefined && b !== undefined && a > b ? [b, a] : [a, b],
    );
}

function subset<T>(values: readonly T[]) {
  return fc.option(fc.subarray([...values], { minLength: 1 }), { nil: undefined });
}

const localitySlug = fc
  .array(fc.stringMatching(/^[a-z0-9]{1,8}$/), { minLength: 1, maxLength: 4 })
  .map((parts) => parts.join('-'));

const calendarDate = fc
  .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

const multiValues = fc.record(
  Object.fromEntries(Object.entries(MULTI_VALUE_FILTERS).map(([name, values]) => [name, subset(values)])),
);

const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });

export const validFiltersArbitrary: fc.Arbitrary<SearchFilters> = fc
  .record({
    offer_type: optional(fc.constantFrom(...OFFER_TYPES)),
    property_type: optional(fc.constantFrom(...PROPERTY_TYPES)),
    country_code: optional(fc.constantFrom(...COUNTRY_CODES)),
    locality: optional(localitySlug),
    location_id: optional(fc.integer({ min: 1, max: 10_000_000 })),
    multi: multiValues,
    price: range(positive(FILTER_LIMITS.price.max)),
    currency: optional(fc.constantFrom(...CURRENCIES)),
    area: range(positive(FILTER_LIMITS.area.max)),
    point: optional(fc.tuple(double(-90, 90), double(-180, 180))),
    radius_km: optional(positive(MAX_RADIUS_KM)),
    floor: range(fc.integer(FILTER_LIMITS.floor)),
    total_floors: range(fc.integer(FILTER_LIMITS.total_floors)),
    age_days: optional(fc.integer(FILTER_LIMITS.age_days)),
    year_built: range(fc.integer(FILTER_LIMITS.year_built)),
    photos_min: optional(fc.integer(FILTER_LIMITS.photos_min)),
    has_floor_plan: optional(fc.constant(true)),
    hide_reserved: optional(fc.constant(true)),
    verified_only: optional(fc.constant(true)),
    trust_score_min: optional(double(0, 100)),
    seller_rating_min: optional(double(1, 5)),
    free_from: optional(calendarDate),
    bbox: optional(
      fc
        .tuple(double(-90, 90), double(-180, 180), double(-90, 90), double(-180, 180))
        .map(([s, w, n, e]) => ({
          south: Math.min(s, n),
          west: w,
          north: Math.max(s, n),
          east: e,
        })),
    ),
    sort: fc.constantFrom(...SORTS),
    page: fc.integer({ min: 1, max: 100_000 }),
    per_page: fc.integer({ min: 1, max: MAX_PER_PAGE }),
  })
  .map((r) => {
    const f: Record<string, unknown> = {
      offer_type: r.offer_type,
      property_type: r.property_type,
      country_code: r.country_code,
      // The rules: a locality needs a country, price bounds need a currency, a radius needs a centre.
      locality: r.country_code ? r.locality : undefined,
      location_id: r.location_id,
      ...r.multi,
      price_from: r.price[0],
      price_to: r.price[1],
      currency: r.price[0] !== undefined || r.price[1] !== undefined ? (r.currency ?? 'CZK') : r.currency,
      area_from: r.area[0],
      area_to: r.area[1],
      lat: r.point?.[0],
      lng: r.point?.[1],
      floor_from: r.floor[0],
      floor_to: r.floor[1],
      total_floors_from: r.total_floors[0],
      total_floors_to: r.total_floors[1],
      age_days: r.age_days,
      year_built_from: r.year_built[0],
      year_built_to: r.year_built[1],
      photos_min: r.photos_min,
      has_floor_plan: r.has_floor_plan,
      hide_reserved: r.hide_reserved,
      verified_only: r.verified_only,
      trust_score_min: r.trust_score_min,
      seller_rating_min: r.seller_rating_min,
      free_from: r.free_from,
      bbox: r.bbox,
      sort: r.sort,
      page: r.page,
      per_page: r.per_page,
    };
    const hasCentre = r.point !== undefined || f.location_id !== undefined || f.locality !== undefined;
    f.radius_km = r.point !== undefined ? (r.radius_km ?? 25) : hasCentre ? r.radius_km : undefined;
    for (const key of Object.keys(f)) if (f[key] === undefined) delete f[key];
    return f as unknown as SearchFilters;
  });

/** Valid searches as a search URL carries them: a currency only next to a price bound. */
export const searchUrlFiltersArbitrary: fc.Arbitrary<SearchFilters> = validFiltersArbitrary.map((f) => {
  if (f.price_from !== undefined || f.price_to !== undefined) return f;
  const rest = { ...f };
  delete rest.currency;
  return rest;
});
