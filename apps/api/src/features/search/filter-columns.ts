import { offers } from '@estately/db';
import {
  type ExchangeRates,
  FACET_GROUPS,
  type FacetGroup,
  type FilterName,
  normalizePrice,
  type SearchFilters,
} from '@estately/domain';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

// What "an offer matches these filters" means, once, as data (docs/decisions/057): one row per
// filter of spec 9 naming the read-model column it is tested on and how. The SQL conditions of
// public search (offer-conditions.ts), the saved-search matcher's residual SQL
// (saved-searches/match-saved-searches.ts) and the facet index's choices and bounds are all
// derived from these rows, so a new filter is a row here and a column of `offers`. Values an
// offer is bucketed into (the bathrooms "2+") are columns of the read model themselves
// (migration 0029), so no matcher re-derives them.

/**
 * Every filter of the domain's filter table (FILTER_SPEC) that chooses offers; sort and paging
 * choose the order and the page.
 */
export type OfferFilter = Exclude<FilterName, 'sort' | 'page' | 'per_page'>;

/**
 * What a bound's value is computed with: the price bounds are compared in CZK, the listing age
 * from now (a caller that reads no age, the facet index, gives no time).
 */
export interface BoundContext {
  rates: ExchangeRates;
  now?: Date;
}

/** The PostgreSQL type of a bound as the saved-search matcher's recordset declares it. */
export type BoundType = 'float8' | 'int' | 'date' | 'timestamptz';

export type FilterColumn =
  /** One chosen value, equal to a single-valued column (offer type, property type, country). */
  | { match: 'equal'; column: AnyPgColumn }
  /** Any of the chosen values, on a single-valued text column (OR within the filter). */
  | { match: 'one-of'; column: AnyPgColumn }
  /** At least one of the chosen values, on a text array column (GIN-indexed `&&`). */
  | { match: 'overlaps'; column: AnyPgColumn }
  /**
   * A bound: column >= value (`at-least`) or <= value (`at-most`). `orNone`: an offer without a
   * value meets it too. `value` computes it when it is not the filter's own value. `typed`: the
   * search's condition names the parameter's type (`::float8`), as the query plans were built on.
   */
  | {
      match: 'at-least' | 'at-most';
      column: AnyPgColumn;
      type: BoundType;
      typed?: boolean;
      orNone?: boolean;
      value?: (filters: SearchFilters, context: BoundContext) => number | string | undefined;
    }
  /** A flag: when set, only offers whose boolean column equals `means`. */
  | { match: 'flag'; column: AnyPgColumn; means: boolean }
  /**
   * Part of the place (a named place, a radius, a map box): matched together by the geography
   * of offer-conditions.ts on these columns, not row by row.
   */
  | { match: 'place'; columns: readonly AnyPgColumn[] }
  /** No column of its own: the unit the bounds of `of` are given in. */
  | { match: 'unit'; of: readonly OfferFilter[] };

export type FilterMatch = FilterColumn['match'];

const DAY_MS = 86_400_000;

/** A price bound in CZK, or undefined without a currency (spec 9: the bounds need one). */
function priceBound(amount: number | undefined, filters: SearchFilters, rates: ExchangeRates) {
  if (amount === undefined || filters.currency === undefined) return undefined;
  return normalizePrice(amount, filters.currency, rates);
}

const PLACE_COLUMNS = [offers.locationPath, offers.location, offers.latitude, offers.longitude] as const;

/**
 * The map, in the order the conditions are written. A `Record` over every filter: a filter of
 * FILTER_SPEC without a row here is a type error (and filter-columns.test.ts fails).
 */
