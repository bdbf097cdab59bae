import { DEFAULT_PAGE, DEFAULT_PER_PAGE, DEFAULT_SORT } from './filter-defaults.ts';
import type { FilterName, SearchFilters } from './filter-spec.ts';

// The search filter model of spec 9 with the validation rules of spec 5: its rows are in
// filter-spec.ts; this module holds the canonical key order, the defaults and the reading of raw
// input into one record, which the browser's URL writing needs without the table. Field names are
// snake_case like the rest of the offer API (DESIGN 4).

export {
  DEFAULT_PAGE,
  DEFAULT_PER_PAGE,
  DEFAULT_RADIUS_KM,
  DEFAULT_SORT,
  MAX_PER_PAGE,
  MAX_RADIUS_KM,
  SORTS,
  type Sort,
} from './filter-defaults.ts';

/** Every filter key in the order the canonical query string uses (alphabetical). */
export const FILTER_KEYS = [
  'age_days',
  'area_from',
  'area_to',
  'areas',
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
] as const satisfies readonly FilterName[];
export type FilterKey = (typeof FILTER_KEYS)[number];

// The bounds live in filter-limits.ts (what needs only them imports them alone).
export { FILTER_LIMITS } from './filter-limits.ts';

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
