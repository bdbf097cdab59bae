import { CURRENCIES } from '../currencies.ts';
import {
  BATHROOMS,
  BUILDING_TYPES,
  COUNTRY_CODES,
  DISPOSITIONS,
  ENERGY_CLASSES,
  FURNISHINGS,
  HEATING_TYPES,
  OFFER_TYPES,
  OTHER_PARAMS,
  OWNERSHIPS,
  PARKING_TYPES,
  PROPERTY_TYPES,
  RECONSTRUCTIONS,
  ROOM_TYPES,
  SELLER_TYPES,
  TAGS,
} from '../value-sets.ts';
import type { DrawnArea } from './drawn-areas.ts';
import {
  DEFAULT_PER_PAGE,
  DEFAULT_RADIUS_KM,
  DEFAULT_SORT,
  MAX_PER_PAGE,
  MAX_RADIUS_KM,
  SORTS,
} from './filter-defaults.ts';
import { FILTER_LIMITS } from './filter-limits.ts';

// The search filters of spec 9 with the rules of spec 5, written once (decision 056): one row per
// filter, keyed by its query-string name. The filter schema (filters-schema.ts), the API's
// parameter and output schemas with their OpenAPI descriptions (contracts/search.ts,
// contracts/search-paths.ts), the search form of GET /v1/property/search-form and the web filter
// panel's groups are derived from this table, and so is the `SearchFilters` type.
//
// No zod here: the schemas are built where something parses, so that code which only writes
// search URLs does not load it. The numeric bounds come from filter-limits.ts, a module of its
// own (decision 056).

/**
 * How a filter is read, checked and written:
 * - `enum`: one value of `values`;
 * - `enum-multi`: any of `values` (a comma list or repeated key; OR within, AND across filters);
 * - `range-from` / `range-to`: the bounds of a range `<x>_from` / `<x>_to`, from <= to;
 * - `number`: one number within `limits`;
 * - `boolean`: a flag, `false` the same as absent;
 * - `slug`: a URL slug; `date`: a YYYY-MM-DD calendar date; `bbox`: a map viewport;
 * - `areas`: polygons and circles drawn on the map (drawn-areas.ts, decision 069).
 */
export const FILTER_KINDS = [
  'enum',
  'enum-multi',
  'range-from',
  'range-to',
  'number',
  'boolean',
  'slug',
  'date',
  'bbox',
  'areas',
] as const;
export type FilterKind = (typeof FILTER_KINDS)[number];

/** Field types of the search form (a subset of the form definitions' types). */
export type SearchFormType = 'enum' | 'multi_enum' | 'number' | 'integer' | 'text' | 'date' | 'boolean';

/** Numeric rules: `positive` means > 0; `min` and `max` are inclusive. */
export interface NumberLimits {
  readonly int?: boolean;
  readonly positive?: boolean;
  readonly min?: number;
  readonly max?: number;
}

export interface FilterSpecRow {
  readonly kind: FilterKind;
  /** The allowed values, in value-set (display and canonical) order. */
  readonly values?: readonly [string, ...string[]];
  /** Values are spelled in upper case (country codes, currencies); input is read case-insensitively. */
  readonly upperCase?: boolean;
  /** i18n value set of the values' labels (`value.<set>.<value>`). */
  readonly valueSet?: string;
  /** i18n key of the filter's label. */
  readonly labelKey?: `filter.${string}`;
  readonly limits?: NumberLimits;
  /** Its field type in the search form; absent when the form does not show the filter. */
  readonly form?: SearchFormType;
  /** Always present in canonical filters: a default fills it in. */
  readonly required?: boolean;
  /** What the filter does, for the OpenAPI document. */
  readonly description: string;
}

function anyOf(values: readonly string[]): string {
  return `Any of ${values.join(', ')}.`;
}
function havingOneOf(values: readonly string[]): string {
  return `Offers having at least one of ${values.join(', ')}.`;
}

