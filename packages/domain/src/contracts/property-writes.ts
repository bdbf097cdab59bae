// First: zod's settings for browsers, before this module builds any schema.
import '../zod-csp.ts';
import { z } from 'zod';
import { CURRENCIES } from '../currencies.ts';
import { LOCALES } from '../locales.ts';
import { nameCharacters } from '../name-characters.ts';
import { type PageMeta, pageMeta } from '../paging.ts';
import {
  AREA_UNITS,
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
  PRICE_VARIANTS,
  PROPERTY_STATES,
  PROPERTY_TYPES,
  type PropertyState,
  RECONSTRUCTIONS,
  RENT_PRICE_PERIODS,
  ROOM_TYPES,
  TAGS,
} from '../value-sets.ts';
import { PhotoVariantsSchema } from './offers.ts';
import {
  EnergyCertificateSchema,
  PROPERTY_MEDIA_KINDS,
  PropertyMediaKindSchema,
  PropertyVideoSchema,
} from './property-media.ts';
import { OwnTrustScoreSchema } from './trust.ts';

// Contracts of the seller calls of spec 7 "Properties" (issue 7): POST /v1/property/save,
// PATCH /properties/{id} (merge-patch), GET /properties/{id}, GET /my/own/properties,
// POST /v1/properties/set-state/{id}, POST /v1/property/save-tour-dates and the photo calls.
// Field names are the spec 3 Property names (snake_case), so a saved property reads back with
// the names the offer detail uses.

/** Limits of the property form (also served by GET /v1/property/property-form). */
export const PROPERTY_LIMITS = {
  priceMax: 999_999_999_999,
  areaMax: 1_000_000,
  floorMin: -5,
  floorMax: 200,
  roomsMax: 40,
  descriptionMax: 10_000,
  textMax: 200,
  yearBuiltMin: 1000,
  minimumRentalPeriodMax: 120,
  parkingPlacesMax: 100,
  photosMax: 40,
  /** A month's service charges, or utilities, in the offer's currency (decision 074). */
  monthlyCostMax: 10_000_000,
} as const;

/**
 * Bounds of `flat_settings`, the free-form details of a property (`balcony_area: 6`,
 * `cellar: true`), issue 37 point 5 and docs/decisions/020's addendum: a flat object of at most
 * `keysMax` snake_case names of at most `keyLengthMax` characters, each a string of at most
 * `valueLengthMax` characters, a number or a boolean, at most `totalBytesMax` bytes as JSON
 * (UTF-8). Checked on create, update and on the merged result of a merge-patch, so patches that
 * each fit cannot add up past the total.
 */
export const FLAT_SETTINGS_LIMITS = {
  keysMax: 50,
  keyLengthMax: 40,
  valueLengthMax: 200,
  totalBytesMax: 8192,
} as const;
const FLAT_SETTING_KEY = /^[a-z][a-z0-9_]*$/;

/**
 * `flat_settings` with its bounds. The number of keys and the keys themselves are judged first
 * and reported on the field as a whole, so a body of thousands of keys (or a key of a megabyte)
 * answers one message, never an echo of every key.
 */
