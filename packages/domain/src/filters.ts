import { z } from 'zod';
import { CURRENCIES, type Currency } from './currencies.ts';
import { isSlug } from './slugify.ts';
import type { ValidationMessageKey } from './validation-messages.ts';
import {
  BATHROOMS,
  type Bathrooms,
  BUILDING_TYPES,
  type BuildingType,
  COUNTRY_CODES,
  type CountryCode,
  DISPOSITIONS,
  type Disposition,
  ENERGY_CLASSES,
  type EnergyClass,
  FURNISHINGS,
  type Furnishing,
  HEATING_TYPES,
  type HeatingType,
  OFFER_TYPES,
  type OfferType,
  OTHER_PARAMS,
  type OtherParam,
  OWNERSHIPS,
  type Ownership,
  PARKING_TYPES,
  type ParkingType,
  PROPERTY_TYPES,
  type PropertyType,
  RECONSTRUCTIONS,
  type Reconstruction,
  ROOM_TYPES,
  type RoomType,
  SELLER_TYPES,
  type SellerType,
  TAGS,
  type Tag,
} from './value-sets.ts';

// The search filter model of spec 9 with the validation rules of spec 5. One schema serves the
// API (query validation), the web filter panel and the search-path codec. Field names are
// snake_case like the rest of the offer API (DESIGN 4).

export const SORTS = [
  'activated_at_desc',
  'activated_at_asc',
  'price_asc',
  'price_desc',
  'area_asc',
  'area_desc',
] as const;
export type Sort = (typeof SORTS)[number];

/** Spec 9: default sort activated_at descending, page 1, 25 a page. */
export const DEFAULT_SORT: Sort = 'activated_at_desc';
export const DEFAULT_PAGE = 1;
export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 100;
/** Spec 5: radius default 25 km, maximum 100. */
export const DEFAULT_RADIUS_KM = 25;
export const MAX_RADIUS_KM = 100;

/**
 * The multi-value filters and their value sets (spec 9). An offer matches when its value is
 * one of the chosen values (OR within a filter, AND across filters).
 */
export const MULTI_VALUE_FILTERS = {
  dispositions: DISPOSITIONS,
  bathrooms: BATHROOMS,
  room_types: ROOM_TYPES,
  furnishings: FURNISHINGS,
  other_params: OTHER_PARAMS,
  ownerships: OWNERSHIPS,
  reconstructions: RECONSTRUCTIONS,
  building_types: BUILDING_TYPES,
  heating: HEATING_TYPES,
  parking: PARKING_TYPES,
  energy_classes: ENERGY_CLASSES,
  seller_types: SELLER_TYPES,
  tags: TAGS,
} as const;
export type MultiValueFilter = keyof typeof MULTI_VALUE_FILTERS;
export const MULTI_VALUE_FILTER_KEYS = Object.keys(MULTI_VALUE_FILTERS) as MultiValueFilter[];

/** A map viewport; `west > east` is allowed and means the box crosses the antimeridian. */
export interface BoundingBox {
  south: number;
  west: number;
  north: number;
  east: number;
}

/**
 * A search, in canonical form: absent filters are absent (never `undefined`, `[]` or `false`),
 * multi-value arrays hold distinct values in value-set order, and sort/page/per_page are always
 * present. `parseFilters` produces this form and `serializeFilters` writes it back losslessly.
 */
export interface SearchFilters {
  /** Sale or rent (spec 9 offer types); a path segment in search URLs. */
  offer_type?: OfferType;
  /** Apartment or house (spec 9 property types); a path segment in search URLs. */
  property_type?: PropertyType;
  /** ISO 3166-1 alpha-2 of the country searched in; a path segment in search URLs. */
  country_code?: CountryCode;
  /**
   * Slug of a city or city part inside `country_code` (the last search-path segment). It
   * needs `country_code`: locality slugs are unique per country only, and putting it after
   * the country keeps the path unambiguous even where a town shares a country's name.
   */
  locality?: string;
  /** Id of a row of the locations table (autocomplete picks), an alternative to `locality`. */
  location_id?: number;