/**
 * The table. Its order is the order of the API's filter schemas and of their OpenAPI
 * properties; the canonical query string writes keys alphabetically (FILTER_KEYS) and the search
 * form follows SEARCH_FORM_ORDER.
 */
export const FILTER_SPEC = {
  offer_type: {
    kind: 'enum',
    values: OFFER_TYPES,
    valueSet: 'offer_type',
    labelKey: 'filter.offer_type',
    form: 'enum',
    description: `One of ${OFFER_TYPES.join(', ')}.`,
  },
  property_type: {
    kind: 'enum',
    values: PROPERTY_TYPES,
    valueSet: 'property_type',
    labelKey: 'filter.property_type',
    form: 'enum',
    description: `One of ${PROPERTY_TYPES.join(', ')}.`,
  },
  country_code: {
    kind: 'enum',
    values: COUNTRY_CODES,
    upperCase: true,
    labelKey: 'filter.country',
    form: 'enum',
    description: 'ISO 3166-1 alpha-2 country code, e.g. CZ.',
  },
  locality: {
    kind: 'slug',
    labelKey: 'filter.location',
    form: 'text',
    description:
      'Slug of a city or city part (any locale); needs country_code. Matches the place and its parts.',
  },
  location_id: {
    kind: 'number',
    limits: { int: true, min: 1 },
    description:
      'Id of a location (autocomplete pick): matches offers in it and in its children (city parts).',
  },

  dispositions: {
    kind: 'enum-multi',
    values: DISPOSITIONS,
    valueSet: 'disposition',
    labelKey: 'filter.disposition',
    form: 'multi_enum',
    description: `Comma list or repeated key; any of ${DISPOSITIONS.join(', ')}.`,
  },
  bathrooms: {
    kind: 'enum-multi',
    values: BATHROOMS,
    valueSet: 'bathrooms',
    labelKey: 'filter.bathrooms',
    form: 'multi_enum',
    description: 'Any of 1, 2+ (2+ = two or more bathrooms).',
  },
  room_types: {
    kind: 'enum-multi',
    values: ROOM_TYPES,
    valueSet: 'room_type',
    labelKey: 'filter.room_types',
    form: 'multi_enum',
    description: havingOneOf(ROOM_TYPES),
  },
  furnishings: {
    kind: 'enum-multi',
    values: FURNISHINGS,
    valueSet: 'furnishing',
    labelKey: 'filter.furnishing',
    form: 'multi_enum',
    description: anyOf(FURNISHINGS),
  },
  other_params: {
    kind: 'enum-multi',
    values: OTHER_PARAMS,
    valueSet: 'other_param',
    labelKey: 'filter.other_params',
    form: 'multi_enum',
    description: havingOneOf(OTHER_PARAMS),
  },
  ownerships: {
    kind: 'enum-multi',
    values: OWNERSHIPS,
    valueSet: 'ownership',
    labelKey: 'filter.ownership',
    form: 'multi_enum',
    description: anyOf(OWNERSHIPS),
  },
  reconstructions: {
    kind: 'enum-multi',
    values: RECONSTRUCTIONS,
    valueSet: 'reconstruction',
    labelKey: 'filter.reconstruction',
    form: 'multi_enum',
    description: anyOf(RECONSTRUCTIONS),
  },
  building_types: {
    kind: 'enum-multi',
    values: BUILDING_TYPES,
    valueSet: 'building_type',
    labelKey: 'filter.building_type',
    form: 'multi_enum',
    description: anyOf(BUILDING_TYPES),
  },
  heating: {
    kind: 'enum-multi',
    values: HEATING_TYPES,
    valueSet: 'heating',
    labelKey: 'filter.heating',
    form: 'multi_enum',
    description: anyOf(HEATING_TYPES),
  },
  parking: {
    kind: 'enum-multi',
    values: PARKING_TYPES,
    valueSet: 'parking',
    labelKey: 'filter.parking',
    form: 'multi_enum',
    description: anyOf(PARKING_TYPES),
  },
  energy_classes: {
    kind: 'enum-multi',
    values: ENERGY_CLASSES,
    valueSet: 'energy_class',
    labelKey: 'filter.energy_class',
    form: 'multi_enum',
    description: anyOf(ENERGY_CLASSES),
  },
  seller_types: {
    kind: 'enum-multi',
    values: SELLER_TYPES,
    valueSet: 'seller_type',
    labelKey: 'filter.seller_type',
    form: 'multi_enum',
    description: anyOf(SELLER_TYPES),
  },
  tags: {
    kind: 'enum-multi',
    values: TAGS,
    valueSet: 'tag',
    labelKey: 'filter.tags',
    form: 'multi_enum',
    description: havingOneOf(TAGS),
  },

  price_from: {
    kind: 'range-from',
    limits: { positive: true, ...FILTER_LIMITS.price },
    labelKey: 'filter.price',
    form: 'number',
    description:
      'Lower price bound (> 0) in `currency`, which is then required. Compared on the price normalised to CZK with the current exchange rates, so an EUR bound finds offers priced in CZK.',
  },
  price_to: {
    kind: 'range-to',
    limits: { positive: true, ...FILTER_LIMITS.price },
    labelKey: 'filter.price',
    form: 'number',
    description: 'Upper price bound (> 0) in `currency`, which is then required.',
  },
  currency: {
    kind: 'enum',
    values: CURRENCIES,
    upperCase: true,
    labelKey: 'filter.currency',
    form: 'enum',
    description: `Currency of the price bounds and of the prices returned (default CZK): ${CURRENCIES.join(', ')}.`,
  },
  area_from: {
    kind: 'range-from',
    limits: { positive: true, ...FILTER_LIMITS.area },
    labelKey: 'filter.area',
    form: 'number',
    description: 'Lower useful-area bound in m² (> 0).',
  },
  area_to: {
    kind: 'range-to',
    limits: { positive: true, ...FILTER_LIMITS.area },
    labelKey: 'filter.area',
    form: 'number',
    description: 'Upper useful-area bound in m² (> 0).',
  },

  lat: {
    kind: 'number',
    limits: FILTER_LIMITS.lat,
    description: 'Latitude of a radius-search centre (-90..90); needs lng.',
  },
  lng: {
    kind: 'number',
    limits: FILTER_LIMITS.lng,
    description: 'Longitude of a radius-search centre (-180..180); needs lat.',
  },
  radius_km: {
    kind: 'number',
    limits: { positive: true, max: MAX_RADIUS_KM },
    labelKey: 'filter.radius',
    form: 'number',
    description: `Radius in km around lat/lng (or around location_id / locality), > 0, max ${MAX_RADIUS_KM}; default ${DEFAULT_RADIUS_KM} with lat/lng.`,
  },

  floor_from: {
    kind: 'range-from',
    limits: { int: true, ...FILTER_LIMITS.floor },
    labelKey: 'filter.floor',
    form: 'integer',
    description: 'Lowest floor (0 = ground floor).',
  },
  floor_to: {
    kind: 'range-to',
    limits: { int: true, ...FILTER_LIMITS.floor },
    labelKey: 'filter.floor',
    form: 'integer',
    description: 'Highest floor.',
  },
  total_floors_from: {
    kind: 'range-from',
    limits: { int: true, ...FILTER_LIMITS.total_floors },
    labelKey: 'filter.total_floors',
    form: 'integer',
    description: 'Fewest floors of the building.',
  },
  total_floors_to: {
    kind: 'range-to',
    limits: { int: true, ...FILTER_LIMITS.total_floors },
    labelKey: 'filter.total_floors',
    form: 'integer',
    description: 'Most floors of the building.',
  },
  age_days: {
    kind: 'number',
    limits: { int: true, ...FILTER_LIMITS.age_days },
    labelKey: 'filter.age_days',
    form: 'integer',
    description: 'Only offers activated at most this many days ago.',
  },
  year_built_from: {
    kind: 'range-from',
    limits: { int: true, ...FILTER_LIMITS.year_built },
    labelKey: 'filter.year_built',
    form: 'integer',
    description: 'Built in or after this year.',
  },
  year_built_to: {
    kind: 'range-to',
    limits: { int: true, ...FILTER_LIMITS.year_built },
    labelKey: 'filter.year_built',
    form: 'integer',
    description: 'Built in or before this year.',
  },
  photos_min: {
    kind: 'number',
    limits: { int: true, ...FILTER_LIMITS.photos_min },
    labelKey: 'filter.photos',
    form: 'integer',
    description: 'At least this many photos.',
  },
  has_floor_plan: {
    kind: 'boolean',
    labelKey: 'filter.floor_plan',
    form: 'boolean',
    description: 'Only offers with a floor plan: 1 or true (0/false = no filter).',
  },
  hide_reserved: {
    kind: 'boolean',
    labelKey: 'filter.hide_reserved',
    form: 'boolean',
    description: 'Leave out reserved offers: 1 or true (0/false = no filter; decision 042).',
  },
  verified_only: {
    kind: 'boolean',
    labelKey: 'filter.verified_only',
    form: 'boolean',
    description: 'Only verified listings: 1 or true (0/false = no filter).',
  },
  trust_score_min: {
    kind: 'number',
    limits: FILTER_LIMITS.trust_score,
    labelKey: 'filter.trust_score',
    // The form offers whole scores; the API also takes fractions.
    form: 'integer',
    description: 'Minimum seller trust score, 0..100.',
  },
  seller_rating_min: {
    kind: 'number',
    limits: FILTER_LIMITS.seller_rating,
    labelKey: 'filter.seller_rating',
    form: 'number',
    description: 'Minimum seller rating, 1.0..5.0.',
  },
  free_from: {
    kind: 'date',
    labelKey: 'filter.free_from',
    form: 'date',
    description:
      'YYYY-MM-DD: offers available on this date at the latest (an offer without a date is available now).',
  },
  bbox: {
    kind: 'bbox',
    description: 'Viewport `south,west,north,east` in degrees; west > east crosses the antimeridian.',
  },
  // Issue 44 point 1 (decision 069): drawn search areas.
  areas: {
    kind: 'areas',
    labelKey: 'filter.areas',
    description:
      'Areas drawn on the map, in the compact URL form of drawn-areas.ts (`p`/`c` a polygon/circle to search in, `xp`/`xc` one to leave out, joined by `.`), or in a JSON body as objects `{shape: "polygon", exclude, points: [[lat, lng], ...]}` / `{shape: "circle", exclude, lat, lng, radius_m}`. An offer matches inside at least one area searched in (when there is one) and inside none left out. At most 10 areas, 3..100 vertices a polygon (400 in all), no self-intersection, at most 20 degrees across; circles 50 m..100 km. Coordinates are kept to 1e-5 degrees.',
  },

  sort: {
    kind: 'enum',
    values: SORTS,
    required: true,
    description: `One of ${SORTS.join(', ')} (default ${DEFAULT_SORT}); ties are broken by id.`,
  },
  page: {
    kind: 'number',
    limits: { int: true, min: 1 },
    required: true,
    description: 'Page number, from 1 (default 1).',
  },
  per_page: {
    kind: 'number',
    limits: { int: true, min: 1, max: MAX_PER_PAGE },
    required: true,
    description: `Items a page, 1..${MAX_PER_PAGE} (default ${DEFAULT_PER_PAGE}).`,
  },
} as const satisfies Record<string, FilterSpecRow>;

