import fc from 'fast-check';
import { areaIssues } from './drawn-area-rules.ts';
import { type DrawnArea, quantizeCoordinate } from './drawn-areas.ts';
import {
  FILTER_NAMES,
  FILTER_SPEC,
  type FilterName,
  type FilterSpecRow,
  type NumberLimits,
  RANGE_PAIRS,
  type SearchFilters,
} from './filter-spec.ts';
import { DEFAULT_RADIUS_KM } from './filters.ts';

// fast-check generator of valid, canonical SearchFilters for the round-trip property tests
// (query-string.test.ts, search-path.test.ts), drawn from the rows of the filter table, so a new
// filter is in the round trips at once. Test support only: not exported by index.ts.

/** Doubles within [min, max], never NaN or -0 (canonical numbers are never -0). */
function double(min: number, max: number) {
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((n) => (n === 0 ? 0 : n));
}

function positive(max: number) {
  return double(Number.MIN_VALUE, max).filter((n) => n > 0);
}

const localitySlug = fc
  .array(fc.stringMatching(/^[a-z0-9]{1,8}$/), { minLength: 1, maxLength: 4 })
  .map((parts) => parts.join('-'));

const calendarDate = fc
  .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

const boundingBox = fc
  .tuple(double(-90, 90), double(-180, 180), double(-90, 90), double(-180, 180))
  .map(([s, w, n, e]) => ({ south: Math.min(s, n), west: w, north: Math.max(s, n), east: e }));

/**
 * A polygon around a centre with its vertices at increasing angles (star-shaped, so simple), or
 * a circle; either searched in or left out.
 */
export const drawnAreaArbitrary: fc.Arbitrary<DrawnArea> = fc.oneof(
  fc
    .record({
      lat: double(-60, 60),
      lng: double(-170, 170),
      exclude: fc.boolean(),
      corners: fc.array(fc.tuple(double(0, 1), double(0.01, 1)), { minLength: 3, maxLength: 12 }),
    })
    .map(({ lat, lng, exclude, corners }): DrawnArea => {
      const total = corners.reduce((sum, [step]) => sum + step + 0.2, 0);
      let angle = 0;
      const points = corners.map(([step, radius]): [number, number] => {
        angle += ((step + 0.2) / total) * 2 * Math.PI;
        return [
          quantizeCoordinate(lat + radius * Math.sin(angle)),
          quantizeCoordinate(lng + radius * Math.cos(angle)),
        ];
      });
      return { shape: 'polygon', exclude, points };
    }),
  fc
    .record({
      lat: double(-89, 89),
      lng: double(-180, 180),
      exclude: fc.boolean(),
      radius_m: fc.integer({ min: 50, max: 100_000 }),
    })
    .map(
      ({ lat, lng, exclude, radius_m }): DrawnArea => ({
        shape: 'circle',
        exclude,
        lat: quantizeCoordinate(lat),
        lng: quantizeCoordinate(lng),
        radius_m,
      }),
    ),
);

/** A valid list of areas (the rules of drawn-area-rules.ts hold). */
export const drawnAreasArbitrary = fc
  .array(drawnAreaArbitrary, { minLength: 1, maxLength: 4 })
  .filter((areas) => areaIssues(areas).length === 0);

const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });

/** A number within a row's limits; one without an upper limit stops at `open`. */
function numberWithin(limits: NumberLimits, open: number): fc.Arbitrary<number> {
  const max = limits.max ?? open;
  if (limits.int) return fc.integer({ min: limits.min ?? (limits.positive ? 1 : -open), max });
  return limits.positive ? positive(max) : double(limits.min ?? -open, max);
}

/** Any valid value of one filter, by its row of the filter table. */
function anyValueOf(name: FilterName, row: FilterSpecRow): fc.Arbitrary<unknown> {
  switch (row.kind) {
    case 'enum':
    case 'enum-multi': {
      if (!row.values) throw new Error(`The filter ${name} has no values`);
      return row.kind === 'enum'
        ? fc.constantFrom(...row.values)
        : fc.subarray([...row.values], { minLength: 1 });
    }
    case 'range-from':
    case 'range-to':
    case 'number':
      return numberWithin(row.limits ?? {}, name === 'page' ? 100_000 : 10_000_000);
    case 'boolean':
      return fc.constant(true);
    case 'slug':
      return localitySlug;
    case 'date':
      return calendarDate;
    case 'bbox':
      return boundingBox;
    case 'areas':
      return drawnAreasArbitrary;
  }
}

const everyFilter = fc.record(
  Object.fromEntries(
    FILTER_NAMES.map((name) => {
      const row: FilterSpecRow = FILTER_SPEC[name];
      return [name, row.required ? anyValueOf(name, row) : optional(anyValueOf(name, row))];
    }),
  ),
);

export const validFiltersArbitrary: fc.Arbitrary<SearchFilters> = everyFilter.map((generated) => {
  const f: Record<string, unknown> = { ...generated };
  // The rules of spec 5: from <= to; a locality needs a country; price bounds need a currency;
  // lat and lng come together; a radius needs a centre and defaults to 25 km around lat/lng.
  for (const [from, to] of RANGE_PAIRS) {
    const low = f[from] as number | undefined;
    const high = f[to] as number | undefined;
    if (low !== undefined && high !== undefined && low > high) [f[from], f[to]] = [high, low];
  }
  if (f.country_code === undefined) f.locality = undefined;
  if (f.price_from !== undefined || f.price_to !== undefined) f.currency ??= 'CZK';
  if (f.lat === undefined || f.lng === undefined) [f.lat, f.lng] = [undefined, undefined];
  const hasPoint = f.lat !== undefined;
  const hasCentre = hasPoint || f.location_id !== undefined || f.locality !== undefined;
  if (hasPoint) f.radius_km ??= DEFAULT_RADIUS_KM;
  else if (!hasCentre) f.radius_km = undefined;
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
