import {
  AREA_UNITS,
  BUILDING_TYPES,
  CURRENCIES,
  DISPOSITIONS,
  ENERGY_CLASSES,
  FURNISHINGS,
  HEATING_TYPES,
  LOCALES,
  OFFER_TYPES,
  OTHER_PARAMS,
  OWNERSHIPS,
  PARKING_TYPES,
  PRICE_VARIANTS,
  PROPERTY_MEDIA_KINDS,
  PROPERTY_MEDIA_STATUSES,
  PROPERTY_STATES,
  PROPERTY_TYPES,
  RECONSTRUCTIONS,
  RENT_PRICE_PERIODS,
  ROOM_TYPES,
  STATE_HISTORY_KINDS,
  TAGS,
} from '@estately/domain';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { allOf, createdAt, idColumn, oneOf, ref, tstz, updatedAt } from './common.ts';
import { locations } from './locations.ts';
import { sellerContacts, sellers } from './sellers.ts';
import { users } from './users.ts';

/** The spec 3 Contact fields kept on a property (POST /v1/property/save). */
export type PropertyContactJson = {
  contact_name?: string | null;
  contact_email?: string | null;
  contact_email_second?: string | null;
  contact_phone?: string | null;
  contact_phone_second?: string | null;
};

/** Keys and URLs of a photo's size variants, the PhotoVariants shape of the offer contract. */
export type PhotoVariantsJson = {
  thumb: string;
  card: string;
  gallery: string;
  full: string;
  thumb_avif?: string;
  card_avif?: string;
  gallery_avif?: string;
  full_avif?: string;
};

/**
 * Properties as their owners manage them (spec 3 Property, spec 7 /v1/property/save and
 * PATCH /properties/{id}). Public search never reads this table: active properties are
 * projected into `offers` (the read model, DESIGN 5).
 */