type Spec = typeof FILTER_SPEC;

/** Every filter's name, which is also its query-string key. */
export type FilterName = keyof Spec;

/** The filters' names in table order. */
export const FILTER_NAMES = Object.keys(FILTER_SPEC) as FilterName[];

/** The row of one filter. */
export function filterSpecRow<N extends FilterName>(name: N): Spec[N] {
  return FILTER_SPEC[name];
}

/** The names of the filters whose row matches `Row`. */
type NamesWhere<Row> = { [N in FilterName]: Spec[N] extends Row ? N : never }[FilterName];

/** The filters of one kind, in table order. */
export function filterNamesOfKind<K extends FilterKind>(kind: K): NamesWhere<{ kind: K }>[] {
  return FILTER_NAMES.filter((name) => FILTER_SPEC[name].kind === kind) as NamesWhere<{ kind: K }>[];
}

// ---------------------------------------------------------------------------------------------
// The canonical filters' type, derived from the rows.

/** A map viewport; `west > east` is allowed and means the box crosses the antimeridian. */
export interface BoundingBox {
  south: number;
  west: number;
  north: number;
  east: number;
}

type ValueOf<Row> = Row extends { kind: 'enum-multi'; values: readonly (infer V)[] }
  ? V[]
  : Row extends { kind: 'enum'; values: readonly (infer V)[] }
    ? V
    : Row extends { kind: 'boolean' }
      ? boolean
      : Row extends { kind: 'bbox' }
        ? BoundingBox
        : Row extends { kind: 'areas' }
          ? DrawnArea[]
          : Row extends { kind: 'slug' | 'date' }
            ? string
            : number;

