// First: zod's settings for browsers, before this module builds any schema.
import '../zod-csp.ts';
import { z } from 'zod';
import { CURRENCIES } from '../currencies.ts';
import {
  DEFAULT_PER_PAGE,
  DEFAULT_RADIUS_KM,
  FILTER_KEYS,
  type FilterKey,
  MAX_PER_PAGE,
  MAX_RADIUS_KM,
  MULTI_VALUE_FILTERS,
  SORTS,
} from '../search/filters.ts';
import type { ValidationMessageKey } from '../validation-messages.ts';
import { OFFER_TYPES, PROPERTY_TYPES } from '../value-sets.ts';
import { OfferCardSchema } from './offers.ts';

// Public offer search (spec 7, spec 9, DESIGN 5): the result list, the facet counts of the
// filter panel and the map clusters share one filter model (filters.ts) and its spec 5 rules.
// The query schemas here only DOCUMENT the parameters (OpenAPI); the API validates them with
// `parseFilters`, whose errors name the field and carry message keys.

// ---------------------------------------------------------------------------------------------
// Query parameters

const FILTER_DESCRIPTIONS: Readonly<Record<FilterKey, string>> = {
  offer_type: `One of ${OFFER_TYPES.join(', ')}.`,
  property_type: `One of ${PROPERTY_TYPES.join(', ')}.`,
  country_code: 'ISO 3166-1 alpha-2 country code, e.g. CZ.',
  locality: 'Slug of a city or city part (any locale); needs country_code. Matches the place and its parts.',
  location_id: 'Id of a location (autocomplete pick): matches offers in it and in its children (city parts).',
  dispositions: `Comma list or repeated key; any of ${MULTI_VALUE_FILTERS.dispositions.join(', ')}.`,
  bathrooms: 'Any of 1, 2+ (2+ = two or more bathrooms).',
  room_types: `Offers having at least one of ${MULTI_VALUE_FILTERS.room_types.join(', ')}.`,
  furnishings: `Any of ${MULTI_VALUE_FILTERS.furnishings.join(', ')}.`,
  other_params: `Offers having at least one of ${MULTI_VALUE_FILTERS.other_params.join(', ')}.`,
  ownerships: `Any of ${MULTI_VALUE_FILTERS.ownerships.join(', ')}.`,
  reconstructions: `Any of ${MULTI_VALUE_FILTERS.reconstructions.join(', ')}.`,
  building_types: `Any of ${MULTI_VALUE_FILTERS.building_types.join(', ')}.`,
  heating: `Any of ${MULTI_VALUE_FILTERS.heating.join(', ')}.`,
  parking: `Any of ${MULTI_VALUE_FILTERS.parking.join(', ')}.`,
  energy_classes: `Any of ${MULTI_VALUE_FILTERS.energy_classes.join(', ')}.`,
  seller_types: `Any of ${MULTI_VALUE_FILTERS.seller_types.join(', ')}.`,
  tags: `Offers having at least one of ${MULTI_VALUE_FILTERS.tags.join(', ')}.`,
  price_from:
    'Lower price bound (> 0) in `currency`, which is then required. Compared on the price normalised to CZK with the current exchange rates, so an EUR bound finds offers priced in CZK.',
  price_to: 'Upper price bound (> 0) in `currency`, which is then required.',
  currency: `Currency of the price bounds and of the prices returned (default CZK): ${CURRENCIES.join(', ')}.`,
  area_from: 'Lower useful-area bound in m² (> 0).',
  area_to: 'Upper useful-area bound in m² (> 0).',
  lat: 'Latitude of a radius-search centre (-90..90); needs lng.',
  lng: 'Longitude of a radius-search centre (-180..180); needs lat.',
  radius_km: `Radius in km around lat/lng (or around location_id / locality), > 0, max ${MAX_RADIUS_KM}; default ${DEFAULT_RADIUS_KM} with lat/lng.`,
  floor_from: 'Lowest floor (0 = ground floor).',
  floor_to: 'Highest floor.',
  total_floors_from: 'Fewest floors of the building.',
  total_floors_to: 'Most floors of the building.',
  age_days: 'Only offers activated at most this many days ago.',
  year_built_from: 'Built in or after this year.',
  year_built_to: 'Built in or before this year.',
  photos_min: 'At least this many photos.',
  has_floor_plan: 'Only offers with a floor plan: 1 or true (0/false = no filter).',
  hide_reserved: 'Leave out reserved offers: 1 or true (0/false = no filter; decision 042).',
  verified_only: 'Only verified listings: 1 or true (0/false = no filter).',
  trust_score_min: 'Minimum seller trust score, 0..100.',
  seller_rating_min: 'Minimum seller rating, 1.0..5.0.',
  free_from:
    'YYYY-MM-DD: offers available on this date at the latest (an offer without a date is available now).',
  bbox: 'Viewport `south,west,north,east` in degrees; west > east crosses the antimeridian.',
  sort: `One of ${SORTS.join(', ')} (default activated_at_desc); ties are broken by id.`,
  page: 'Page number, from 1 (default 1).',
  per_page: `Items a page, 1..${MAX_PER_PAGE} (default ${DEFAULT_PER_PAGE}).`,
};

