// First: zod's settings for browsers, before this module builds any schema.
import '../zod-csp.ts';
import { z } from 'zod';
import { SIMILAR_OFFERS_LIMIT } from '../constants.ts';
import { CURRENCIES } from '../currencies.ts';
import { LOCALES } from '../locales.ts';
import { OFFER_HISTORY_KINDS } from '../offer-history.ts';
import {
  AREA_UNITS,
  BUILDING_TYPES,
  DISPOSITIONS,
  ENERGY_CLASSES,
  FURNISHINGS,
  HEATING_TYPES,
  OFFER_TYPES,
  OTHER_PARAMS,
  OWNERSHIPS,
  PARKING_TYPES,
  PRICE_VARIANTS,
  PROPERTY_TYPES,
  RECONSTRUCTIONS,
  RENT_PRICE_PERIODS,
  ROOM_TYPES,
  SELLER_TYPES,
  TAGS,
} from '../value-sets.ts';
import { OfferCompanySchema } from './companies.ts';
import { OfferCardSchema, PhotoVariantsSchema } from './offers.ts';
import { EnergyCertificateSchema, PropertyVideoSchema } from './property-media.ts';
import { TrustScoreSchema } from './trust.ts';

// Contracts of the offer detail calls of spec 7: GET /public/offers/{id} and its contact,
// points of interest, similar offers and translation. Offer fields keep the spec's snake_case
// names (spec 3 "Property / offer detail", DESIGN 4).

/**
 * `{id}` of every /public/offers/{id} route. Kept a string so that an id that cannot exist
 * (letters, zero, beyond 2^53) answers 404 `not_found` like any unknown offer, not 422: the
 * web app shows its not-found page for both (spec 2 route validation).
 */
export const OfferIdParamsSchema = z.object({
  id: z.string().describe('Offer id (the property id), digits only'),
});
export type OfferIdParams = z.infer<typeof OfferIdParamsSchema>;