type RequiredName = NamesWhere<{ required: true }>;

/**
 * A search, in canonical form: absent filters are absent (never `undefined`, `[]` or `false`),
 * multi-value arrays hold distinct values in value-set order, and sort/page/per_page are always
 * present. `parseFilters` produces this form and `serializeFilters` writes it back losslessly.
 * What each filter means is its row's description in FILTER_SPEC.
 */
export type SearchFilters = {
  -readonly [N in Exclude<FilterName, RequiredName>]?: ValueOf<Spec[N]>;
} & { -readonly [N in RequiredName]: ValueOf<Spec[N]> };

// ---------------------------------------------------------------------------------------------
// What is derived from the rows.

/** The multi-value filters' names, in table order. */
export type MultiValueFilter = NamesWhere<{ kind: 'enum-multi' }>;

/**
 * The multi-value filters and their value sets (spec 9). An offer matches when its value is
 * one of the chosen values (OR within a filter, AND across filters).
 */
export const MULTI_VALUE_FILTERS = Object.fromEntries(
  filterNamesOfKind('enum-multi').map((name) => [name, FILTER_SPEC[name].values]),
) as { readonly [N in MultiValueFilter]: Spec[N]['values'] };
export const MULTI_VALUE_FILTER_KEYS = Object.keys(MULTI_VALUE_FILTERS) as MultiValueFilter[];

