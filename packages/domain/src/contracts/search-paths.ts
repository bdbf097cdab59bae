// First: zod's settings for browsers, before this module builds any schema.
import '../zod-csp.ts';
import { z } from 'zod';
import { LOCALES } from '../locales.ts';
import {
  FILTER_NAMES,
  FILTER_SPEC,
  type FilterName,
  type FilterSpecRow,
  type NumberLimits,
  type SearchFilters,
} from '../search/filter-spec.ts';
import { SearchFiltersSchema } from '../search/filters-schema.ts';
import { LocationKindSchema } from './locations.ts';

// POST /public/offer_search_path/decompose and /compose (spec 7; the compose shape is ours,
// DESIGN 4): a localized search URL (spec 2) to filters (spec 9) and back.

function numberOutput(limits: NumberLimits = {}) {
  let schema = z.number();
  if (limits.int) schema = schema.int();
  if (limits.positive) schema = schema.gt(0);
  if (limits.min !== undefined) schema = schema.gte(limits.min);
  if (limits.max !== undefined) schema = schema.lte(limits.max);
  return schema;
}

function outputField(name: FilterName, row: FilterSpecRow): z.ZodType {
  let field: z.ZodType;
  switch (row.kind) {
    case 'enum':
    case 'enum-multi':
      if (!row.values) throw new Error(`The filter ${name} has no values`);
      field = row.kind === 'enum' ? z.enum(row.values) : z.array(z.enum(row.values));
      break;
    case 'range-from':
    case 'range-to':
    case 'number':
      field = numberOutput(row.limits);
      break;
    case 'boolean':
      field = z.boolean();
      break;
    case 'slug':
    case 'date':
      field = z.string();
      break;
    case 'bbox':
      field = z.object({ south: z.number(), west: z.number(), north: z.number(), east: z.number() });
      break;
    case 'areas':
      field = z.array(
        z.discriminatedUnion('shape', [
          z.object({
            shape: z.literal('polygon'),
            exclude: z.boolean(),
            points: z.array(z.tuple([z.number(), z.number()])),
          }),
          z.object({
            shape: z.literal('circle'),
            exclude: z.boolean(),
            lat: z.number(),
            lng: z.number(),
            radius_m: z.number().int(),
          }),
        ]),
      );
      break;
  }
  return (row.required ? field : field.optional()).describe(row.description);
}

/**
 * The canonical filters as the API returns them (the output of `parseFilters`): absent
 * filters are absent, lists hold distinct values in value-set order, sort/page/per_page are
 * always present. One property per row of the filter table, so the OpenAPI document shows every
 * filter with its limits and description.
 */
export const SearchFiltersOutputSchema = z.object(
  Object.fromEntries(FILTER_NAMES.map((name) => [name, outputField(name, FILTER_SPEC[name])])),
) as unknown as z.ZodType<SearchFilters>;

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