export const FlatSettingsSchema = z
  .record(z.string(), z.unknown(), 'validation.invalid_value')
  .superRefine((value, ctx) => {
    const keys = Object.keys(value);
    if (keys.length > FLAT_SETTINGS_LIMITS.keysMax) {
      ctx.addIssue({ code: 'custom', message: 'validation.too_many_keys' });
    } else if (
      keys.some((key) => key.length > FLAT_SETTINGS_LIMITS.keyLengthMax || !FLAT_SETTING_KEY.test(key))
    ) {
      ctx.addIssue({ code: 'custom', message: 'validation.invalid_key' });
    }
  })
  .pipe(
    z.record(
      z.string(),
      z.union(
        [
          z.string().max(FLAT_SETTINGS_LIMITS.valueLengthMax, 'validation.too_long'),
          z.number('validation.invalid_number'),
          z.boolean(),
        ],
        'validation.invalid_value',
      ),
    ),
  )
  .superRefine((value, ctx) => {
    if (new TextEncoder().encode(JSON.stringify(value)).length > FLAT_SETTINGS_LIMITS.totalBytesMax)
      ctx.addIssue({ code: 'custom', message: 'validation.too_large' });
  })
  .describe(
    `Free-form details: at most ${FLAT_SETTINGS_LIMITS.keysMax} keys (snake_case, 1..${FLAT_SETTINGS_LIMITS.keyLengthMax} characters: \`validation.too_many_keys\`, \`validation.invalid_key\`), each a string of at most ${FLAT_SETTINGS_LIMITS.valueLengthMax} characters (\`validation.too_long\`), a number or a boolean (\`validation.invalid_value\`), at most ${FLAT_SETTINGS_LIMITS.totalBytesMax} bytes as JSON (\`validation.too_large\`)`,
  );

const text = (max: number = PROPERTY_LIMITS.textMax) =>
  z.string().trim().min(1, 'validation.required').max(max, 'validation.too_long');
const int = (min: number, max: number) =>
  z
    .number('validation.invalid_number')
    .int('validation.invalid_integer')
    .min(min, 'validation.number_too_small')
    .max(max, 'validation.number_too_large');
const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, 'validation.invalid_value');
const isoDate = z.iso.date('validation.invalid_date');
/** A month's amount beside the rent (decision 074): zero is a stated "none", negative is no fee. */
const monthlyAmount = z
  .number('validation.invalid_number')
  .min(0, 'validation.number_too_small')
  .max(PROPERTY_LIMITS.monthlyCostMax, 'validation.number_too_large');

export const PropertyContactSchema = z
  .object({
    contact_name: nameCharacters(text()).nullable().optional(),
    contact_email: z.email('validation.invalid_email').max(254, 'validation.too_long').nullable().optional(),
    contact_email_second: z
      .email('validation.invalid_email')
      .max(254, 'validation.too_long')
      .nullable()
      .optional(),
    contact_phone: z
      .string()
      .regex(/^\+?[0-9 ()-]{6,20}$/, 'validation.invalid_phone')
      .nullable()
      .optional(),
    contact_phone_second: z
      .string()
      .regex(/^\+?[0-9 ()-]{6,20}$/, 'validation.invalid_phone')
      .nullable()
      .optional(),
  })
  .strict();
export type PropertyContact = z.infer<typeof PropertyContactSchema>;

/**
 * Every Property field a seller sets. All optional (a draft may be incomplete); `null` clears an
 * optional value. Unknown fields are refused by name, so a typo is not silently dropped.
 * Values the server owns (state, verification, strike, top-offer, dates) are not here.
 */