/** A URL parameter as it arrives: one string, or several for a repeated key. */
const rawParam = z.union([z.string(), z.array(z.string())]);

function filterParams(omit: readonly FilterKey[] = []) {
  const params: Record<string, z.ZodOptional<typeof rawParam>> = {};
  for (const key of FILTER_KEYS) {
    if (!omit.includes(key)) params[key] = rawParam.optional().describe(FILTER_DESCRIPTIONS[key]);
  }
  return params;
}

/**
 * GET /public/offers query: every filter of spec 9 (see `SearchFiltersSchema`). Loose, so
 * `key[]` spellings and unknown parameters (the client's timestamp) pass through to the filter
 * parser, which ignores the unknown ones.
 */
export const SearchOffersQuerySchema = z.looseObject({
  ...filterParams(),
  facets: rawParam
    .optional()
    .describe(
      'With `1` (or `true`) the answer also holds `facets`: the counts GET /public/offers/facets gives for the same filters, every group (one round trip for a results page and its filter panel). `0`, `false` or absent: no counts.',
    ),
});

// ---------------------------------------------------------------------------------------------
// GET /public/offers

export const PageMetaSchema = z.object({
  next_page: z.number().int().nullable(),
  page: z.number().int(),
  per_page: z.number().int(),
  prev_page: z.number().int().nullable(),
  total: z.number().int(),
  total_pages: z.number().int(),
});

// The response schema follows the facet counts it may hold (below).

// ---------------------------------------------------------------------------------------------
// GET /public/offers/facets

/** Filter groups the panel shows counts for: the single-choice types and every value-set filter. */
export const FACET_VALUES = {
  offer_type: OFFER_TYPES,
  property_type: PROPERTY_TYPES,
  ...MULTI_VALUE_FILTERS,
} as const;
export type FacetGroup = keyof typeof FACET_VALUES;
export const FACET_GROUPS = Object.keys(FACET_VALUES) as FacetGroup[];

export type FacetCounts = { [G in FacetGroup]?: Record<(typeof FACET_VALUES)[G][number], number> };

function facetCountsSchema() {
  const groups: Record<string, z.ZodType> = {};
  for (const group of FACET_GROUPS) {
    groups[group] = z
      .record(z.enum(FACET_VALUES[group]), z.number().int())
      .optional()
      .describe(
        `Offers each ${group} value would give with this group's own choice dropped and every other filter kept.`,
      );
  }
  return z.object(groups) as unknown as z.ZodType<FacetCounts>;
}

/** GET /public/offers answer (the facet counts only when asked with `facets=1`). */
export const SearchOffersResponseSchema = z.object({
  data: z.array(OfferCardSchema),
  meta: PageMetaSchema,
  /** Only when asked with `facets=1`: the same counts as GET /public/offers/facets. */
  facets: facetCountsSchema().optional(),
});
export type SearchOffersResponse = z.infer<typeof SearchOffersResponseSchema>;