  dispositions?: Disposition[];
  bathrooms?: Bathrooms[];
  room_types?: RoomType[];
  furnishings?: Furnishing[];
  other_params?: OtherParam[];
  ownerships?: Ownership[];
  reconstructions?: Reconstruction[];
  building_types?: BuildingType[];
  heating?: HeatingType[];
  parking?: ParkingType[];
  energy_classes?: EnergyClass[];
  seller_types?: SellerType[];
  tags?: Tag[];

  /** Price bounds (> 0, spec 5) in `currency`, which they require. */
  price_from?: number;
  price_to?: number;
  /** Currency of the price bounds; also the currency results are shown in. */
  currency?: Currency;
  /** Useful area bounds in m2 (> 0, spec 5). */
  area_from?: number;
  area_to?: number;

  /** Centre of a radius search (-90..90, -180..180, spec 5); both or neither. */
  lat?: number;
  lng?: number;
  /** Radius around the centre in km (> 0, max 100); defaults to 25 when lat/lng are given. */
  radius_km?: number;

  /** Floor the flat is on (0 = ground floor, negative = below ground). */
  floor_from?: number;
  floor_to?: number;
  /** Number of floors of the building. */
  total_floors_from?: number;
  total_floors_to?: number;
  /** Listing age: only offers activated at most this many days ago. */
  age_days?: number;
  year_built_from?: number;
  year_built_to?: number;
  /** At least this many photos. */
  photos_min?: number;
  /** Only offers with a floor plan. A flag: `false` is the same as absent. */
  has_floor_plan?: boolean;
  /** Only verified listings. A flag: `false` is the same as absent. */
  verified_only?: boolean;
  /** Minimum seller trust score, 0..100 (spec 5). */
  trust_score_min?: number;
  /** Minimum seller rating, 1.0..5.0 (spec 5). */
  seller_rating_min?: number;
  /** Available from this date on or earlier: YYYY-MM-DD, a real calendar date (spec 5). */
  free_from?: string;
  /** Map viewport. */
  bbox?: BoundingBox;

  sort: Sort;
  page: number;
  per_page: number;
}

/** Every filter key in the order the canonical query string uses (alphabetical). */
export const FILTER_KEYS = [
  'age_days',
  'area_from',
  'area_to',
  'bathrooms',
  'bbox',
  'building_types',
  'country_code',
  'currency',
  'dispositions',
  'energy_classes',
  'floor_from',
  'floor_to',
  'free_from',
  'furnishings',
  'has_floor_plan',
  'heating',
  'lat',
  'lng',
  'locality',
  'location_id',
  'offer_type',
  'other_params',
  'ownerships',
  'page',
  'parking',
  'per_page',
  'photos_min',
  'price_from',
  'price_to',
  'property_type',
  'radius_km',
  'reconstructions',
  'room_types',
  'seller_rating_min',
  'seller_types',
  'sort',
  'tags',
  'total_floors_from',
  'total_floors_to',
  'trust_score_min',
  'verified_only',
  'year_built_from',
  'year_built_to',
] as const satisfies readonly (keyof SearchFilters)[];
export type FilterKey = (typeof FILTER_KEYS)[number];

/** Bounds checked by the schema; exported so forms can set min/max on their inputs. */
export const FILTER_LIMITS = {
  price: { max: 1e12 },
  area: { max: 1e6 },
  floor: { min: -5, max: 200 },
  total_floors: { min: 1, max: 200 },
  age_days: { min: 1, max: 3650 },
  year_built: { min: 1000, max: 2100 },
  photos_min: { min: 1, max: 100 },
  trust_score: { min: 0, max: 100 },
  seller_rating: { min: 1, max: 5 },
  lat: { min: -90, max: 90 },
  lng: { min: -180, max: 180 },
} as const;

/** The bound pairs checked for from <= to. */
export const RANGE_PAIRS = [
  ['price_from', 'price_to'],
  ['area_from', 'area_to'],
  ['floor_from', 'floor_to'],
  ['total_floors_from', 'total_floors_to'],
  ['year_built_from', 'year_built_to'],
] as const satisfies readonly (readonly [keyof SearchFilters, keyof SearchFilters])[];