export const PropertyFieldsSchema = z
  .object({
    offer_type: oneOf(OFFER_TYPES),
    property_type: oneOf(PROPERTY_TYPES),
    price: z
      .number('validation.invalid_number')
      .positive('validation.number_not_positive')
      .max(PROPERTY_LIMITS.priceMax, 'validation.number_too_large')
      .nullable(),
    currency_iso_code: oneOf(CURRENCIES),
    price_variant: oneOf(PRICE_VARIANTS),
    rent_price_period: oneOf(RENT_PRICE_PERIODS).nullable(),
    disposition: oneOf(DISPOSITIONS).nullable(),
    /** Room types, one entry per room (two bedrooms = two entries). */
    room: z.array(oneOf(ROOM_TYPES)).max(PROPERTY_LIMITS.roomsMax, 'validation.too_long'),
    bathroom: int(0, 20).nullable(),
    flat_settings: FlatSettingsSchema.nullable(),
    useful_area: z
      .number('validation.invalid_number')
      .positive('validation.number_not_positive')
      .max(PROPERTY_LIMITS.areaMax, 'validation.number_too_large')
      .nullable(),
    useful_area_units: oneOf(AREA_UNITS),
    floor: int(PROPERTY_LIMITS.floorMin, PROPERTY_LIMITS.floorMax).nullable(),
    total_floors: int(1, PROPERTY_LIMITS.floorMax).nullable(),
    year_built: int(PROPERTY_LIMITS.yearBuiltMin, 2100).nullable(),
    type_of_building: oneOf(BUILDING_TYPES).nullable(),
    type_of_heating: oneOf(HEATING_TYPES).nullable(),
    ownership: oneOf(OWNERSHIPS).nullable(),
    reconstruction: oneOf(RECONSTRUCTIONS).nullable(),
    furnishings: oneOf(FURNISHINGS).nullable(),
    parking: oneOf(PARKING_TYPES).nullable(),
    number_of_parking_places: int(0, PROPERTY_LIMITS.parkingPlacesMax).nullable(),
    penb: oneOf(ENERGY_CLASSES),
    // One entry per value at most: a repeated value says nothing more (issue 37 point 5).
    other_params: z.array(oneOf(OTHER_PARAMS)).max(OTHER_PARAMS.length, 'validation.too_long'),
    tags: z.array(oneOf(TAGS)).max(TAGS.length, 'validation.too_long'),
    free_from_date: isoDate.nullable(),
    /** Months. */
    minimum_rental_period: int(1, PROPERTY_LIMITS.minimumRentalPeriodMax).nullable(),
    /**
     * What a tenant pays each month beside the rent (issue 43 point 6, decision 074), in the
     * offer's currency: service charges and fees, and the seller's estimate of utilities (energy,
     * water, heating) unless `utilities_included` says the rent covers them. Null: not stated.
     */
    monthly_fees: monthlyAmount.nullable(),
    monthly_utilities: monthlyAmount.nullable(),
    utilities_included: z.boolean('validation.invalid_boolean').nullable(),
    description: text(PROPERTY_LIMITS.descriptionMax).nullable(),
    /** The language of the description. */
    locale: oneOf(LOCALES),
    street: text().nullable(),
    zip: z.string().trim().max(12, 'validation.too_long').nullable(),
    city: text().nullable(),
    city_part: text().nullable(),
    country_code: oneOf(COUNTRY_CODES),
    latitude: z
      .number('validation.invalid_number')
      .min(-90, 'validation.number_too_small')
      .max(90, 'validation.number_too_large')
      .nullable(),
    longitude: z
      .number('validation.invalid_number')
      .min(-180, 'validation.number_too_small')
      .max(180, 'validation.number_too_large')
      .nullable(),
    contact: PropertyContactSchema.nullable(),
  })
  .partial()
  .strict();
export type PropertyFields = z.infer<typeof PropertyFieldsSchema>;
export type PropertyField = keyof PropertyFields;

/** POST /v1/property/save: `id` updates that property (owner only), without it a draft is created. */
export const SavePropertyBodySchema = PropertyFieldsSchema.extend({
  id: z.number().int().positive().optional(),
}).strict();
export type SavePropertyBody = z.infer<typeof SavePropertyBodySchema>;

/**
 * PATCH /properties/{id} (RFC 7396 merge-patch): the same fields; `null` deletes an optional
 * value, `contact` and `flat_settings` merge key by key, arrays are replaced whole.
 */
export const PropertyMergePatchSchema = PropertyFieldsSchema;
export type PropertyMergePatch = PropertyFields;

/**
 * Fields a property needs before it may become active (publishing). A draft may lack any of
 * them. `rent_price_period` and `minimum_rental_period` only for rent offers; a price unless the
 * price variant is `on_request`; coordinates are filled from the gazetteer when the city is
 * known, so `latitude`/`longitude` rarely need typing.
 */
export const PUBLISH_REQUIRED_FIELDS = [
  'offer_type',
  'property_type',
  'price',
  'currency_iso_code',
  'disposition',
  'room',
  'useful_area',
  'city',
  'country_code',
  'latitude',
  'longitude',
  'description',
  'contact',
] as const satisfies readonly PropertyField[];

