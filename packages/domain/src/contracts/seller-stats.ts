// First: zod's settings for browsers, before this module builds any schema.
import '../zod-csp.ts';
import { z } from 'zod';
import { OFFER_TYPES, PROPERTY_TYPES } from '../value-sets.ts';

// Seller statistics of one's own offers (issue 6; route designed here): detail views,
// contact reveals, favourites and leads per offer and per day over the last 30 days (or
// 7 or 90 for one offer, issue 38 point 11), and the offer's position among comparable offers.

export const SELLER_STATS_DAYS = 30;
/** Windows one offer's daily statistics can be asked for, in days (issue 38 point 11). */
export const OFFER_STATS_WINDOWS = [7, 30, 90] as const;
export type OfferStatsWindow = (typeof OFFER_STATS_WINDOWS)[number];
/** Fewer comparable offers than this give no median (issue 38 point 11). */
export const MIN_COMPARABLE_OFFERS = 5;

export const StatsCountsSchema = z.object({
  /** Detail views, counted once per visitor and offer in 3 hours. */
  views: z.number().int(),
  /** Contact reveals (the seller's phone and e-mail shown), counted once per visitor and offer in 3 hours. */
  contact_views: z.number().int(),
  /** Favourites added in the window. */
  favorites_added: z.number().int(),
  /** Leads (messages, contact and tour requests) received in the window. */
  leads: z.number().int(),
});
export type StatsCounts = z.infer<typeof StatsCountsSchema>;

export const OfferStatsSummarySchema = z.object({
  offer_id: z.number().int(),
  offer_type: z.enum(OFFER_TYPES),
  property_type: z.enum(PROPERTY_TYPES),
  street: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string(),
  /** Users who have the offer among their favourites now. */
  favorites: z.number().int(),
  /** Totals of the window. */
  totals: StatsCountsSchema,
});

export const SellerStatsResponseSchema = z.object({
  /** First and last day of the window (UTC, YYYY-MM-DD), both included. */
  from: z.string(),
  to: z.string(),
  totals: StatsCountsSchema,
  data: z.array(OfferStatsSummarySchema),
});
export type SellerStatsResponse = z.infer<typeof SellerStatsResponseSchema>;

/**
 * The offer's detail views per day over the window against the median of comparable offers
 * (see `comparableOffers` in the API): `median_views_per_day` is null when fewer than
 * `min_comparables` comparable offers were found (`status` `too_few`) or the offer was never
 * published (`unpublished`). Views per day divide an offer's views in the window by the days it
 * has been listed in the window (since its activation, at least 1).
 */
export const OfferPositionSchema = z.object({
  status: z.enum(['ok', 'too_few', 'unpublished']),
  views_per_day: z.number(),
  median_views_per_day: z.number().nullable(),
  comparables: z.number().int(),
  min_comparables: z.number().int(),
  /** What "comparable" meant for this offer: same types, country and city, CZK price band. */
  criteria: z
    .object({
      offer_type: z.enum(OFFER_TYPES),
      property_type: z.enum(PROPERTY_TYPES),
      country_code: z.string(),
      city: z.string(),
      price_from_czk: z.number().nullable(),
      price_to_czk: z.number().nullable(),
    })
    .nullable(),
});
export type OfferPosition = z.infer<typeof OfferPositionSchema>;

export const OfferStatsResponseSchema = OfferStatsSummarySchema.extend({
  from: z.string(),
  to: z.string(),
  /** One entry per day of the window, oldest first, zero days included. */
  days: z.array(StatsCountsSchema.extend({ day: z.string() })),
  position: OfferPositionSchema,
});
export type OfferStatsResponse = z.infer<typeof OfferStatsResponseSchema>;

export const OfferStatsParamsSchema = z.object({
  id: z.string().describe('Offer (property) id, digits only'),
});

export const OfferStatsQuerySchema = z.object({
  days: z
    .enum(OFFER_STATS_WINDOWS.map(String) as ['7', '30', '90'])
    .optional()
    .describe(
      `Window in days, ending today (UTC): ${OFFER_STATS_WINDOWS.join(', ')}; default ${SELLER_STATS_DAYS}`,
    ),
});