export const FILTER_COLUMNS = {
  offer_type: { match: 'equal', column: offers.offerType },
  property_type: { match: 'equal', column: offers.propertyType },
  country_code: { match: 'equal', column: offers.countryCode },
  locality: { match: 'place', columns: [offers.locationPath] },
  location_id: { match: 'place', columns: [offers.locationPath] },
  lat: { match: 'place', columns: PLACE_COLUMNS },
  lng: { match: 'place', columns: PLACE_COLUMNS },
  radius_km: { match: 'place', columns: PLACE_COLUMNS },
  bbox: { match: 'place', columns: [offers.location, offers.latitude, offers.longitude] },
  // Drawn areas (issue 44 point 1, decision 069): their bounding box, then each area on the point.
  areas: { match: 'place', columns: [offers.location, offers.latitude, offers.longitude] },
  currency: { match: 'unit', of: ['price_from', 'price_to'] },
  price_from: {
    match: 'at-least',
    column: offers.priceNormalized,
    type: 'float8',
    typed: true,
    value: (filters, { rates }) => priceBound(filters.price_from, filters, rates),
  },
  price_to: {
    match: 'at-most',
    column: offers.priceNormalized,
    type: 'float8',
    typed: true,
    value: (filters, { rates }) => priceBound(filters.price_to, filters, rates),
  },
  area_from: { match: 'at-least', column: offers.usefulAreaMeters, type: 'float8' },
  area_to: { match: 'at-most', column: offers.usefulAreaMeters, type: 'float8' },
  floor_from: { match: 'at-least', column: offers.floor, type: 'int' },
  floor_to: { match: 'at-most', column: offers.floor, type: 'int' },
  total_floors_from: { match: 'at-least', column: offers.totalFloors, type: 'int' },
  total_floors_to: { match: 'at-most', column: offers.totalFloors, type: 'int' },
  year_built_from: { match: 'at-least', column: offers.yearBuilt, type: 'int' },
  year_built_to: { match: 'at-most', column: offers.yearBuilt, type: 'int' },
  age_days: {
    match: 'at-least',
    column: offers.activatedAt,
    type: 'timestamptz',
    typed: true,
    value: (filters, { now }) => {
      if (filters.age_days === undefined) return undefined;
      if (now === undefined) throw new Error('age_days: the search has no time to count from');
      return new Date(now.getTime() - filters.age_days * DAY_MS).toISOString();
    },
  },
  photos_min: { match: 'at-least', column: offers.photosCount, type: 'int' },
  has_floor_plan: { match: 'flag', column: offers.hasFloorPlan, means: true },
  // Reserved offers stay in search unless asked (decision 042).
  hide_reserved: { match: 'flag', column: offers.isReserved, means: false },
  verified_only: { match: 'flag', column: offers.isVerified, means: true },
  trust_score_min: { match: 'at-least', column: offers.sellerTrustScore, type: 'float8' },
  seller_rating_min: { match: 'at-least', column: offers.sellerRating, type: 'float8' },
  // No date means available now, which is before any asked date.
  free_from: { match: 'at-most', column: offers.freeFromDate, type: 'date', typed: true, orNone: true },
  dispositions: { match: 'one-of', column: offers.disposition },
  bathrooms: { match: 'one-of', column: offers.bathroomsBucket },
  room_types: { match: 'overlaps', column: offers.roomTypes },
  furnishings: { match: 'one-of', column: offers.furnishings },
  other_params: { match: 'overlaps', column: offers.otherParams },
  ownerships: { match: 'one-of', column: offers.ownership },
  reconstructions: { match: 'one-of', column: offers.reconstruction },
  building_types: { match: 'one-of', column: offers.typeOfBuilding },
  heating: { match: 'one-of', column: offers.typeOfHeating },
  parking: { match: 'one-of', column: offers.parking },
  energy_classes: { match: 'one-of', column: offers.penb },
  seller_types: { match: 'one-of', column: offers.sellerType },
  tags: { match: 'overlaps', column: offers.tags },
} as const satisfies Record<OfferFilter, FilterColumn>;

export const OFFER_FILTERS = Object.keys(FILTER_COLUMNS) as OfferFilter[];

type Rows = typeof FILTER_COLUMNS;
/** The filters matched by one of `kinds`. */
type NamesMatching<K extends FilterMatch> = {
  [N in OfferFilter]: Rows[N]['match'] extends K ? N : never;
}[OfferFilter];

/** Filters that choose among values (equal, one-of, overlaps). */
export type ChoiceFilter = NamesMatching<'equal' | 'one-of' | 'overlaps'>;
/** Filters that bound a column. */
export type BoundFilter = NamesMatching<'at-least' | 'at-most'>;
/** Flags. */
export type FlagFilter = NamesMatching<'flag'>;

/** The facet groups of one value per offer, with their column (the bathrooms bucket included). */
export type ScalarGroup = Extract<FacetGroup, NamesMatching<'equal' | 'one-of'>>;
/** The facet groups of an array of values per offer. */
export type ArrayGroup = Extract<FacetGroup, NamesMatching<'overlaps'>>;

export function rowOf<N extends OfferFilter>(name: N): Rows[N] {
  return FILTER_COLUMNS[name];
}

export function namesMatching(...kinds: FilterMatch[]): OfferFilter[] {
  return OFFER_FILTERS.filter((name) => kinds.includes(FILTER_COLUMNS[name].match));
}

export const CHOICE_FILTERS = namesMatching('equal', 'one-of', 'overlaps') as ChoiceFilter[];
export const BOUND_FILTERS = namesMatching('at-least', 'at-most') as BoundFilter[];
export const FLAG_FILTERS = namesMatching('flag') as FlagFilter[];

const FACETS = new Set<string>(FACET_GROUPS);
/** Whether a filter is a facet group (its choice is dropped when its own values are counted). */
export function isFacetGroup(name: OfferFilter): name is FacetGroup & OfferFilter {
  return FACETS.has(name);
}

export function isArrayGroup(group: FacetGroup): group is ArrayGroup {
  return FILTER_COLUMNS[group].match === 'overlaps';
}

/** The column of a facet group: its value (scalar) or values (array) per offer. */
export function facetColumn(group: FacetGroup): AnyPgColumn {
  return FILTER_COLUMNS[group].column;
}

/** The chosen values of a choice filter (one value for `equal`), or undefined when none. */
export function chosenValues(name: ChoiceFilter, filters: SearchFilters): readonly string[] | undefined {
  const value = filters[name];
  if (value === undefined) return undefined;
  if (typeof value === 'string') return [value];
  return value.length > 0 ? value : undefined;
}

/** A bound's value for `filters` (converted where the row says so), or undefined when unset. */
export function boundValue(
  name: BoundFilter,
  filters: SearchFilters,
  context: BoundContext,
): number | string | undefined {
  const row: FilterColumn = FILTER_COLUMNS[name];
  if (row.match !== 'at-least' && row.match !== 'at-most') return undefined;
  return row.value ? row.value(filters, context) : filters[name];
}

/** Whether a flag is set (`false` is the same as absent). */
export function flagSet(name: FlagFilter, filters: SearchFilters): boolean {
  return filters[name] === true;
}