/** The offer id in a path, or null when it cannot name an offer. */
export function parseOfferId(value: string): number | null {
  if (!/^[1-9]\d{0,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}

// Query-string values arrive as strings (and as arrays when repeated: the last one wins).
function lastValue(value: unknown): unknown {
  const v = Array.isArray(value) ? value[value.length - 1] : value;
  if (typeof v === 'string' && v.trim() === '') return undefined;
  return typeof v === 'string' ? v.trim() : v;
}
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;
function toNumber(value: unknown): unknown {
  const v = lastValue(value);
  return typeof v === 'string' && DECIMAL.test(v) ? Number(v) : v;
}
/** Spec 5: boolean URL values accept 1 or true; 0 and false mean off. */
function toBoolean(value: unknown): unknown {
  const v = lastValue(value);
  if (v === '1' || v === 'true') return true;
  if (v === '0' || v === 'false') return false;
  return v;
}
function toUpper(value: unknown): unknown {
  const v = lastValue(value);
  return typeof v === 'string' ? v.toUpperCase() : v;
}

const CurrencyParam = z.preprocess(toUpper, z.enum(CURRENCIES).optional());

/** GET /public/offers/{id}?currency=EUR: prices are converted into `currency` (default CZK, spec 9). */
export const OfferDetailQuerySchema = z.object({
  currency: CurrencyParam.describe('Currency of `price` (default CZK); `original_price` stays as entered'),
});

/** Spec 3 Photo: id, image_file with URL variants, is_main, position, room_type. */
export const OfferPhotoSchema = z.object({
  id: z.number().int(),
  image_file: PhotoVariantsSchema,
  is_main: z.boolean(),
  position: z.number().int(),
  room_type: z.enum(ROOM_TYPES).nullable(),
  is_floor_plan: z.boolean(),
});
export type OfferPhoto = z.infer<typeof OfferPhotoSchema>;

/**
 * The account that published the offer. Its e-mail and phone are never shown here: visitors
 * reach the seller through the contact call and the message form.
 */
export const OfferCreatorSchema = z.object({
  id: z.number().int(),
  account_type: z.enum(['person', 'company']),
  /** Company name, else first and last name; null when the account has neither. */
  display_name: z.string().nullable(),
  /**
   * The account confirmed its e-mail address: says nothing about the seller (`seller.is_verified`)
   * or the listing (`is_verified`, set by an admin), which are shown with their own labels.
   */
  email_verified: z.boolean(),
  profile_picture_url: z.string().nullable(),
  member_since: z.string(),
  /**
   * The account's rating from the people it answered (decision 066), 1.0..5.0, null before the
   * first; an offer under a seller profile shows `seller.rating` instead.
   */
  rating: z.number().nullable(),
  rating_count: z.number().int(),
});
export type OfferCreator = z.infer<typeof OfferCreatorSchema>;

/** The seller (private person, developer, agency, broker, other: spec 1) the offer is published under. */
export const OfferSellerSchema = z.object({
  id: z.number().int(),
  seller_type: z.enum(SELLER_TYPES),
  name: z.string(),
  website: z.string().nullable(),
  logo_url: z.string().nullable(),
  country_code: z.string().nullable(),
  rating: z.number().nullable(),
  rating_count: z.number().int(),
  trust_score: z.number().int(),
  /** The seller (agency, developer...) was verified: the "verified seller" badge. */
  is_verified: z.boolean(),
});
export type OfferSeller = z.infer<typeof OfferSellerSchema>;

/** One line of the parameter list (spec 3 derived values); keys are i18n message keys. */
export const OfferParameterSchema = z.object({
  key: z.string(),
  value: z.string(),
  value_keys: z.array(z.string()),
});

/**
 * One entry of an offer's public timeline (issue 43 point 1, decision 063): a change of state
 * or of price, oldest first, including those of the offers it was relisted from. Prices are
 * converted into the detail's `currency_iso_code` like `price`; the original stays beside.
 */
export const OfferHistoryEntrySchema = z.object({
  date: z.string(),
  kind: z.enum(OFFER_HISTORY_KINDS),
  /** The price at that moment converted into the detail's currency; null without a price or a usable rate. */
  price: z.number().nullable(),
  currency: z.enum(CURRENCIES).nullable(),
  original_price: z.number().nullable(),
  original_currency: z.enum(CURRENCIES).nullable(),
  /** Against the price before it in the same original currency (-4.0 is a 4 % reduction); null when not comparable. */
  change_percent: z.number().nullable(),
});
export type OfferHistoryEntry = z.infer<typeof OfferHistoryEntrySchema>;

/**
 * Where the offer's price per m² stands among comparable public offers (issue 43 point 6,
 * decision 064): their median and distribution, converted into the detail's currency.
 */
export const FairPriceSchema = z.object({
  /** The median price per m² of the comparable offers, whole units of `currency`. */
  median_price_per_m2: z.number(),
  currency: z.enum(CURRENCIES),
  /** How many comparable offers the median rests on (at least MIN_FAIR_PRICE_COMPARABLES). */
  comparables: z.number().int(),
  /** The offer's city: the comparable offers lie in it, or within `radius_km` of the offer. */
  locality_name: z.string(),
  /** Null when the city held enough comparable offers; else the radius around the offer, in km. */
  radius_km: z.number().nullable(),
  /** Whole percent the offer's price per m² lies above (positive) or below the median; null without a price per m². */
  difference_percent: z.number().int().nullable(),
  /** A few bars of equal width (the outer ones open to the extremes), low to high. */
  distribution: z.array(z.object({ from: z.number(), to: z.number(), count: z.number().int() })),
});
export type FairPrice = z.infer<typeof FairPriceSchema>;

/**
 * How the publishing account answers messages (decision 065): its conversations of the last 90
 * days, the share answered in the product and the median time to the first answer, as stored
 * by the reply roll-up. Null below the minimum of conversations.
 */
export const OfferResponsivenessSchema = z.object({
  conversations: z.number().int(),
  reply_rate_percent: z.number().int().min(0).max(100),
  /** Null when none of them was answered. */
  median_reply_minutes: z.number().int().nullable(),
});
export type OfferResponsiveness = z.infer<typeof OfferResponsivenessSchema>;

/** One offer of the same physical property (decision 068), its price in the detail's currency. */
export const PropertyGroupOfferSchema = z.object({
  id: z.number().int(),
  price: z.number().nullable(),
  original_price: z.number().nullable(),
  original_currency_iso_code: z.enum(CURRENCIES),
  /** The seller's name as its offer shows it (seller profile, company, else the person); null when none is given. */
  seller_name: z.string().nullable(),
  seller_type: z.enum(SELLER_TYPES),
});
export type PropertyGroupOffer = z.infer<typeof PropertyGroupOfferSchema>;

/** Spec 3 "Property / offer detail", every field, plus the derived display values. */
export const OfferDetailSchema = z.object({
  id: z.number().int(),
  /** The states whose page answers (decision 042); reserved, sold and rented show a badge. */
  state: z.enum(['active', 'reserved', 'sold', 'rented']),
  /** When a sold or rented offer got that state (its page lasts 90 days from it); else null. */
  state_changed_at: z.string().nullable(),
  activated_at: z.string(),
  /** First publication: the "new" badge counts from it (a renewal moves `activated_at` only). */
  published_at: z.string().nullable(),
  /** The last price change lowered the price: the "reduced" badge (issue 39 point 12). */
  is_price_reduced: z.boolean(),
  /** Price and state changes, oldest first, across relistings of the same property (decision 063). */
  history: z.array(OfferHistoryEntrySchema),
  /** Every visible offer of the same property, this one included, cheapest first; empty when the offer is alone (decision 068). */
  property_group: z.array(PropertyGroupOfferSchema),
  /** The seller left the "still available?" question unanswered for 7 days (decision 065). */
  not_confirmed_recently: z.boolean(),
  /** The publishing account's reply figures (decision 065); null below the minimum of conversations. */
  responsiveness: OfferResponsivenessSchema.nullable(),
  /** The first listing, of this offer or of the one it was relisted from: days on market count from it. */
  first_listed_at: z.string().nullable(),
  /** Whole days from `first_listed_at` to today, or to when the offer left the market. */
  days_on_market: z.number().int().nullable(),
  /** The fair-price context; null with too few comparable offers (decision 064). */
  fair_price: FairPriceSchema.nullable(),
  /** The trust score and every signal it sums, had and lacked (issue 43 point 3, decision 066). */
  trust: TrustScoreSchema.nullable(),
  city: z.string(),
  city_part: z.string().nullable(),
  country_code: z.string().length(2),
  /** Currency of `price`: the one asked for with `?currency=` (default CZK). */
  currency_iso_code: z.enum(CURRENCIES),
  /** Currency the seller priced the offer in. */
  original_currency_iso_code: z.enum(CURRENCIES),
  original_price: z.number().nullable(),
  /** `original_price` converted into `currency_iso_code`; null without a price or a usable rate. */
  price: z.number().nullable(),
  price_variant: z.enum(PRICE_VARIANTS),
  disposition: z.enum(DISPOSITIONS).nullable(),
  flat_settings: z.record(z.string(), z.unknown()).nullable(),
  is_top_offer: z.boolean(),
  /** Locales in which the offer is promoted as a top offer. */
  top_offer_mutations: z.array(z.enum(LOCALES)),
  latitude: z.number(),
  longitude: z.number(),
  /** Language the description is written in. */
  locale: z.enum(LOCALES),
  /** The offer types of spec 3 as a list (today always one: sale or rent). */
  offer_types: z.array(z.enum(OFFER_TYPES)),
  offer_type: z.enum(OFFER_TYPES),
  property_type: z.enum(PROPERTY_TYPES),
  street: z.string().nullable(),
  zip: z.string().nullable(),
  /** Area in `useful_area_units`, as entered. */
  useful_area: z.number().nullable(),
  useful_area_meters: z.number().nullable(),
  useful_area_units: z.enum(AREA_UNITS),
  /** Number of bathrooms. */
  bathroom: z.number().int().nullable(),
  description: z.string().nullable(),
  floor: z.number().int().nullable(),
  total_floors: z.number().int().nullable(),
  free_from_date: z.string().nullable(),
  furnishings: z.enum(FURNISHINGS).nullable(),
  /** Months. */
  minimum_rental_period: z.number().int().nullable(),
  // What a tenant pays each month beside the rent (issue 43 point 6, decision 074): converted into
  // `currency_iso_code` like `price`, the seller's amounts beside; null when not stated.
  monthly_fees: z.number().nullable(),
  monthly_utilities: z.number().nullable(),
  original_monthly_fees: z.number().nullable(),
  original_monthly_utilities: z.number().nullable(),
  /** Utilities are included in the rent; null when the offer does not say. */
  utilities_included: z.boolean().nullable(),
  number_of_parking_places: z.number().int().nullable(),
  other_params: z.array(z.enum(OTHER_PARAMS)),
  ownership: z.enum(OWNERSHIPS).nullable(),
  parking: z.enum(PARKING_TYPES).nullable(),
  /** Energy class (PENB), `unknown` when not given. */
  penb: z.enum(ENERGY_CLASSES),
  reconstruction: z.enum(RECONSTRUCTIONS).nullable(),
  rent_price_period: z.enum(RENT_PRICE_PERIODS).nullable(),
  /** Room types, one entry per room (spec 3 "room (list of room types)"). */
  room: z.array(z.enum(ROOM_TYPES)),
  type_of_building: z.enum(BUILDING_TYPES).nullable(),
  type_of_heating: z.enum(HEATING_TYPES).nullable(),
  year_built: z.number().int().nullable(),
  tags: z.array(z.enum(TAGS)),
  /** An admin verified the listing (PATCH /properties/{id}/verify): the "verified listing" badge. */
  is_verified: z.boolean(),
  has_floor_plan: z.boolean(),
  seller_type: z.enum(SELLER_TYPES),
  /** Photos in their display order; floor plans (`is_floor_plan`) are shown as their own group. */
  photos: z.array(OfferPhotoSchema),
  /** The offer's video (issue 38 point 13): YouTube or Vimeo, embedded privacy-enhanced. */
  video: PropertyVideoSchema.nullable(),
  /** The energy performance certificate (PDF); `url` is relative to the API's root. */
  energy_certificate: EnergyCertificateSchema.nullable(),
  creator: OfferCreatorSchema,
  seller: OfferSellerSchema.nullable(),
  /** The company account that published the offer (issue 38 point 12): its profile's name, logo and page; null for a person. */
  company: OfferCompanySchema.nullable().optional(),
  /** Derived (spec 3): layout such as "3+KK", address "street, city", the parameter list. */
  layout: z.string().nullable(),
  address: z.string(),
  parameters: z.array(OfferParameterSchema),
});
export type OfferDetail = z.infer<typeof OfferDetailSchema>;

/**
 * Spec 3 Contact. `id` is the seller contact's id; it is null when the offer has no contact
 * person and the publishing account's own details are shown instead.
 */
export const OfferContactSchema = z.object({
  id: z.number().int().nullable(),
  contact_email: z.string().nullable(),
  contact_email_second: z.string().nullable(),
  contact_name: z.string().nullable(),
  contact_phone: z.string().nullable(),
  contact_phone_second: z.string().nullable(),
});
export type OfferContact = z.infer<typeof OfferContactSchema>;

/** Categories of points of interest (the `kind` of the points_of_interest table). */
export const POI_CATEGORIES = [
  'school',
  'kindergarten',
  'university',
  'supermarket',
  'pharmacy',
  'doctor',
  'hospital',
  'bus_stop',
  'tram_stop',
  'metro_station',
  'train_station',
  'restaurant',
  'cafe',
  'park',
  'playground',
  'sports',
  'bank',
  'post_office',
] as const;
export type PoiCategory = (typeof POI_CATEGORIES)[number];

export const POI_DEFAULT_RADIUS_KM = 2;
export const POI_MAX_RADIUS_KM = 5;
export const POI_DEFAULT_PER_CATEGORY = 3;
export const POI_MAX_PER_CATEGORY = 10;

export const PointsOfInterestQuerySchema = z.object({
  radius_km: z
    .preprocess(toNumber, z.number().positive().max(POI_MAX_RADIUS_KM).default(POI_DEFAULT_RADIUS_KM))
    .describe(
      `Search radius around the offer in km (default ${POI_DEFAULT_RADIUS_KM}, max ${POI_MAX_RADIUS_KM})`,
    ),
  per_category: z
    .preprocess(toNumber, z.number().int().min(1).max(POI_MAX_PER_CATEGORY).default(POI_DEFAULT_PER_CATEGORY))
    .describe(
      `Nearest places kept per category (default ${POI_DEFAULT_PER_CATEGORY}, max ${POI_MAX_PER_CATEGORY})`,
    ),
});

export const PointOfInterestSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.enum(POI_CATEGORIES),
  latitude: z.number(),
  longitude: z.number(),
  /** Great-circle distance from the offer, Earth radius 6371 km (spec 9), rounded to 3 decimals. */
  distance_km: z.number(),
  /** The same distance in whole metres. */
  distance_m: z.number().int(),
});
export type PointOfInterest = z.infer<typeof PointOfInterestSchema>;