export const RENT_REQUIRED_FIELDS = ['rent_price_period', 'minimum_rental_period'] as const;

/**
 * Whether the floor lies above the building's total floors (floor 99 of 3). Judged on every
 * save on the merged values, so neither field alone can make the pair impossible.
 */
export function floorAboveTotal(values: Pick<PropertyFields, 'floor' | 'total_floors'>): boolean {
  return (
    values.floor !== null &&
    values.floor !== undefined &&
    values.total_floors !== null &&
    values.total_floors !== undefined &&
    values.floor > values.total_floors
  );
}

/**
 * Whether utilities are said to be included in the rent and also estimated on top of it: the
 * offer page would not know which to believe (decision 074). Judged on the merged values.
 */
export function utilitiesStatedTwice(
  values: Pick<PropertyFields, 'monthly_utilities' | 'utilities_included'>,
): boolean {
  return (
    values.utilities_included === true &&
    typeof values.monthly_utilities === 'number' &&
    values.monthly_utilities > 0
  );
}

/**
 * Message keys per missing or inconsistent field of a property that is to be published
 * (empty when it may go public). Pure: the API calls it on activation, the web before submit.
 * `photos` is the number of photos the property has; when given, none is a missing item
 * (`photos: validation.photo_required`), as a buyer judges an offer first by its pictures.
 */
export function publishProblems(
  values: PropertyFields,
  media: { photos?: number } = {},
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, key: string) => {
    errors[field] = [...(errors[field] ?? []), key];
  };
  const missing = (value: unknown) =>
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
  for (const field of PUBLISH_REQUIRED_FIELDS) {
    if (field === 'price' && values.price_variant === 'on_request') continue;
    if (missing(values[field])) add(field, 'validation.required');
  }
  if (values.offer_type === 'rent') {
    for (const field of RENT_REQUIRED_FIELDS) if (missing(values[field])) add(field, 'validation.required');
  }
  const contact = values.contact;
  if (contact && !contact.contact_email && !contact.contact_phone) {
    add('contact', 'validation.required');
  }
  if (floorAboveTotal(values)) add('floor', 'validation.floor_above_total');
  if (utilitiesStatedTwice(values)) add('monthly_utilities', 'validation.utilities_included');
  if (media.photos === 0) add('photos', 'validation.photo_required');
  return errors;
}

/**
 * The property lifecycle (spec 4 leaves the set-state values open; designed here). Only
 * `active` is public. `draft` is where every property starts and it never comes back to it;
 * `sold` is for sale offers and `rented` for rent offers; `archived` is the end (it can be
 * reopened as a draft-like `paused` to edit and publish again).
 */
export const PROPERTY_TRANSITIONS: Readonly<Record<PropertyState, readonly PropertyState[]>> = {
  draft: ['active', 'archived'],
  active: ['paused', 'reserved', 'sold', 'rented', 'archived'],
  paused: ['active', 'archived'],
  reserved: ['active', 'paused', 'sold', 'rented', 'archived'],
  sold: ['archived'],
  rented: ['active', 'archived'],
  archived: ['paused'],
};

/** Whether `from -> to` is in the transition table (and fits the offer type). */
export function canTransition(from: PropertyState, to: PropertyState, offerType: string | null): boolean {
  if (!PROPERTY_TRANSITIONS[from].includes(to)) return false;
  if (to === 'sold' && offerType !== 'sale') return false;
  if (to === 'rented' && offerType !== 'rent') return false;
  return true;
}

export const SetPropertyStateBodySchema = z
  .object({ state: z.enum(PROPERTY_STATES, 'validation.invalid_value') })
  .strict();
export type SetPropertyStateBody = z.infer<typeof SetPropertyStateBodySchema>;

/** `{id}` of the /properties/{id} routes; a string so impossible ids answer 404 like unknown ones. */
export const PropertyIdParamsSchema = z.object({ id: z.string().describe('Property id, digits only') });
export const PropertyMediaParamsSchema = z.object({
  id: z.string().describe('Property id'),
  mediaId: z.string().describe('Photo id'),
});