export const OfferFacetsQuerySchema = z.looseObject({
  ...filterParams(['sort', 'page', 'per_page']),
  groups: rawParam
    .optional()
    .describe(`Comma list of the groups to count (default all): ${FACET_GROUPS.join(', ')}.`),
});

export const OfferFacetsResponseSchema = z.object({
  /** Offers matching every filter (the list's meta.total). */
  total: z.number().int(),
  /**
   * Disjunctive counts: per group, per value, the offers matching every OTHER filter and that
   * value. A value-set group with values chosen counts as if its choice were widened to the
   * value; a choice the group would add is thus visible before it is clicked. Every value of a
   * requested group is present (0 when nothing matches). For array-valued groups (room_types,
   * other_params, tags) an offer counts once under each value it has.
   */
  facets: facetCountsSchema(),
});
export type OfferFacetsResponse = z.infer<typeof OfferFacetsResponseSchema>;

// ---------------------------------------------------------------------------------------------
// GET /public/offers/map

export const MAP_MIN_ZOOM = 0;
export const MAP_MAX_ZOOM = 22;
/** Most features (clusters + points) one map answer holds; the grid coarsens to stay below it. */
export const MAP_FEATURE_CAP = 500;

function messageKey(message: ValidationMessageKey) {
  return { error: message };
}

/** Zoom level of the viewport: an integer 0..22, required. */
export const MapZoomSchema = z.preprocess(
  (value) => {
    const v = Array.isArray(value) ? value[value.length - 1] : value;
    if (typeof v === 'string' && /^\s*[+-]?\d+(\.\d+)?\s*$/.test(v)) return Number(v);
    return v;
  },
  z
    .number(messageKey('validation.invalid_integer'))
    .int(messageKey('validation.invalid_integer'))
    .gte(MAP_MIN_ZOOM, messageKey('validation.number_too_small'))
    .lte(MAP_MAX_ZOOM, messageKey('validation.number_too_large')),
);

export const OfferMapQuerySchema = z.looseObject({
  ...filterParams(['sort', 'page', 'per_page']),
  // Required: a missing one answers 422 with the same keys the handler uses for a bad one.
  bbox: z
    .union([z.string(), z.array(z.string())], messageKey('validation.invalid_bbox'))
    .describe(`Required. ${FILTER_DESCRIPTIONS.bbox}`),
  zoom: z
    .union([z.string(), z.array(z.string())], messageKey('validation.invalid_integer'))
    .describe(
      `Required. Map zoom level, an integer ${MAP_MIN_ZOOM}..${MAP_MAX_ZOOM}; sets the grid cell size.`,
    ),
});

const BoundsSchema = z.object({ south: z.number(), west: z.number(), north: z.number(), east: z.number() });

export const MapClusterSchema = z.object({
  /** Offers in the cell (>= 2). */
  count: z.number().int(),
  /** Mean position of the cell's offers: where the marker goes. */
  lat: z.number(),
  lng: z.number(),
  /** Box around the cell's offers: zoom to it on click. */
  bounds: BoundsSchema,
});
export type MapCluster = z.infer<typeof MapClusterSchema>;

export const MapPointSchema = z.object({
  id: z.number().int(),
  lat: z.number(),
  lng: z.number(),
  /**
   * Price in `currency` (the asked currency, default CZK), for the marker: converted from another
   * currency it is rounded to three significant figures; null when not given or not convertible.
   */
  price: z.number().nullable(),
  currency: z.enum(CURRENCIES),
});
export type MapPoint = z.infer<typeof MapPointSchema>;

export const OfferMapResponseSchema = z.object({
  /** Offers matching the filters inside the viewport: the sum of cluster counts and points. */
  total: z.number().int(),
  zoom: z.number().int(),
  /** Edge of a grid cell in degrees (coarser than the zoom's own when the cap required it). */
  cell_size_deg: z.number(),
  clusters: z.array(MapClusterSchema),
  /** Cells holding a single offer. */
  points: z.array(MapPointSchema),
});
export type OfferMapResponse = z.infer<typeof OfferMapResponseSchema>;
