// First: zod's settings for browsers, before this module builds any schema.
import '../zod-csp.ts';
import { z } from 'zod';
import { OFFER_TYPES, PROPERTY_TYPES } from '../value-sets.ts';

// Seller statistics of one's own offers (issue 6; route designed here): detail views,
// favourites and leads per offer and per day over the last 30 days.

export const SELLER_STATS_DAYS = 30;

export const StatsCountsSchema = z.object({
  /** Detail views, counted once per visitor and offer in 3 hours. */
  views: z.number().int(),
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

export const OfferStatsResponseSchema = OfferStatsSummarySchema.extend({
  from: z.string(),
  to: z.string(),
  /** One entry per day of the window, oldest first, zero days included. */
  days: z.array(StatsCountsSchema.extend({ day: z.string() })),
});
export type OfferStatsResponse = z.infer<typeof OfferStatsResponseSchema>;

export const OfferStatsParamsSchema = z.object({
  id: z.string().describe('Offer (property) id, digits only'),
});
