// First: zod's settings for browsers, before this module builds any schema.
import '../zod-csp.ts';
import { z } from 'zod';
import { CURRENCIES } from '../currencies.ts';
import { DEFAULT_LOCALE, LOCALES } from '../locales.ts';
import { COUNTRY_CODES } from '../value-sets.ts';

// Location calls (issue 4 "Locations"; DESIGN 2 "places"): autocomplete over the offline
// gazetteer, a short description of an area, and the nearest place to a point. Field names are
// snake_case like the offer API (DESIGN 4).

export const LOCATION_KIND_VALUES = ['country', 'city', 'city_part'] as const;
export const LocationKindSchema = z.enum(LOCATION_KIND_VALUES);
export type LocationKindValue = z.infer<typeof LocationKindSchema>;

/** Spec 8: the messages the client shows for an area lookup. */
export const AREA_DESCRIPTION_ERROR_MESSAGE = 'Error retrieving area description';
export const NO_RESULTS_MESSAGE = 'No results found.';

export const LOCATION_AUTOCOMPLETE_DEFAULT_LIMIT = 10;
export const LOCATION_AUTOCOMPLETE_MAX_LIMIT = 25;
export const LOCATION_AUTOCOMPLETE_MAX_QUERY_LENGTH = 100;

const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

/**
 * A number in a query string, kept strict: `''`, `abc` and `1,5` are `validation.invalid_number`
 * rather than silently 0 or NaN (z.coerce would turn '' into 0, a valid latitude).
 */
function queryNumber(rules: { min: number; max: number; int?: boolean }) {
  let target = z.number().min(rules.min).max(rules.max);
  if (rules.int) target = target.int({ error: 'validation.invalid_integer' });
  return z
    .string({ error: 'validation.invalid_number' })
    .trim()
    .regex(DECIMAL, { error: 'validation.invalid_number' })
    .transform(Number)
    .pipe(target);
}

/** Spec 5: latitude from -90 to 90, longitude from -180 to 180. */
export const LatitudeParamSchema = queryNumber({ min: -90, max: 90 });
export const LongitudeParamSchema = queryNumber({ min: -180, max: 180 });

/** A place as the location calls return it, named in the requested locale. */
export const LocationSummarySchema = z.object({
  id: z.number().int(),
  kind: LocationKindSchema,
  /** The name in the requested locale; else in a locale of the same language, English, or any. */
  name: z.string(),
  /** The locale `name` and `slug` are in (differs from the requested one after a fallback). */
  name_locale: z.enum(LOCALES),
  /** URL slug in `name_locale`, the last segment of a search path (spec 2). */
  slug: z.string(),
  country_code: z.string().length(2),
  parent_id: z.number().int().nullable(),
  /** The city of a city part, the country of a city; in the same locale fallback order. */
  parent_name: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  population: z.number().int(),
});
export type LocationSummary = z.infer<typeof LocationSummarySchema>;

// ---------------------------------------------------------------------------------------------
// GET /public/locations/autocomplete

export const LocationAutocompleteQuerySchema = z.object({
  /** What the visitor typed: a name in any of the 30 locales, accents and case ignored. */
  q: z.string().trim().min(1).max(LOCATION_AUTOCOMPLETE_MAX_QUERY_LENGTH),
  /** Locale the names are returned in (default cs). */
  locale: z.enum(LOCALES).default(DEFAULT_LOCALE),
  /** How many places to return: 1 to 25, default 10. */
  limit: queryNumber({ min: 1, max: LOCATION_AUTOCOMPLETE_MAX_LIMIT, int: true }).optional(),
  /** Only places in this country. */
  country_code: z
    .string()
    .trim()
    .toUpperCase()
    .pipe(z.enum(COUNTRY_CODES, { error: 'validation.invalid_value' }))
    .optional(),
});

export const LocationSuggestionSchema = LocationSummarySchema.extend({
  /** The name (in whichever locale) the query matched, for highlighting: "Munich" for a cs user seeing "Mnichov". */
  matched_name: z.string(),
});
export type LocationSuggestion = z.infer<typeof LocationSuggestionSchema>;

export const LocationAutocompleteResponseSchema = z.object({ data: z.array(LocationSuggestionSchema) });
export type LocationAutocompleteResponse = z.infer<typeof LocationAutocompleteResponseSchema>;