/** Categories ordered by their nearest place; places nearest first. */
export const PointsOfInterestResponseSchema = z.object({
  data: z.array(
    z.object({
      category: z.enum(POI_CATEGORIES),
      items: z.array(PointOfInterestSchema),
    }),
  ),
});
export type PointsOfInterestResponse = z.infer<typeof PointsOfInterestResponseSchema>;

export const SIMILAR_OFFERS_MAX_LIMIT = 20;

export const SimilarOffersQuerySchema = z.object({
  limit: z
    .preprocess(toNumber, z.number().int().min(1).max(SIMILAR_OFFERS_MAX_LIMIT).default(SIMILAR_OFFERS_LIMIT))
    .describe(`How many offers (default ${SIMILAR_OFFERS_LIMIT}, spec 9; max ${SIMILAR_OFFERS_MAX_LIMIT})`),
  abroad: z
    .preprocess(toBoolean, z.boolean().default(false))
    .describe('`true` or `1`: similar offers in other countries instead of nearby ones'),
  currency: CurrencyParam.describe('Currency of the card prices (default CZK)'),
});

export const SimilarOffersResponseSchema = z.object({ data: z.array(OfferCardSchema) });
export type SimilarOffersResponse = z.infer<typeof SimilarOffersResponseSchema>;