/**
 * Where a photo is (issue 38 defect 4): the upload answers once the original is stored
 * (`processing`); the job worker makes the variants (`ready`), or finds the image unreadable
 * (`failed`). Only ready photos are shown to visitors or count for publishing.
 */
export const PROPERTY_MEDIA_STATUSES = ['processing', 'ready', 'failed'] as const;
export type PropertyMediaStatus = (typeof PROPERTY_MEDIA_STATUSES)[number];

export const PropertyPhotoSchema = z.object({
  id: z.number(),
  image_file: PhotoVariantsSchema.nullable().describe(
    'The variants; null until they exist (`status` not `ready`)',
  ),
  status: z.enum(PROPERTY_MEDIA_STATUSES),
  is_main: z.boolean(),
  position: z.number(),
  room_type: z.enum(ROOM_TYPES).nullable(),
  kind: z.enum(PROPERTY_MEDIA_KINDS),
  width: z.number().nullable(),
  height: z.number().nullable(),
});
export type PropertyPhoto = z.infer<typeof PropertyPhotoSchema>;

export const PropertyStatisticsSchema = z.object({
  views: z.number().describe('Detail views, all time'),
  favourites: z.number().describe('Users who have the offer among their favourites now'),
  leads: z.number().describe('Enquiries received'),
});

export const TourDateSchema = z.object({
  id: z.number(),
  date: z.string(),
  from: z.string(),
  to: z.string(),
  capacity: z.number(),
});
export type TourDate = z.infer<typeof TourDateSchema>;

/** The owner's (or an admin's) view of a property: every field plus state, moderation and photos. */
export const OwnPropertySchema = z.object({
  id: z.number(),
  state: z.enum(PROPERTY_STATES),
  offer_type: z.enum(OFFER_TYPES),
  property_type: z.enum(PROPERTY_TYPES),
  price: z.number().nullable(),
  currency_iso_code: z.enum(CURRENCIES),
  price_variant: z.enum(PRICE_VARIANTS),
  rent_price_period: z.enum(RENT_PRICE_PERIODS).nullable(),
  disposition: z.enum(DISPOSITIONS).nullable(),
  room: z.array(z.enum(ROOM_TYPES)),
  bathroom: z.number().nullable(),
  flat_settings: z.record(z.string(), z.unknown()).nullable(),
  useful_area: z.number().nullable(),
  useful_area_units: z.enum(AREA_UNITS),
  useful_area_meters: z.number().nullable(),
  floor: z.number().nullable(),
  total_floors: z.number().nullable(),
  year_built: z.number().nullable(),
  type_of_building: z.enum(BUILDING_TYPES).nullable(),
  type_of_heating: z.enum(HEATING_TYPES).nullable(),
  ownership: z.enum(OWNERSHIPS).nullable(),
  reconstruction: z.enum(RECONSTRUCTIONS).nullable(),
  furnishings: z.enum(FURNISHINGS).nullable(),
  parking: z.enum(PARKING_TYPES).nullable(),
  number_of_parking_places: z.number().nullable(),
  penb: z.enum(ENERGY_CLASSES),
  other_params: z.array(z.enum(OTHER_PARAMS)),
  tags: z.array(z.enum(TAGS)),
  free_from_date: z.string().nullable(),
  minimum_rental_period: z.number().nullable(),
  monthly_fees: z.number().nullable(),
  monthly_utilities: z.number().nullable(),
  utilities_included: z.boolean().nullable(),
  description: z.string().nullable(),
  locale: z.enum(LOCALES),
  street: z.string().nullable(),
  zip: z.string().nullable(),
  city: z.string().nullable(),
  city_part: z.string().nullable(),
  country_code: z.string(),
  location_id: z.number().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  contact: PropertyContactSchema.nullable(),
  is_verified: z.boolean(),
  is_top_offer: z.boolean(),
  /** Set when an admin struck the offer from public view; the owner sees why. */
  strike: z.object({ reason: z.string(), struck_at: z.string() }).nullable(),
  /** Held from search by the scam rules until an admin reviews it (decision 067); no details. */
  under_review: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  published_at: z.string().nullable(),
  activated_at: z.string().nullable(),
  photos: z.array(PropertyPhotoSchema),
  /** The offer's video (YouTube or Vimeo) and energy performance certificate (issue 38 point 13). */
  video: PropertyVideoSchema.nullable(),
  energy_certificate: EnergyCertificateSchema.nullable(),
  tour_dates: z.array(TourDateSchema),
  price_history: z.array(z.object({ price: z.number(), currency: z.string(), changed_at: z.string() })),
  /** Fields still missing before the property can be published (message keys per field). */
  publish_problems: z.record(z.string(), z.array(z.string())),
  /** Transitions the owner may make now. */
  allowed_states: z.array(z.enum(PROPERTY_STATES)),
  /** The trust score's signals and the seller's checklist (decision 066). */
  trust_score: OwnTrustScoreSchema.nullable(),
});
export type OwnProperty = z.infer<typeof OwnPropertySchema>;

