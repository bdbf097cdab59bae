import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  point,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { ref, tstz } from './common.ts';
import { locations } from './locations.ts';
import type { PhotoVariantsJson } from './properties.ts';
import { properties } from './properties.ts';

/**
 * The public offer read model (DESIGN 5, docs/decisions/012): one row per published property,
 * every searchable value flattened so a search of spec 9 is one indexed query on one table,
 * never joined to `properties`. `is_public` decides visibility (active and not struck): it is
 * written by `projectOfferRow` and kept in step by a trigger on `properties` (migration 0006).
 * Written by the property operations in the same transaction as the property (and by the
 * seed), never by search. `id` is the property id (offer id == property id in the API).
 *
 * Values are checked on `properties`; this table trusts its single writer and carries no
 * CHECKs, which keeps COPY of a million rows fast.
 */
export const offers = pgTable(
  'offers',
  {
    id: bigint('id', { mode: 'number' })
      .primaryKey()
      .references(() => properties.id, { onDelete: 'cascade' }),
    /** Shown by public search: the property is active and not struck (see `isPublicProperty`). */
    isPublic: boolean('is_public').notNull().default(true),
    /** Reserved: public and searchable with a badge; `hide_reserved` leaves it out (decision 042). */
    isReserved: boolean('is_reserved').notNull().default(false),
    /** The last price change lowered the price: the "reduced" badge (migration 0027, `lastPriceReduction`). */
    isPriceReduced: boolean('is_price_reduced').notNull().default(false),
    /** How much the last price change lowered the price, in whole percent, and when (migration 0032): "reduced by N %" for 30 days. */
    priceReducedPercent: smallint('price_reduced_percent'),
    priceReducedAt: tstz('price_reduced_at'),
    /**
     * The group of offers of one physical property (issue 43 point 2, migration 0036, decision 068),
     * null when the offer is alone. Written by the matching on save and `refresh_property_group`.
     */
    groupId: bigint('group_id', { mode: 'number' }),
    /** A member of a group that is not its card (not its cheapest visible offer): `is_public` is false. */
    groupHidden: boolean('group_hidden').notNull().default(false),
    /** How many visible offers and distinct sellers the group has ("offered by 3 sellers, from X"). */
    groupOffers: smallint('group_offers'),
    groupSellers: smallint('group_sellers'),
    /**
     * The seller left the "still available?" question unanswered for 7 days (migration 0033,
     * decision 065): "not confirmed recently" on cards and the detail, and after every confirmed
     * offer in the default order (the flag leads the order's index).
     */
    isUnconfirmed: boolean('is_unconfirmed').notNull().default(false),
    ownerId: ref('owner_id').notNull(),
    sellerId: ref('seller_id'),
    sellerType: text('seller_type').notNull(),
    sellerRating: numeric('seller_rating', { precision: 2, scale: 1, mode: 'number' }),
    sellerTrustScore: smallint('seller_trust_score'),
    offerType: text('offer_type').notNull(),
    propertyType: text('property_type').notNull(),
    price: numeric('price', { precision: 14, scale: 2, mode: 'number' }),
    currency: text('currency').notNull(),
    /** Price converted to CZK with the exchange rates at write time, for cross-currency filters. */
    priceNormalized: doublePrecision('price_normalized'),
    priceVariant: text('price_variant').notNull(),
    rentPricePeriod: text('rent_price_period'),
    disposition: text('disposition'),
    /** Derived layout, e.g. "3+KK" (spec 3 derived display values). */
    layout: text('layout'),
    roomTypes: text('room_types').array().notNull().default(sql`'{}'::text[]`),
    bathrooms: smallint('bathrooms'),
    /**
     * The bathrooms value set of spec 9 an offer falls in ("1", "2+" for two or more), generated
     * (migration 0029): search, the facet counts and saved-search alerts compare it as stored.
     */
    bathroomsBucket: text('bathrooms_bucket').generatedAlwaysAs(
      sql`CASE WHEN bathrooms >= 2 THEN '2+' WHEN bathrooms = 1 THEN '1' END`,
    ),
    usefulAreaMeters: doublePrecision('useful_area_meters'),
    floor: smallint('floor'),
    totalFloors: smallint('total_floors'),
    yearBuilt: smallint('year_built'),
    typeOfBuilding: text('type_of_building'),
    typeOfHeating: text('type_of_heating'),
    ownership: text('ownership'),
    reconstruction: text('reconstruction'),
    furnishings: text('furnishings'),
    parking: text('parking'),
    numberOfParkingPlaces: smallint('number_of_parking_places'),
    penb: text('penb').notNull().default('unknown'),
    otherParams: text('other_params').array().notNull().default(sql`'{}'::text[]`),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    freeFromDate: date('free_from_date', { mode: 'string' }),
    minimumRentalPeriod: smallint('minimum_rental_period'),
    locale: text('locale').notNull(),
    street: text('street'),
    zip: text('zip'),
    city: text('city').notNull(),
    cityPart: text('city_part'),
    countryCode: text('country_code').notNull(),
    locationId: ref('location_id').references(() => locations.id, { onDelete: 'set null' }),
    /** The location and all its ancestors (city part, city, country): a location filter matches any. */
    locationPath: bigint('location_path', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** (longitude, latitude), generated; GiST-indexed for bounding box and radius (spec 9). */
    location: point('location', { mode: 'xy' }).generatedAlwaysAs(sql`point(longitude, latitude)`),
    /** Lower-cased, unaccented street, city part and city for free-text address matching. */
    searchText: text('search_text'),
    hasFloorPlan: boolean('has_floor_plan').notNull().default(false),
    isVerified: boolean('is_verified').notNull().default(false),
    isTopOffer: boolean('is_top_offer').notNull().default(false),
    topOfferMutations: text('top_offer_mutations').array().notNull().default(sql`'{}'::text[]`),
    photosCount: integer('photos_count').notNull().default(0),
    mainPhotoId: ref('main_photo_id'),
    mainPhotoVariants: jsonb('main_photo_variants').$type<PhotoVariantsJson>(),
    mainPhotoRoomType: text('main_photo_room_type'),
    publishedAt: tstz('published_at'),
    activatedAt: tstz('activated_at').notNull(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('offers_activated_idx').on(t.activatedAt.desc()),
    index('offers_published_idx').on(t.publishedAt.desc()),
    index('offers_price_idx').on(t.priceNormalized),
    index('offers_area_idx').on(t.usefulAreaMeters),
    // The main search shape (spec 9 default sort): type, country, confirmed before unconfirmed
    // (decision 065), newest first with the id as tie-break, read in index order so a page of 25
    // stops after ~25 matches instead of sorting every match (measured on 900k offers: 1.2 s ->
    // 2 ms for CZ sale apartments in a price range).
    index('offers_type_country_rank_id_idx').on(
      t.offerType,
      t.propertyType,
      t.countryCode,
      t.isUnconfirmed,
      t.activatedAt.desc(),
      t.id.desc(),
    ),
    // The price sorts (spec 9) of public searches, read in index order within the offer type:
    // the cheapest sale offers no longer come after every (cheaper) rent. Measured on 900k
    // offers, page 2 of sales by price: 2.2 s (313,000 rents passed) -> a few ms.
    index('offers_public_price_asc_idx')
      .on(t.offerType, t.priceNormalized.asc().nullsLast(), t.id.asc())
      .where(sql`${t.isPublic}`),
    index('offers_public_price_desc_idx')
      .on(t.offerType, t.priceNormalized.desc().nullsLast(), t.id.desc().nullsFirst())
      .where(sql`${t.isPublic}`),
    index('offers_location_id_idx').on(t.locationId),
    index('offers_seller_idx').on(t.sellerId),
    // A company's public page (issue 38 point 12): its public offers, newest first, in index order.
    index('offers_public_owner_activated_idx')
      .on(t.ownerId, t.activatedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isPublic}`),
    index('offers_location_path_gin').using('gin', t.locationPath),
    index('offers_other_params_gin').using('gin', t.otherParams),
    index('offers_tags_gin').using('gin', t.tags),
    index('offers_room_types_gin').using('gin', t.roomTypes),
    index('offers_location_gist').using('gist', t.location),
    index('offers_group_idx').on(t.groupId).where(sql`${t.groupId} is not null`),
    // Viewport and radius searches within one partition (Q2, Q3, filtered map zooms): GiST
    // pages split on the leading columns first, so a partition's offers in an area share
    // pages; btree_gist indexes the scalars. The price is included for index-only counts
    // (migration 0009, docs/decisions/012).
    index('offers_public_area_idx')
      .using('gist', t.offerType, t.propertyType, t.countryCode, t.location)
      .where(sql`${t.isPublic}`),
  ],
);

/**
 * A change counter per (offer type, property type, country) of the public read model,
 * bumped by statement triggers on `offers` (migration 0007). The API caches totals and facet
 * counts keyed by the filter and the sum of the counters the filter can touch, so a cached
 * count is served only while no offer it could include has changed (docs/decisions/012).
 * The row ('*', '*', '*') is bumped by TRUNCATE and belongs to every sum.
 */
export const offerCountVersions = pgTable(
  'offer_count_versions',
  {
    offerType: text('offer_type').notNull(),
    propertyType: text('property_type').notNull(),
    countryCode: text('country_code').notNull(),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.offerType, t.propertyType, t.countryCode] })],
);

/**
 * Change counters of what an offer's detail shows besides its `offers` row: the publishing
 * account's and the seller's public fields (row 'accounts', bumped by statement triggers on
 * `users` and `sellers`, migration 0014). A cached offer detail is served only while its
 * partition's `offer_count_versions` row and these counters are unchanged (docs/decisions/022).
 */
export const readModelVersions = pgTable('read_model_versions', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * Public offers pre-aggregated on the map grid of zoom 8 (cells of 360 / 2^8 / 4 degrees),
 * per offer type, property type and country, kept by a row trigger on `offers` (migration
 * 0007). Map clusters of coarse zooms add these cells up instead of reading every offer of a
 * country (docs/decisions/012). Counts and coordinate sums are exact; the bounds are exact
 * too: removing an offer that lies on a bound recomputes the cell's bounds.
 */
export const offerMapCells = pgTable(
  'offer_map_cells',
  {
    gx: integer('gx').notNull(),
    gy: integer('gy').notNull(),
    offerType: text('offer_type').notNull(),
    propertyType: text('property_type').notNull(),
    countryCode: text('country_code').notNull(),
    offers: integer('offers').notNull(),
    sumLatitude: doublePrecision('sum_latitude').notNull(),
    sumLongitude: doublePrecision('sum_longitude').notNull(),
    south: doublePrecision('south').notNull(),
    west: doublePrecision('west').notNull(),
    north: doublePrecision('north').notNull(),
    east: doublePrecision('east').notNull(),
  },
  (t) => [primaryKey({ columns: [t.gy, t.gx, t.offerType, t.propertyType, t.countryCode] })],
);

/**
 * Public offers counted per facet value (the filter panel's groups: offer type, property type
 * and every value-set filter), per offer type, property type and country, kept by statement
 * triggers on `offers` (migration 0015). The facet counts and the total of a search that
 * filters by those three alone (the landing searches: `/en/search/sale`, a country's
 * apartments) add these rows up instead of reading every matching offer (docs/decisions/025).
 * An array-valued group (room types, other parameters, tags) counts an offer once per value.
 */
export const offerFacetCounts = pgTable(
  'offer_facet_counts',
  {
    offerType: text('offer_type').notNull(),
    propertyType: text('property_type').notNull(),
    countryCode: text('country_code').notNull(),
    facet: text('facet').notNull(),
    value: text('value').notNull(),
    offers: integer('offers').notNull(),
  },
  (t) => [primaryKey({ columns: [t.offerType, t.propertyType, t.countryCode, t.facet, t.value] })],
);

/**
 * Which public offers changed a facet value, their normalised price, area, coordinates or
 * activation time, their visibility or their partition, under the partition's change counter of that write
 * (offer_count_versions, bumped first by the same statement), written by statement triggers on `offers` (migration 0016). Each API process's
 * in-memory facet index (apps/api/src/features/search/facet-index.ts) reads the rows after
 * the version it holds to catch up offer by offer instead of reloading a partition. Writers of
 * one partition wait for each other on its counter row, so versions follow commit order.
 * Pruned after a few hours (jobs/prune-stale-rows.ts).
 */
export const offerFacetChanges = pgTable(
  'offer_facet_changes',
  {
    offerType: text('offer_type').notNull(),
    propertyType: text('property_type').notNull(),
    countryCode: text('country_code').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
    offerId: bigint('offer_id', { mode: 'number' }).notNull(),
    changedAt: tstz('changed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.offerType, t.propertyType, t.countryCode, t.version, t.offerId] })],
);
