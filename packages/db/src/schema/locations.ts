import { LOCALES, POI_CATEGORIES } from '@estately/domain';
import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  point,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, oneOf, ref } from './common.ts';

export const LOCATION_KINDS = ['country', 'city', 'city_part'] as const;
export type LocationKind = (typeof LOCATION_KINDS)[number];

/**
 * Offline gazetteer (DESIGN 2 "places"): countries, cities and city parts from GeoNames.
 * `point` is (longitude, latitude), generated from the two columns so writers cannot
 * let them disagree; it carries the GiST index used for "nearest city" look-ups.
 */
export const locations = pgTable(
  'locations',
  {
    id: idColumn(),
    kind: text('kind').notNull(),
    parentId: ref('parent_id'),
    countryCode: text('country_code').notNull(),
    geonamesId: integer('geonames_id'),
    population: integer('population').notNull().default(0),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    point: point('point', { mode: 'xy' }).generatedAlwaysAs(sql`point(longitude, latitude)`),
    createdAt: createdAt(),
  },
  (t) => [
    check('locations_kind_check', oneOf(t.kind, LOCATION_KINDS)),
    check('locations_latitude_check', sql`${t.latitude} between -90 and 90`),
    check('locations_longitude_check', sql`${t.longitude} between -180 and 180`),
    uniqueIndex('locations_geonames_unique').on(t.geonamesId),
    index('locations_parent_idx').on(t.parentId),
    index('locations_country_kind_idx').on(t.countryCode, t.kind, t.population.desc()),
    index('locations_point_gist').using('gist', t.point),
  ],
);

/**
 * Per-locale name and URL slug of each location (spec 2 search path `/{country}/{locality}`).
 * A slug is unique within (locale, country).
 */
export const locationNames = pgTable(
  'location_names',
  {
    id: idColumn(),
    locationId: ref('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    countryCode: text('country_code').notNull(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    /** Population copied from the location, so autocomplete ranks without a join. */
    population: integer('population').notNull().default(0),
    /**
     * search_normalize(name) (lower case, accents removed; migration 0002), stored: autocomplete
     * matches and ranks on it, and computing it per candidate row made a three-letter query
     * five times slower (the unaccent wrapper costs ~6 us a call).
     */
    nameNormalized: text('name_normalized').generatedAlwaysAs(sql`search_normalize(name)`),
  },
  (t) => [
    check('location_names_locale_check', oneOf(t.locale, LOCALES)),
    check('location_names_kind_check', oneOf(t.kind, LOCATION_KINDS)),
    uniqueIndex('location_names_location_locale_unique').on(t.locationId, t.locale),
    uniqueIndex('location_names_slug_unique').on(t.locale, t.countryCode, t.slug),
    // Autocomplete in any locale: prefix LIKE and word similarity (pg_trgm).
    index('location_names_normalized_trgm').using('gin', t.nameNormalized.op('gin_trgm_ops')),
    // One- and two-letter prefixes in one locale, where trigrams cannot help.
    index('location_names_locale_normalized_idx').on(t.locale, t.nameNormalized.op('text_pattern_ops')),
  ],
);

/** Kinds of points of interest: the domain's categories (the API contract). */
export const POI_KINDS = POI_CATEGORIES;
export type PoiKind = (typeof POI_KINDS)[number];

/** Points of interest near offers (GET /public/offers/{id}/points_of_interest). */
export const pointsOfInterest = pgTable(
  'points_of_interest',
  {
    id: idColumn(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    cityLocationId: ref('city_location_id').references(() => locations.id, { onDelete: 'set null' }),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    point: point('point', { mode: 'xy' }).generatedAlwaysAs(sql`point(longitude, latitude)`),
    createdAt: createdAt(),
  },
  (t) => [
    check('points_of_interest_kind_check', oneOf(t.kind, POI_KINDS)),
    index('points_of_interest_point_gist').using('gist', t.point),
    index('points_of_interest_city_idx').on(t.cityLocationId),
  ],
);