/** GET /properties/{id}: the owner/admin view, or the public view of an active offer for others. */
export const PropertyDetailResponseSchema = z.object({
  view: z.enum(['owner', 'public']),
  data: OwnPropertySchema.partial().extend({ id: z.number() }),
});

export const MyPropertiesQuerySchema = z.object({
  page: z.coerce.number('validation.invalid_integer').int('validation.invalid_integer').min(1).default(1),
  per_page: z.coerce
    .number('validation.invalid_integer')
    .int('validation.invalid_integer')
    .min(1, 'validation.number_too_small')
    .max(100, 'validation.number_too_large')
    .default(25),
  state: z.enum(PROPERTY_STATES, 'validation.invalid_value').optional(),
});

export const MyPropertyItemSchema = z.object({
  id: z.number(),
  state: z.enum(PROPERTY_STATES),
  offer_type: z.enum(OFFER_TYPES),
  property_type: z.enum(PROPERTY_TYPES),
  price: z.number().nullable(),
  currency_iso_code: z.enum(CURRENCIES),
  city: z.string().nullable(),
  street: z.string().nullable(),
  disposition: z.string().nullable(),
  useful_area_meters: z.number().nullable(),
  main_photo: PhotoVariantsSchema.nullable(),
  is_verified: z.boolean(),
  strike: z.object({ reason: z.string(), struck_at: z.string() }).nullable(),
  /** Held from search by the scam rules until an admin reviews it (decision 067). */
  under_review: z.boolean(),
  /** The "still available?" question went unanswered for 7 days (decision 065): shown lower in search. */
  not_confirmed_recently: z.boolean(),
  /**
   * Another offer of the same physical property is cheaper (decision 068): search shows its card
   * for the property, and this offer is listed on the property's offer pages.
   */
  grouped_behind: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  activated_at: z.string().nullable(),
  statistics: PropertyStatisticsSchema,
  /**
   * The version of the property, the same strong tag as the owner's `GET /properties/{id}`
   * ETag: send it as `If-Match` with a state change so a change made elsewhere is not
   * overwritten (412 `precondition_failed`, decision 014).
   */
  etag: z.string(),
});
export type MyPropertyItem = z.infer<typeof MyPropertyItemSchema>;

export const MyPropertiesResponseSchema = z.object({
  data: z.array(MyPropertyItemSchema),
  meta: z.object({
    next_page: z.number().nullable(),
    page: z.number(),
    per_page: z.number(),
    prev_page: z.number().nullable(),
    total: z.number(),
    total_pages: z.number(),
  }),
});
export function myPropertiesMeta(total: number, page: number, perPage: number): PageMeta {
  return pageMeta(total, page, perPage);
}

/**
 * The most photos any deployment may allow a property (PROPERTY_MAX_PHOTOS is at most this;
 * the default is `PROPERTY_LIMITS.photosMax`), so the reorder list is bounded too.
 */