export const properties = pgTable(
  'properties',
  {
    id: idColumn(),
    ownerId: ref('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sellerId: ref('seller_id').references(() => sellers.id, { onDelete: 'set null' }),
    contactId: ref('contact_id').references(() => sellerContacts.id, { onDelete: 'set null' }),
    /**
     * The spec 3 Contact an owner types into the property form. A seller's listing may point
     * at one of its seller_contacts instead (contactId); a private owner has no seller record.
     */
    contact: jsonb('contact').$type<PropertyContactJson>(),
    state: text('state').notNull().default('draft'),
    offerType: text('offer_type').notNull(),
    propertyType: text('property_type').notNull(),
    price: numeric('price', { precision: 14, scale: 2, mode: 'number' }),
    currency: text('currency').notNull().default('CZK'),
    priceVariant: text('price_variant').notNull().default('fixed'),
    rentPricePeriod: text('rent_price_period'),
    disposition: text('disposition'),
    /** Room types, one entry per room (two bedrooms = two entries); layout derives from it. */
    rooms: text('rooms').array().notNull().default(sql`'{}'::text[]`),
    bathrooms: smallint('bathrooms'),
    /** Free-form flat settings of the spec (shape not shown): kept as JSON. */
    flatSettings: jsonb('flat_settings').$type<Record<string, unknown>>(),
    usefulArea: numeric('useful_area', { precision: 10, scale: 2, mode: 'number' }),
    usefulAreaUnits: text('useful_area_units').notNull().default('m2'),
    usefulAreaMeters: numeric('useful_area_meters', { precision: 10, scale: 2, mode: 'number' }),
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
    /** Months. */
    minimumRentalPeriod: smallint('minimum_rental_period'),
    // Issue 43 point 6 (true monthly cost, decision 074): what a tenant pays beside the rent each
    // month, in the offer's currency, as the seller states it; null when not stated.
    /** Service charges and fees a month. */
    monthlyFees: numeric('monthly_fees', { precision: 12, scale: 2, mode: 'number' }),
    /** The seller's estimate of utilities (energy, water, heating) a month. */
    monthlyUtilities: numeric('monthly_utilities', { precision: 12, scale: 2, mode: 'number' }),
    /** Utilities are included in the rent; null when not said. */
    utilitiesIncluded: boolean('utilities_included'),
    description: text('description'),
    /** The language the owner wrote the description in. */
    locale: text('locale').notNull().default('cs'),
    street: text('street'),
    zip: text('zip'),
    city: text('city'),
    cityPart: text('city_part'),
    countryCode: text('country_code').notNull(),
    /** The most specific gazetteer location (city part or city). */
    locationId: ref('location_id').references(() => locations.id, { onDelete: 'set null' }),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    hasFloorPlan: boolean('has_floor_plan').notNull().default(false),
    isVerified: boolean('is_verified').notNull().default(false),
    verifiedAt: tstz('verified_at'),
    verifiedBy: ref('verified_by').references(() => users.id, { onDelete: 'set null' }),
    /** An admin strike hides the offer from search (POST /properties/strike/{id}). */
    struckAt: tstz('struck_at'),
    struckBy: ref('struck_by').references(() => users.id, { onDelete: 'set null' }),
    strikeReason: text('strike_reason'),
    /** Held from search by the scam rules until an admin reviews it (decision 067); struck_at is set too. */
    heldForReviewAt: tstz('held_for_review_at'),
    isTopOffer: boolean('is_top_offer').notNull().default(false),
    /** Locales in which the offer is promoted as a top offer. */
    topOfferMutations: text('top_offer_mutations').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** First time the property became public (featured list order, spec 7 GET /properties). */
    publishedAt: tstz('published_at'),
    /** Last time the property (re)entered the active state (default sort, spec 9). */
    activatedAt: tstz('activated_at'),
    /** Last change of `state` (set by a trigger, migration 0018): sold/rented pages last 90 days from it (decision 042). */
    stateChangedAt: tstz('state_changed_at').notNull().defaultNow(),
    /** The offer's video (migration 0023): `youtube` or `vimeo` and the provider's video id, both or neither. */
    videoProvider: text('video_provider'),
    videoId: text('video_id'),
    /**
     * "Still available?" (migration 0033, docs/decisions/065): the seller's last confirmation,
     * the sweep's last question, and since when the offer shows "not confirmed recently" (the
     * read model's `is_unconfirmed` while no update came after it).
     */
    availabilityConfirmedAt: tstz('availability_confirmed_at'),
    availabilityAskedAt: tstz('availability_asked_at'),
    availabilityUnconfirmedAt: tstz('availability_unconfirmed_at'),
    /**
     * The same owner's withdrawn offer of the same property that this one re-posts (migration
     * 0032, decision 063): its history and first listing date carry over to this offer.
     */
    relistedFrom: ref('relisted_from').references((): AnyPgColumn => properties.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('properties_state_check', oneOf(t.state, PROPERTY_STATES)),
    check('properties_offer_type_check', oneOf(t.offerType, OFFER_TYPES)),
    check('properties_property_type_check', oneOf(t.propertyType, PROPERTY_TYPES)),
    check('properties_currency_check', oneOf(t.currency, CURRENCIES)),
    check('properties_price_check', sql`${t.price} > 0`),
    check(
      'properties_monthly_costs_check',
      sql`(${t.monthlyFees} is null or ${t.monthlyFees} >= 0) and (${t.monthlyUtilities} is null or ${t.monthlyUtilities} >= 0)`,
    ),
    check('properties_price_variant_check', oneOf(t.priceVariant, PRICE_VARIANTS)),
    check('properties_rent_price_period_check', oneOf(t.rentPricePeriod, RENT_PRICE_PERIODS)),
    check('properties_disposition_check', oneOf(t.disposition, DISPOSITIONS)),
    check('properties_rooms_check', allOf(t.rooms, ROOM_TYPES)),
    check('properties_useful_area_units_check', oneOf(t.usefulAreaUnits, AREA_UNITS)),
    check('properties_useful_area_check', sql`${t.usefulArea} > 0 and ${t.usefulAreaMeters} > 0`),
    check('properties_type_of_building_check', oneOf(t.typeOfBuilding, BUILDING_TYPES)),
    check('properties_type_of_heating_check', oneOf(t.typeOfHeating, HEATING_TYPES)),
    check('properties_ownership_check', oneOf(t.ownership, OWNERSHIPS)),
    check('properties_reconstruction_check', oneOf(t.reconstruction, RECONSTRUCTIONS)),
    check('properties_furnishings_check', oneOf(t.furnishings, FURNISHINGS)),
    check('properties_parking_check', oneOf(t.parking, PARKING_TYPES)),
    check('properties_penb_check', oneOf(t.penb, ENERGY_CLASSES)),
    check('properties_other_params_check', allOf(t.otherParams, OTHER_PARAMS)),
    check('properties_tags_check', allOf(t.tags, TAGS)),
    check('properties_locale_check', oneOf(t.locale, LOCALES)),
    check('properties_top_offer_mutations_check', allOf(t.topOfferMutations, LOCALES)),
    check('properties_latitude_check', sql`${t.latitude} between -90 and 90`),
    check('properties_longitude_check', sql`${t.longitude} between -180 and 180`),
    check('properties_country_code_check', sql`${t.countryCode} ~ '^[A-Z]{2}$'`),
    index('properties_owner_idx').on(t.ownerId, t.createdAt.desc()),
    index('properties_seller_idx').on(t.sellerId),
    index('properties_state_idx').on(t.state),
    index('properties_published_idx').on(t.publishedAt.desc()),
    // The offer a property continues, and the withdrawn offers a first listing may continue
    // (findRelistedProperty, decision 063; migration 0043).
    index('properties_relisted_from_idx').on(t.relistedFrom).where(sql`${t.relistedFrom} is not null`),
    index('properties_withdrawn_location_idx')
      .on(t.offerType, t.latitude, t.longitude)
      .where(sql`${t.state} in ('paused', 'archived') and ${t.publishedAt} is not null`),
    // Offers due for the availability question: the latest of update, confirmation and question.
    index('properties_availability_due_idx')
      .on(sql`(greatest(${t.updatedAt}, ${t.availabilityConfirmedAt}, ${t.availabilityAskedAt}))`)
      .where(sql`${t.state} = 'active' and ${t.struckAt} is null`),
  ],
);

/** Descriptions translated into other locales (GET /public/offers/{id}/offer_translation). */
export const propertyTranslations = pgTable(
  'property_translations',
  {
    id: idColumn(),
    propertyId: ref('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    description: text('description').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('property_translations_locale_check', oneOf(t.locale, LOCALES)),
    uniqueIndex('property_translations_unique').on(t.propertyId, t.locale),
  ],
);

/** Viewing appointments (POST /v1/property/save-tour-dates). */
export const propertyTourDates = pgTable(
  'property_tour_dates',
  {
    id: idColumn(),
    propertyId: ref('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    startsAt: tstz('starts_at').notNull(),
    endsAt: tstz('ends_at'),
    /** How many visitors may book the slot (at least one). */
    capacity: smallint('capacity').notNull().default(1),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('property_tour_dates_property_idx').on(t.propertyId, t.startsAt),
    check('property_tour_dates_capacity_check', sql`${t.capacity} >= 1`),
    check('property_tour_dates_range_check', sql`${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * Photos of a property (spec 3 Photo: id, image_file with url variants, is_main, position,
 * room_type). `storageKey` is the stripped original; `variants` the resized copies.
 */
export const propertyMedia = pgTable(
  'property_media',
  {
    id: idColumn(),
    propertyId: ref('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    /**
     * The property's owner, copied by the database (a trigger of migration 0044 sets it on every
     * insert and follows a change of the property's owner; never null). The look-ups of the same
     * photo under another account read it beside the content hash.
     */
    ownerId: ref('owner_id'),
    position: integer('position').notNull().default(0),
    isMain: boolean('is_main').notNull().default(false),
    roomType: text('room_type'),
    /** `photo` or `floor_plan` (migration 0023): floor plans are their own group, never the main photo. */
    kind: text('kind').notNull().default('photo'),
    /** Derived from `kind` by the database. */
    isFloorPlan: boolean('is_floor_plan').notNull().generatedAlwaysAs(sql`kind = 'floor_plan'`),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull().default('image/webp'),
    /** The variants' keys; null while `status` is `processing` (or `failed`): the job makes them (migration 0019). */
    variants: jsonb('variants').$type<PhotoVariantsJson>(),
    /** `processing` (the original stored, variants under way), `ready`, or `failed` (the image could not be rendered). */
    status: text('status').notNull().default('ready'),
    /** sha256 (hex) of the uploaded bytes: the same photo is kept once per property (migration 0019). */
    contentHash: text('content_hash'),
    /** 64-bit difference hash (16 hex digits) of the picture, for near-duplicates across offers (migration 0036). */
    perceptualHash: text('perceptual_hash'),
    width: integer('width'),
    height: integer('height'),
    bytes: integer('bytes'),
    createdAt: createdAt(),
  },
  (t) => [
    check('property_media_room_type_check', oneOf(t.roomType, ROOM_TYPES)),
    check('property_media_kind_check', oneOf(t.kind, PROPERTY_MEDIA_KINDS)),
    index('property_media_property_idx').on(t.propertyId, t.position),
    // The photos the hash backfill still has to do (migration 0042, decision 074).
    index('property_media_hash_missing_idx')
      .on(t.id)
      .where(sql`${t.perceptualHash} is null and ${t.status} = 'ready'`),
    uniqueIndex('property_media_one_main').on(t.propertyId).where(sql`${t.isMain}`),
    check('property_media_status_check', oneOf(t.status, PROPERTY_MEDIA_STATUSES)),
    check('property_media_ready_variants_check', sql`${t.status} <> 'ready' or ${t.variants} is not null`),
    uniqueIndex('property_media_content_hash_unique').on(t.propertyId, t.contentHash),
    // Photo files are shared by rows of one account with the same bytes (a feed's photos,
    // decision 062) and by the seed's offers: a file is deleted only when no row names its key
    // (migration 0031).
    index('property_media_storage_key_idx').on(t.storageKey),
    // The same bytes under an account (a feed's rendered photo) or under the other accounts (the
    // trust score's copied photos, the scam rule's other sellers' offers) without reading the
    // account's own rows (migration 0044).
    index('property_media_hash_owner_idx')
      .on(t.contentHash, t.ownerId, t.createdAt, t.id)
      .where(sql`${t.contentHash} is not null`),
  ],
);

/** Every price an offer has had, newest last (price drops on the detail page). */
export const priceHistory = pgTable(
  'price_history',
  {
    id: idColumn(),
    propertyId: ref('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    price: numeric('price', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    changedAt: tstz('changed_at').notNull().defaultNow(),
  },
  (t) => [
    check('price_history_currency_check', oneOf(t.currency, CURRENCIES)),
    index('price_history_property_idx').on(t.propertyId, t.changedAt),
    // Issue 44 point 2 (alerts, migration 0038): each alert run reads the last minutes' changes.
    index('price_history_changed_idx').on(t.changedAt),
  ],
);

/**
 * Every change of an offer's state a visitor could see (migration 0032, decision 063), written by
 * the lifecycle operation in the transaction of the change: `kind` says what it meant
 * (STATE_HISTORY_KINDS), `price` and `currency` what the offer cost at that moment.
 */
export const propertyStateHistory = pgTable(
  'property_state_history',
  {
    id: idColumn(),
    propertyId: ref('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    state: text('state').notNull(),
    price: numeric('price', { precision: 14, scale: 2, mode: 'number' }),
    currency: text('currency'),
    changedAt: tstz('changed_at').notNull().defaultNow(),
  },
  (t) => [
    check('property_state_history_kind_check', oneOf(t.kind, STATE_HISTORY_KINDS)),
    check('property_state_history_state_check', oneOf(t.state, PROPERTY_STATES)),
    check('property_state_history_currency_check', oneOf(t.currency, CURRENCIES)),
    index('property_state_history_property_idx').on(t.propertyId, t.changedAt),
    // Issue 44 point 2 (alerts, migration 0038): each alert run reads the last minutes' changes.
    index('property_state_history_changed_idx').on(t.changedAt),
  ],
);

/**
 * The energy performance certificate of a property (migration 0023): one PDF per property in the
 * media storage under `documents/{property id}/`, replaced by a new upload.
 */
export const propertyEnergyCertificates = pgTable(
  'property_energy_certificates',
  {
    propertyId: ref('property_id')
      .primaryKey()
      .references(() => properties.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    /** The uploaded file's name, cleaned to safe characters (the download's file name). */
    fileName: text('file_name').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('property_energy_certificates_bytes_check', sql`${t.bytes} > 0`)],
);

/**
 * Pairs of properties an admin split apart (issue 43 point 2, migration 0036, decision 068): the
 * matching on save never groups them again. Stored once per pair, the lower id first.
 */
export const propertyGroupSplits = pgTable(
  'property_group_splits',
  {
    propertyId: ref('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    otherPropertyId: ref('other_property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    splitBy: ref('split_by').references(() => users.id, { onDelete: 'set null' }),
    splitAt: tstz('split_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'property_group_splits_pk', columns: [t.propertyId, t.otherPropertyId] }),
    check('property_group_splits_order_check', sql`${t.propertyId} < ${t.otherPropertyId}`),
    index('property_group_splits_other_idx').on(t.otherPropertyId),
  ],
);

/**
 * One "still available?" question to a seller (issue 43 point 5, migration 0033, decision 065):
 * sent once, each of its two links usable once, closed when answered, when the offer is updated
 * or leaves the market, or when the sweep withdraws the offer after 30 days.
 */
export const availabilityChecks = pgTable(
  'availability_checks',
  {
    id: idColumn(),
    propertyId: ref('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    sentAt: tstz('sent_at').notNull().defaultNow(),
    confirmedAt: tstz('confirmed_at'),
    soldAt: tstz('sold_at'),
    unconfirmedAt: tstz('unconfirmed_at'),
    withdrawnAt: tstz('withdrawn_at'),
    closedAt: tstz('closed_at'),
  },
  (t) => [
    uniqueIndex('availability_checks_one_open').on(t.propertyId).where(sql`${t.closedAt} is null`),
    index('availability_checks_open_sent_idx').on(t.sentAt).where(sql`${t.closedAt} is null`),
  ],
);
