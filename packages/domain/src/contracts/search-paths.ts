// First: zod's settings for browsers, before this module builds any schema.
import '../zod-csp.ts';
import { z } from 'zod';
import { CURRENCIES } from '../currencies.ts';
import { LOCALES } from '../locales.ts';
import { MULTI_VALUE_FILTERS, SORTS } from '../search/filters.ts';
import { SearchFiltersSchema } from '../search/filters-schema.ts';
import { COUNTRY_CODES, OFFER_TYPES, PROPERTY_TYPES } from '../value-sets.ts';
import { LocationKindSchema } from './locations.ts';

// POST /public/offer_search_path/decompose and /compose (spec 7; the compose shape is ours,
// DESIGN 4): a localized search URL (spec 2) to filters (spec 9) and back.

/**
 * The canonical filters as the API returns them (the output of `parseFilters`): absent
 * filters are absent, lists hold distinct values in value-set order, sort/page/per_page are
 * always present. Written out field by field so the OpenAPI document shows every filter.
 */
export const SearchFiltersOutputSchema = z.object({
  offer_type: z.enum(OFFER_TYPES).optional(),
  property_type: z.enum(PROPERTY_TYPES).optional(),
  country_code: z.enum(COUNTRY_CODES).optional(),
  locality: z.string().optional(),
  location_id: z.number().int().optional(),
  dispositions: z.array(z.enum(MULTI_VALUE_FILTERS.dispositions)).optional(),
  bathrooms: z.array(z.enum(MULTI_VALUE_FILTERS.bathrooms)).optional(),
  room_types: z.array(z.enum(MULTI_VALUE_FILTERS.room_types)).optional(),
  furnishings: z.array(z.enum(MULTI_VALUE_FILTERS.furnishings)).optional(),
  other_params: z.array(z.enum(MULTI_VALUE_FILTERS.other_params)).optional(),
  ownerships: z.array(z.enum(MULTI_VALUE_FILTERS.ownerships)).optional(),
  reconstructions: z.array(z.enum(MULTI_VALUE_FILTERS.reconstructions)).optional(),
  building_types: z.array(z.enum(MULTI_VALUE_FILTERS.building_types)).optional(),
  heating: z.array(z.enum(MULTI_VALUE_FILTERS.heating)).optional(),
  parking: z.array(z.enum(MULTI_VALUE_FILTERS.parking)).optional(),
  energy_classes: z.array(z.enum(MULTI_VALUE_FILTERS.energy_classes)).optional(),
  seller_types: z.array(z.enum(MULTI_VALUE_FILTERS.seller_types)).optional(),
  tags: z.array(z.enum(MULTI_VALUE_FILTERS.tags)).optional(),
  price_from: z.number().optional(),
  price_to: z.number().optional(),
  currency: z.enum(CURRENCIES).optional(),
  area_from: z.number().optional(),
  area_to: z.number().optional(),
  lat: z.number().optional(),
  lng: z.number().optional(),
  radius_km: z.number().optional(),
  floor_from: z.number().int().optional(),
  floor_to: z.number().int().optional(),
  total_floors_from: z.number().int().optional(),
  total_floors_to: z.number().int().optional(),
  age_days: z.number().int().optional(),
  year_built_from: z.number().int().optional(),
  year_built_to: z.number().int().optional(),
  photos_min: z.number().int().optional(),
  has_floor_plan: z.boolean().optional(),
  hide_reserved: z.boolean().optional(),
  verified_only: z.boolean().optional(),
  trust_score_min: z.number().optional(),
  seller_rating_min: z.number().optional(),
  free_from: z.string().optional(),
  bbox: z.object({ south: z.number(), west: z.number(), north: z.number(), east: z.number() }).optional(),
  sort: z.enum(SORTS),
  page: z.number().int(),
  per_page: z.number().int(),
});

/** The place a locality slug (or a location id) named. */
export const SearchPathLocationSchema = z.object({
  id: z.number().int(),
  kind: LocationKindSchema,
  /** Name in the path's locale (falls back like the location calls). */
  name: z.string(),
  /** The slug in the path's locale, as the canonical path writes it. */
  slug: z.string(),
  country_code: z.string().length(2),
});
export type SearchPathLocation = z.infer<typeof SearchPathLocationSchema>;

export const DecomposeSearchPathBodySchema = z.object({
  /**
   * A search URL: `/{locale}/{search word}/{offer type}/{property type}/{country}/{locality}`
   * with an optional `?query` of further filters; an absolute URL is accepted too. Czech
   * `hledani` is accepted as the search word under every locale (spec 2).
   */
  path: z.string().trim().min(1).max(4096),
});

export const DecomposeSearchPathResponseSchema = z.object({
  locale: z.enum(LOCALES),
  filters: SearchFiltersOutputSchema,
  /**
   * The same search in canonical form: the locale's own search word, the locality slug in the
   * path's locale, the canonical query. Clients redirect when it differs from what they asked.
   */
  canonical_path: z.string(),
  /** The place named by the locality segment; null when the path has none. */
  location_id: z.number().int().nullable(),
  location: SearchPathLocationSchema.nullable(),
});
export type DecomposeSearchPathResponse = z.infer<typeof DecomposeSearchPathResponseSchema>;

export const ComposeSearchPathBodySchema = z.object({
  locale: z.enum(LOCALES),
  /**
   * Filters as the search takes them (spec 9, validated by spec 5). `location_id` of a city or
   * city part becomes the country and locality segments; a `locality` slug of another locale
   * (a language switch) is translated into this locale's slug.
   */
  filters: SearchFiltersSchema,
});

export const ComposeSearchPathResponseSchema = z.object({
  /** Path and canonical query, e.g. `/cs/hledani/prodej/byty/cesko/praha?dispositions=2,3`. */
  path: z.string(),
  location_id: z.number().int().nullable(),
  location: SearchPathLocationSchema.nullable(),
});
export type ComposeSearchPathResponse = z.infer<typeof ComposeSearchPathResponseSchema>;