/** GET /public/offers/{id}/seller_offers: the seller's other public offers (the seller card's). */
export const SELLER_OFFERS_LIMIT = 4;
export const SELLER_OFFERS_MAX_LIMIT = 20;

export const SellerOffersQuerySchema = z.object({
  limit: z
    .preprocess(toNumber, z.number().int().min(1).max(SELLER_OFFERS_MAX_LIMIT).default(SELLER_OFFERS_LIMIT))
    .describe(`How many offers (default ${SELLER_OFFERS_LIMIT}; max ${SELLER_OFFERS_MAX_LIMIT})`),
  currency: CurrencyParam.describe('Currency of the card prices (default CZK)'),
});

export const SellerOffersResponseSchema = z.object({
  data: z.array(OfferCardSchema),
  meta: z.object({ total: z.number().int().describe("All the seller's other public offers") }),
});
export type SellerOffersResponse = z.infer<typeof SellerOffersResponseSchema>;

export const OFFER_TRANSLATION_SOURCES = ['original', 'stored', 'machine'] as const;

/** GET /public/offers/{id}/offer_translation: the description in the language of Accept-Language. */
export const OfferTranslationSchema = z.object({
  offer_id: z.number().int(),
  locale: z.enum(LOCALES),
  description: z.string(),
  /** `original`: the offer is written in that language; `stored`: a kept translation; `machine`: just translated. */
  source: z.enum(OFFER_TRANSLATION_SOURCES),
});
export type OfferTranslation = z.infer<typeof OfferTranslationSchema>;