// ---------------------------------------------------------------------------------------------
// GET /public/locations/{id}/area_description

export const LocationIdParamsSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,15}$/, { error: 'validation.invalid_integer' })
    .transform(Number),
});

export const AreaDescriptionQuerySchema = z.object({
  locale: z.enum(LOCALES).default(DEFAULT_LOCALE),
  /** Currency of the median prices; default the locale's currency (cs CZK, de EUR, en-GB GBP ...). */
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .pipe(z.enum(CURRENCIES, { error: 'validation.invalid_value' }))
    .optional(),
});

const OfferStatsSchema = z.object({
  /** Active public offers in the area (the location or any place inside it). */
  count: z.number().int(),
  /** Offers with a price and a useful area, the sample the median is taken over. */
  priced_count: z.number().int(),
  /**
   * Median asking price per m2 in `currency`, rounded to whole units; for rent, per month
   * (weekly and daily rents are scaled to a month). Null without priced offers.
   */
  median_price_per_m2: z.number().nullable(),
});

export const AreaDescriptionResponseSchema = z.object({
  location: LocationSummarySchema,
  currency: z.enum(CURRENCIES),
  population: z.number().int(),
  offers: z.object({ sale: OfferStatsSchema, rent: OfferStatsSchema }),
  points_of_interest: z.object({
    /**
     * The circle around the place that was counted, in km; null for a country, where every
     * point of interest of the country's cities counts.
     */
    radius_km: z.number().nullable(),
    total: z.number().int(),
    /** Count per kind, most frequent first; kinds without a point are left out. */
    by_kind: z.array(z.object({ kind: z.string(), count: z.number().int() })),
  }),
});
export type AreaDescription = z.infer<typeof AreaDescriptionResponseSchema>;

// ---------------------------------------------------------------------------------------------
// GET /public/locations/reverse

/** Places further than this from the point are not offered as "nearest". */
export const REVERSE_LOOKUP_MAX_KM = 1000;

export const ReverseLocationQuerySchema = z.object({
  lat: LatitudeParamSchema,
  lng: LongitudeParamSchema,
  locale: z.enum(LOCALES).default(DEFAULT_LOCALE),
});

/** Within this distance of the point the nearest part of its city is its city part. */
export const REVERSE_CITY_PART_MAX_KM = 8;

/** A place an address names: its id and its name in the asked locale. */
export const AddressPlaceSchema = z.object({ id: z.number().int(), name: z.string() });
export type AddressPlace = z.infer<typeof AddressPlaceSchema>;

export const ReverseLocationResponseSchema = z.object({
  data: LocationSummarySchema.extend({
    /** Great-circle distance from the point, km (earth radius 6371 km, spec 9). */
    distance_km: z.number(),
    /**
     * The city of the point for an address: the nearest place itself when it is a city, else
     * the city the nearest city part belongs to.
     */
    city: AddressPlaceSchema.nullable(),
    /**
     * The part of that city nearest to the point (within REVERSE_CITY_PART_MAX_KM), from the
     * gazetteer; null when the city has no part that near.
     */
    city_part: AddressPlaceSchema.nullable(),
  }),
});
export type ReverseLocationResponse = z.infer<typeof ReverseLocationResponseSchema>;

// ---------------------------------------------------------------------------------------------
// GET /public/locations/nearby

/** The widest circle the nearby places are asked for, km (a map at street level or a bit above). */
export const NEARBY_PLACES_MAX_KM = 25;
/** At most this many places come back, the most populous first. */
export const NEARBY_PLACES_LIMIT = 60;

export const NearbyPlacesQuerySchema = z.object({
  lat: LatitudeParamSchema,
  lng: LongitudeParamSchema,
  km: queryNumber({ min: 0.1, max: NEARBY_PLACES_MAX_KM }),
  locale: z.enum(LOCALES).default(DEFAULT_LOCALE),
});

/** A city or city part near a point, for the names on a map without labels of its own. */
export const NearbyPlaceSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['city', 'city_part']),
  name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  population: z.number().int(),
});
export type NearbyPlace = z.infer<typeof NearbyPlaceSchema>;

export const NearbyPlacesResponseSchema = z.object({ data: z.array(NearbyPlaceSchema) });
