// First: zod's settings for browsers, before this module builds any schema.
import '../zod-csp.ts';
import { z } from 'zod';
import { CURRENCIES } from '../currencies.ts';
import { LOCALES } from '../locales.ts';
import {
  DISPOSITIONS,
  OFFER_TYPES,
  PRICE_VARIANTS,
  PROPERTY_TYPES,
  RENT_PRICE_PERIODS,
  SELLER_TYPES,
} from '../value-sets.ts';

// Offer fields follow the spec's snake_case names (spec 3, DESIGN 4).

export const PhotoVariantsSchema = z.object({
  thumb: z.string(),
  card: z.string(),
  gallery: z.string(),
  full: z.string(),
  /** AVIF twins of the same sizes, for <picture> sources. */
  thumb_avif: z.string().optional(),
  card_avif: z.string().optional(),
  gallery_avif: z.string().optional(),
  full_avif: z.string().optional(),
});
export type PhotoVariants = z.infer<typeof PhotoVariantsSchema>;

/** The short form of an offer shown on cards (featured list, results, favourites). */
export const OfferCardSchema = z.object({
  id: z.number().int(),
  activated_at: z.string().nullable(),
  /** First publication: the "new" badge counts from it (a renewal moves `activated_at` only). */
  published_at: z.string().nullable(),
  offer_type: z.enum(OFFER_TYPES),
  property_type: z.enum(PROPERTY_TYPES),
  /** Price converted into the currency the caller asked for (default CZK). */
  price: z.number().nullable(),
  currency_iso_code: z.enum(CURRENCIES),
  /** The price as the seller entered it. */
  original_price: z.number().nullable(),
  original_currency_iso_code: z.enum(CURRENCIES),
  price_variant: z.enum(PRICE_VARIANTS),
  rent_price_period: z.enum(RENT_PRICE_PERIODS).nullable(),
  disposition: z.enum(DISPOSITIONS).nullable(),
  /** Derived layout, e.g. "3+KK" or "2+1" (spec 3 derived display values). */
  layout: z.string().nullable(),
  useful_area_meters: z.number().nullable(),
  street: z.string().nullable(),
  city: z.string(),
  city_part: z.string().nullable(),
  country_code: z.string().length(2),
  latitude: z.number(),
  longitude: z.number(),
  locale: z.enum(LOCALES),
  seller_type: z.enum(SELLER_TYPES),
  is_verified: z.boolean(),
  is_top_offer: z.boolean(),
  /** Reserved: still shown and searchable, with a badge (decision 042). */
  is_reserved: z.boolean(),
  /** The last price change lowered the price: the "reduced" badge (issue 39 point 12). */
  is_price_reduced: z.boolean(),
  /** By how many whole percent the price fell, while the reduction is under 30 days old: "reduced by N %" (decision 063). */
  price_reduced_percent: z.number().int().nullable(),
  /** The seller left the "still available?" question unanswered for 7 days (decision 065). */
  not_confirmed_recently: z.boolean(),
  /**
   * The card stands for several offers of one property (decision 068): how many visible offers
   * and how many sellers; its price is the group's lowest. Null for an offer alone.
   */
  property_group: z.object({ offers: z.number().int().min(2), sellers: z.number().int().min(1) }).nullable(),
  photos_count: z.number().int(),
  main_photo: z
    .object({ id: z.number().int(), image_file: PhotoVariantsSchema, room_type: z.string().nullable() })
    .nullable(),
});
export type OfferCard = z.infer<typeof OfferCardSchema>;

/** GET /properties: the featured list, newest published first, 8 items (spec 7, spec 9). */
export const FeaturedPropertiesQuerySchema = z.object({
  currency: z.enum(CURRENCIES).optional(),
});
export const FeaturedPropertiesResponseSchema = z.object({ data: z.array(OfferCardSchema) });
export type FeaturedPropertiesResponse = z.infer<typeof FeaturedPropertiesResponseSchema>;
