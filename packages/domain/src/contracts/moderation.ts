// First: zod's settings for browsers, before this module builds any schema.
import '../zod-csp.ts';
import { z } from 'zod';
import { PROPERTY_STATES } from '../value-sets.ts';
import { OFFER_REPORT_REASONS } from './offer-actions.ts';

// Contracts of the admin moderation calls (issue 7): verification badge, strikes, and the
// queue of offer reports (POST /public/offers/{id}/offer_report fills it).

export const VerifyPropertyBodySchema = z
  .object({
    /** false withdraws the badge. */
    verified: z.boolean('validation.invalid_boolean').default(true),
  })
  .strict();

export const StrikePropertyBodySchema = z
  .object({
    /** Shown to the owner in GET /properties/{id} and GET /my/own/properties. */
    reason: z.string().trim().min(3, 'validation.required').max(500, 'validation.too_long'),
  })
  .strict();

export const ModerationResultSchema = z.object({
  id: z.number(),
  state: z.enum(PROPERTY_STATES),
  is_verified: z.boolean(),
  is_public: z.boolean(),
  strike: z.object({ reason: z.string(), struck_at: z.string() }).nullable(),
  trust_score: z.number(),
});
export type ModerationResult = z.infer<typeof ModerationResultSchema>;

export const OFFER_REPORT_QUEUE_STATUSES = ['open', 'resolved', 'dismissed'] as const;

export const ReportsQuerySchema = z.object({
  status: z.enum(OFFER_REPORT_QUEUE_STATUSES, 'validation.invalid_value').default('open'),
  page: z.coerce.number('validation.invalid_integer').int('validation.invalid_integer').min(1).default(1),
  per_page: z.coerce
    .number('validation.invalid_integer')
    .int('validation.invalid_integer')
    .min(1, 'validation.number_too_small')
    .max(100, 'validation.number_too_large')
    .default(25),
});

export const OfferReportItemSchema = z.object({
  id: z.number(),
  property_id: z.number(),
  reason: z.enum(OFFER_REPORT_REASONS),
  message: z.string().nullable(),
  reporter_user_id: z.number().nullable(),
  reporter_email: z.string().nullable(),
  status: z.enum(OFFER_REPORT_QUEUE_STATUSES),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
  resolved_by: z.number().nullable(),
  /** Open reports on the same offer, this one included: the queue is sorted by it. */
  open_reports_on_offer: z.number(),
  property: z.object({
    state: z.enum(PROPERTY_STATES),
    city: z.string().nullable(),
    owner_id: z.number(),
    struck: z.boolean(),
  }),
});
export type OfferReportItem = z.infer<typeof OfferReportItemSchema>;

export const ReportsResponseSchema = z.object({
  data: z.array(OfferReportItemSchema),
  meta: z.object({
    next_page: z.number().nullable(),
    page: z.number(),
    per_page: z.number(),
    prev_page: z.number().nullable(),
    total: z.number(),
    total_pages: z.number(),
  }),
});

export const ReportActionParamsSchema = z.object({
  id: z.string().describe('Report id'),
  action: z.enum(['resolve', 'dismiss']).describe('resolve upholds the report; dismiss rejects it'),
});

/** resolve may strike the offer in the same step (`strike_reason`); dismiss takes no body. */
export const ReportActionBodySchema = z
  .object({
    strike_reason: z.string().trim().min(3, 'validation.required').max(500, 'validation.too_long').optional(),
  })
  .strict()
  .default({});