export function defaultFilters(): SearchFilters {
  return { sort: DEFAULT_SORT, page: DEFAULT_PAGE, per_page: DEFAULT_PER_PAGE };
}

// ---------------------------------------------------------------------------------------------
// Input normalisation: URL values arrive as strings (possibly repeated, possibly `key[]`),
// JSON bodies as numbers and booleans. Everything is reduced to one plain record first.

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `dispositions[]` and `dispositions` are the same key. */
function baseKey(key: string): string {
  return key.endsWith('[]') ? key.slice(0, -2) : key;
}

function appendValue(record: Record<string, unknown>, key: string, value: unknown): void {
  const name = baseKey(key);
  const existing = record[name];
  if (existing === undefined) record[name] = value;
  else
    record[name] = [
      ...(Array.isArray(existing) ? existing : [existing]),
      ...(Array.isArray(value) ? value : [value]),
    ];
}

/** URLSearchParams, a query string or a plain record -> a record with merged repeated keys. */
export function toFilterRecord(input: unknown): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  if (typeof input === 'string') {
    input = new URLSearchParams(input.startsWith('?') ? input.slice(1) : input);
  }
  if (input instanceof URLSearchParams) {
    for (const [key, value] of input) appendValue(record, key, value);
  } else if (isRecord(input)) {
    for (const [key, value] of Object.entries(input))
      if (value !== undefined) appendValue(record, key, value);
  }
  return record;
}

/** A scalar field given several times takes its last value, as browsers and most servers do. */
function lastValue(value: unknown): unknown {
  return Array.isArray(value) ? value[value.length - 1] : value;
}

function blankToUndefined(value: unknown): unknown {
  if (value === null) return undefined;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' ? undefined : trimmed;
  }
  return value;
}

const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

/** Decimal strings become numbers; anything else is left for the number schema to reject. */
function toNumberInput(value: unknown): unknown {
  const v = blankToUndefined(lastValue(value));
  if (typeof v === 'string') return DECIMAL.test(v) ? Number(v) : v;
  return v;
}

/** Spec 5: boolean URL values accept 1 or true; 0 and false mean off; anything else is invalid. */
function toBooleanInput(value: unknown): unknown {
  const v = blankToUndefined(lastValue(value));
  if (v === '1' || v === 'true' || v === 1) return true;
  if (v === '0' || v === 'false' || v === 0) return false;
  return v;
}

function toEnumInput(upperCase: boolean) {
  return (value: unknown): unknown => {
    const v = blankToUndefined(lastValue(value));
    return typeof v === 'string' ? (upperCase ? v.toUpperCase() : v.toLowerCase()) : v;
  };
}

/** Comma lists and repeated keys are both accepted, and may be mixed. */
function toListInput(value: unknown): unknown {
  if (value === undefined || value === null) return undefined;
  const items = (Array.isArray(value) ? value : [value]).flatMap((item) =>
    typeof item === 'string' ? item.split(',') : [item],
  );
  const kept = items.map(blankToUndefined).filter((item) => item !== undefined);
  return kept.length === 0 ? undefined : kept;
}

function toBboxInput(value: unknown): unknown {
  // A four-item array of numbers is the box itself; otherwise repeated keys give their last value.
  const isTuple =
    Array.isArray(value) &&
    value.length === 4 &&
    value.every((item) => typeof item === 'number' || (typeof item === 'string' && !item.includes(',')));
  let v = isTuple
    ? value.map((item) => toNumberInput(item) ?? Number.NaN)
    : blankToUndefined(lastValue(value));
  if (typeof v === 'string') v = v.split(',').map((part) => toNumberInput(part) ?? Number.NaN);
  if (Array.isArray(v) && v.length === 4) {
    const [south, west, north, east] = v;
    return { south, west, north, east };
  }
  if (isRecord(v)) {
    return {
      south: toNumberInput(v.south),
      west: toNumberInput(v.west),
      north: toNumberInput(v.north),
      east: toNumberInput(v.east),
    };
  }
  return v;
}