export const PROPERTY_PHOTOS_CEILING = 500;

/** PATCH /properties/{id}/property_medias: every photo id of the property, in the new order. */
export const ReorderPropertyMediaBodySchema = z
  .object({
    order: z
      .array(z.number().int().positive())
      .min(1, 'validation.required')
      .max(PROPERTY_PHOTOS_CEILING, 'validation.too_long'),
  })
  .strict();

/** PATCH /properties/{id}/property_medias/{mediaId}: the room a photo shows (null: not said). */
export const UpdatePropertyMediaBodySchema = z
  .object({
    room_type: z.enum(ROOM_TYPES, 'validation.invalid_value').nullable().optional(),
    /** `photo` or `floor_plan` (issue 38 point 13); a floor plan is never the main photo of a card. */
    kind: PropertyMediaKindSchema.optional(),
  })
  .strict()
  .refine((body) => body.room_type !== undefined || body.kind !== undefined, {
    message: 'validation.required',
    path: ['room_type'],
  });
export type UpdatePropertyMediaBody = z.infer<typeof UpdatePropertyMediaBodySchema>;

/**
 * The one list of photo formats a property accepts (issue 38 defect 9): the API's check reads
 * `decoder` (sharp's name of the format it read from the content; AVIF is HEIF with AV1 inside,
 * so HEIC and AVIF share it), the editor's file picker `mediaTypes`, and the editor's hint and
 * the refusal `name`, so the hint never promises what the check refuses.
 */
export const PROPERTY_PHOTO_FORMATS = [
  { name: 'JPEG', decoder: 'jpeg', mediaTypes: ['image/jpeg'] },
  { name: 'PNG', decoder: 'png', mediaTypes: ['image/png'] },
  { name: 'WebP', decoder: 'webp', mediaTypes: ['image/webp'] },
  { name: 'HEIC', decoder: 'heif', mediaTypes: ['image/heic', 'image/heif'] },
  { name: 'AVIF', decoder: 'heif', mediaTypes: ['image/avif'] },
] as const;

export function propertyPhotoFormatNames(): string[] {
  return PROPERTY_PHOTO_FORMATS.map((format) => format.name);
}

/** Multipart fields of POST /v1/property-media/save (documents the form for OpenAPI). */
export const PropertyMediaUploadBodySchema = z.object({
  property_id: z.string().describe('Id of the property the photo belongs to'),
  room_type: z.enum(ROOM_TYPES).optional().describe('Room the photo shows'),
  file: z.unknown().describe(`The image: ${propertyPhotoFormatNames().join(', ')} (judged by content)`),
});

/** Largest photo upload in megabytes, as the messages name it (`{max}`). */
export const PROPERTY_PHOTO_MAX_MEGABYTES = 15;
/** Largest photo upload in bytes (413 beyond) and in pixels (422 `validation.image_too_large`). */
export const PROPERTY_PHOTO_MAX_BYTES = PROPERTY_PHOTO_MAX_MEGABYTES * 1024 * 1024;
export const PROPERTY_PHOTO_MAX_PIXELS = 50_000_000;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
export const TourDateInputSchema = z
  .object({
    date: isoDate,
    from: z.string().regex(TIME, 'validation.invalid_value'),
    to: z.string().regex(TIME, 'validation.invalid_value'),
    capacity: int(1, 100),
  })
  .strict()
  .superRefine((slot, ctx) => {
    if (slot.from >= slot.to)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.range_inverted' });
  });

/** POST /v1/property/save-tour-dates: replaces the property's future viewing slots. */
export const SaveTourDatesBodySchema = z
  .object({
    property_id: z.number().int().positive(),
    tour_dates: z.array(TourDateInputSchema).max(100, 'validation.too_long'),
  })
  .strict();
export type SaveTourDatesBody = z.infer<typeof SaveTourDatesBodySchema>;
export const TourDatesResponseSchema = z.object({ data: z.array(TourDateSchema) });
