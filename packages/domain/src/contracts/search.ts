// First: zod's settings for browsers, before this module builds any schema.
import '../zod-csp.ts';
import { z } from 'zod';
import { CURRENCIES } from '../currencies.ts';
import { FILTER_SPEC, MULTI_VALUE_FILTERS } from '../search/filter-spec.ts';
import { FILTER_KEYS, type FilterKey } from '../search/filters.ts';
import type { ValidationMessageKey } from '../validation-messages.ts';
import { OFFER_TYPES, PROPERTY_TYPES } from '../value-sets.ts';
import { OfferCardSchema } from './offers.ts';

// Public offer search (spec 7, spec 9, DESIGN 5): the result list, the facet counts of the
// filter panel and the map clusters share one filter model (search/filter-spec.ts) and its spec 5
// rules. The query schemas here only DOCUMENT the parameters (OpenAPI, with each filter's
// description from its row); the API validates them with `parseFilters`, whose errors name the
// field and carry message keys.

// ---------------------------------------------------------------------------------------------
// Query parameters

/** A URL parameter as it arrives: one string, or several for a repeated key. */
const rawParam = z.union([z.string(), z.array(z.string())]);

// Issue 44 point 6 (decision 072): a guest's hidden offers, left out of the answer.
const hiddenParam = rawParam
  .optional()
  .describe(
    "Offer ids to leave out (a guest's hidden offers, which the web server carries from its cookie), dot- or comma-separated, at most 100; more, or anything but ids, answers 422 `hidden`. A signed-in caller's own hidden offers are left out without it. Such a search is answered for the caller alone (decision 072).",
  );

function filterParams(omit: readonly FilterKey[] = []) {
  const params: Record<string, z.ZodOptional<typeof rawParam>> = {};
  for (const key of FILTER_KEYS) {
    if (!omit.includes(key)) params[key] = rawParam.optional().describe(FILTER_SPEC[key].description);
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
  hidden: hiddenParam,
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
  hidden: hiddenParam,
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
  hidden: hiddenParam,
  // Required: a missing one answers 422 with the same keys the handler uses for a bad one.
  bbox: z
    .union([z.string(), z.array(z.string())], messageKey('validation.invalid_bbox'))
    .describe(`Required. ${FILTER_SPEC.bbox.description}`),
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