// ---------------------------------------------------------------------------------------------
// Field schemas. Every issue carries a message key, never zod's English text.

function key(message: ValidationMessageKey): { error: ValidationMessageKey } {
  return { error: message };
}

interface NumberRules {
  int?: boolean;
  positive?: boolean;
  min?: number;
  max?: number;
}

function numberSchema(rules: NumberRules) {
  let schema = z.number(key('validation.invalid_number'));
  if (rules.int) schema = schema.int(key('validation.invalid_integer'));
  if (rules.positive) schema = schema.gt(0, key('validation.number_not_positive'));
  if (rules.min !== undefined) schema = schema.gte(rules.min, key('validation.number_too_small'));
  if (rules.max !== undefined) schema = schema.lte(rules.max, key('validation.number_too_large'));
  // -0 would print as "0" and come back as 0; canonical numbers are never -0.
  return schema.transform((n) => (n === 0 ? 0 : n));
}

function numberField(rules: NumberRules) {
  return z.preprocess(toNumberInput, numberSchema(rules).optional());
}

const booleanField = z.preprocess(
  toBooleanInput,
  z
    .boolean(key('validation.invalid_boolean'))
    .optional()
    .transform((b) => (b ? true : undefined)),
);

function enumField<const T extends readonly [string, ...string[]]>(values: T, upperCase = false) {
  return z.preprocess(toEnumInput(upperCase), z.enum(values, key('validation.invalid_value')).optional());
}

function listField<const T extends readonly [string, ...string[]]>(values: T) {
  const order = new Map<string, number>(values.map((value, index) => [value, index]));
  return z.preprocess(
    toListInput,
    z
      .array(z.preprocess(toEnumInput(false), z.enum(values, key('validation.invalid_value'))))
      .optional()
      .transform((list) =>
        list ? [...new Set(list)].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0)) : undefined,
      ),
  );
}

