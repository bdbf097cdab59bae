import type { Currency } from '../currencies.ts';
import {
  BATHROOMS,
  type Bathrooms,
  BUILDING_TYPES,
  type BuildingType,
  type CountryCode,
  DISPOSITIONS,
  type Disposition,
  ENERGY_CLASSES,
  type EnergyClass,
  FURNISHINGS,
  type Furnishing,
  HEATING_TYPES,
  type HeatingType,
  type OfferType,
  OTHER_PARAMS,
  type OtherParam,
  OWNERSHIPS,
  type Ownership,
  PARKING_TYPES,
  type ParkingType,
  type PropertyType,
  RECONSTRUCTIONS,
  type Reconstruction,
  ROOM_TYPES,
  type RoomType,
  SELLER_TYPES,
  type SellerType,
  TAGS,
  type Tag,
} from '../value-sets.ts';

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
  /**
   * Leave out reserved offers (they stay in search by default, with a badge; decision 042).
   * A flag: `false` is the same as absent.
   */
  hide_reserved?: boolean;
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
  'hide_reserved',
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

// The bounds live in filter-limits.ts (the filter panel imports them alone).
export { FILTER_LIMITS } from './filter-limits.ts';

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