type RangeBase = NamesWhere<{ kind: 'range-from' }> extends `${infer B}_from` ? B : never;

/** The bound pairs checked for from <= to. */
export const RANGE_PAIRS = filterNamesOfKind('range-from').map(
  (from) => [from, from.replace(/_from$/, '_to')] as const,
) as readonly (readonly [`${RangeBase}_from`, `${RangeBase}_to`])[];

/** A multi-value filter's i18n names: the value set of its choices and the key of its heading. */
export function filterLabels<N extends MultiValueFilter>(
  name: N,
): { valueSet: Spec[N]['valueSet']; labelKey: Spec[N]['labelKey'] } {
  const row = FILTER_SPEC[name];
  return { valueSet: row.valueSet, labelKey: row.labelKey };
}

/** The filters of the search form, in the order the filter panel shows them. */
export const SEARCH_FORM_ORDER = [
  'offer_type',
  'property_type',
  'country_code',
  'locality',
  'price_from',
  'price_to',
  'currency',
  'area_from',
  'area_to',
  'radius_km',
  ...MULTI_VALUE_FILTER_KEYS,
  'floor_from',
  'floor_to',
  'total_floors_from',
  'total_floors_to',
  'year_built_from',
  'year_built_to',
  'age_days',
  'photos_min',
  'trust_score_min',
  'seller_rating_min',
  'free_from',
  'has_floor_plan',
  'verified_only',
  'hide_reserved',
] as const satisfies readonly NamesWhere<{ form: SearchFormType }>[];