/** YYYY-MM-DD that names a real day (no 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const dateField = z.preprocess(
  (value) => blankToUndefined(lastValue(value)),
  z.string(key('validation.invalid_date')).refine(isCalendarDate, key('validation.invalid_date')).optional(),
);

const slugField = z.preprocess(
  toEnumInput(false),
  z.string(key('validation.invalid_slug')).refine(isSlug, key('validation.invalid_slug')).optional(),
);

const lat = numberSchema(FILTER_LIMITS.lat);
const lng = numberSchema(FILTER_LIMITS.lng);

const bboxField = z.preprocess(
  toBboxInput,
  z
    .object({ south: lat, west: lng, north: lat, east: lng }, key('validation.invalid_bbox'))
    .refine((box) => box.south <= box.north, { error: 'validation.invalid_bbox', path: ['north'] })
    .optional(),
);

const shape = {
  offer_type: enumField(OFFER_TYPES),
  property_type: enumField(PROPERTY_TYPES),
  country_code: enumField(COUNTRY_CODES, true),
  locality: slugField,
  location_id: numberField({ int: true, min: 1 }),

  dispositions: listField(MULTI_VALUE_FILTERS.dispositions),
  bathrooms: listField(MULTI_VALUE_FILTERS.bathrooms),
  room_types: listField(MULTI_VALUE_FILTERS.room_types),
  furnishings: listField(MULTI_VALUE_FILTERS.furnishings),
  other_params: listField(MULTI_VALUE_FILTERS.other_params),
  ownerships: listField(MULTI_VALUE_FILTERS.ownerships),
  reconstructions: listField(MULTI_VALUE_FILTERS.reconstructions),
  building_types: listField(MULTI_VALUE_FILTERS.building_types),
  heating: listField(MULTI_VALUE_FILTERS.heating),
  parking: listField(MULTI_VALUE_FILTERS.parking),
  energy_classes: listField(MULTI_VALUE_FILTERS.energy_classes),
  seller_types: listField(MULTI_VALUE_FILTERS.seller_types),
  tags: listField(MULTI_VALUE_FILTERS.tags),

  price_from: numberField({ positive: true, ...FILTER_LIMITS.price }),
  price_to: numberField({ positive: true, ...FILTER_LIMITS.price }),
  currency: enumField(CURRENCIES, true),
  area_from: numberField({ positive: true, ...FILTER_LIMITS.area }),
  area_to: numberField({ positive: true, ...FILTER_LIMITS.area }),

  lat: numberField(FILTER_LIMITS.lat),
  lng: numberField(FILTER_LIMITS.lng),
  radius_km: numberField({ positive: true, max: MAX_RADIUS_KM }),

  floor_from: numberField({ int: true, ...FILTER_LIMITS.floor }),
  floor_to: numberField({ int: true, ...FILTER_LIMITS.floor }),
  total_floors_from: numberField({ int: true, ...FILTER_LIMITS.total_floors }),
  total_floors_to: numberField({ int: true, ...FILTER_LIMITS.total_floors }),
  age_days: numberField({ int: true, ...FILTER_LIMITS.age_days }),
  year_built_from: numberField({ int: true, ...FILTER_LIMITS.year_built }),
  year_built_to: numberField({ int: true, ...FILTER_LIMITS.year_built }),
  photos_min: numberField({ int: true, ...FILTER_LIMITS.photos_min }),
  has_floor_plan: booleanField,
  verified_only: booleanField,
  trust_score_min: numberField(FILTER_LIMITS.trust_score),
  seller_rating_min: numberField(FILTER_LIMITS.seller_rating),
  free_from: dateField,
  bbox: bboxField,

  sort: enumField(SORTS),
  page: numberField({ int: true, min: 1 }),
  per_page: numberField({ int: true, min: 1, max: MAX_PER_PAGE }),
};

type ParsedShape = z.output<z.ZodObject<typeof shape>>;

/** Spec 5 rules that span fields; each issue names the field a form should mark. */
function checkCrossField(data: ParsedShape, ctx: z.RefinementCtx): void {
  const issue = (path: string, message: ValidationMessageKey) =>
    ctx.addIssue({ code: 'custom', message, path: [path] });
  if ((data.price_from !== undefined || data.price_to !== undefined) && data.currency === undefined) {
    issue('currency', 'validation.price_currency_required');
  }
  for (const [from, to] of RANGE_PAIRS) {
    const low = data[from];
    const high = data[to];
    if (low !== undefined && high !== undefined && low > high) issue(to, 'validation.range_inverted');
  }
  if (data.lat !== undefined && data.lng === undefined) issue('lng', 'validation.coordinates_incomplete');
  if (data.lng !== undefined && data.lat === undefined) issue('lat', 'validation.coordinates_incomplete');
  const hasCentre = data.lat !== undefined || data.location_id !== undefined || data.locality !== undefined;
  if (data.radius_km !== undefined && !hasCentre) issue('radius_km', 'validation.radius_requires_center');
  if (data.locality !== undefined && data.country_code === undefined) {
    issue('locality', 'validation.locality_requires_country');
  }
}

function toCanonical(data: ParsedShape): SearchFilters {
  const filters: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(data)) if (value !== undefined) filters[name] = value;
  if (data.lat !== undefined && data.lng !== undefined && data.radius_km === undefined) {
    filters.radius_km = DEFAULT_RADIUS_KM;
  }
  filters.sort = data.sort ?? DEFAULT_SORT;
  filters.page = data.page ?? DEFAULT_PAGE;
  filters.per_page = data.per_page ?? DEFAULT_PER_PAGE;
  return filters as unknown as SearchFilters;
}

/**
 * Validates raw filters (URLSearchParams, a query string, or a record of strings, string
 * arrays, numbers and booleans) and returns canonical `SearchFilters`. Unknown keys (tracking
 * parameters, the API client's timestamp) are ignored.
 */
export const SearchFiltersSchema: z.ZodType<SearchFilters, unknown> = z.preprocess(
  toFilterRecord,
  z.object(shape).superRefine(checkCrossField).transform(toCanonical),
);
