// First: zod's settings for browsers, before this module builds any schema.
import '../zod-csp.ts';
import { z } from 'zod';
import { nameCharacters } from '../name-characters.ts';

// Contracts of what a visitor does on an offer (spec 7): POST /public/offers/{id}/offer_message
// and POST /public/offers/{id}/offer_report. Errors are message keys (CONVENTIONS habit 5).

/**
 * Message keys these forms emit besides the shared validation keys; the i18n catalogs carry
 * one message per key.
 */
export const OFFER_FORM_MESSAGE_KEYS = [
  'validation.required',
  'validation.invalid_email',
  'validation.invalid_phone',
  'validation.too_long',
  'validation.invalid_characters',
] as const;

/** "required" when the field is missing, else "invalid value" (wrong type). */
function requiredOr(key: string) {
  return (issue: { input?: unknown }) => (issue.input === undefined ? 'validation.required' : key);
}

function text(max: number) {
  return z
    .string({ error: requiredOr('validation.invalid_value') })
    .trim()
    .min(1, 'validation.required')
    .max(max, 'validation.too_long');
}

function optionalText(max: number) {
  return z.preprocess(
    (value) => ((typeof value === 'string' && value.trim() === '') || value === null ? undefined : value),
    z.string({ error: 'validation.invalid_value' }).trim().max(max, 'validation.too_long').optional(),
  );
}

const Email = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
  z
    .string({ error: requiredOr('validation.invalid_email') })
    .min(1, 'validation.required')
    .max(254, 'validation.too_long')
    .pipe(z.email({ error: 'validation.invalid_email' })),
);

const OptionalEmail = z.preprocess(
  (value) =>
    value === null || (typeof value === 'string' && value.trim() === '')
      ? undefined
      : typeof value === 'string'
        ? value.trim().toLowerCase()
        : value,
  z
    .string({ error: 'validation.invalid_email' })
    .max(254, 'validation.too_long')
    .pipe(z.email({ error: 'validation.invalid_email' }))
    .optional(),
);

/** Digits with an optional leading +, spaces, dashes, dots and parentheses; 6 to 20 digits. */
const PHONE = /^\+?[0-9 ().-]+$/;
const Phone = z.preprocess(
  (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
  z
    .string({ error: 'validation.invalid_phone' })
    .trim()
    .max(30, 'validation.too_long')
    .refine((value) => {
      const digits = value.replace(/\D/g, '').length;
      return PHONE.test(value) && digits >= 6 && digits <= 20;
    }, 'validation.invalid_phone')
    .optional(),
);

export const OFFER_MESSAGE_TEXT_MAX = 5000;

/**
 * A message to the seller. Guests give name and e-mail; a signed-in user's account is linked
 * to the lead as well (sender_user_id). `tour_date_id` asks for one of the offer's viewing
 * appointments (POST /v1/property/save-tour-dates).
 */
export const OfferMessageInputSchema = z.object(
  {
    name: nameCharacters(text(100)),
    email: Email,
    phone: Phone,
    text: text(OFFER_MESSAGE_TEXT_MAX),
    tour_date_id: z.preprocess(
      (value) => (value === null ? undefined : value),
      z
        .number({ error: 'validation.invalid_integer' })
        .int('validation.invalid_integer')
        .positive()
        .optional(),
    ),
  },
  { error: requiredOr('validation.invalid_value') },
);
export type OfferMessageInput = z.infer<typeof OfferMessageInputSchema>;

export const OfferMessageBodySchema = z.object(
  { offer_message: OfferMessageInputSchema },
  { error: requiredOr('validation.invalid_value') },
);
export type OfferMessageBody = z.infer<typeof OfferMessageBodySchema>;

export const OfferMessageResponseSchema = z.object({
  id: z.number().int(),
  lead_id: z.number().int(),
  tour_date_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type OfferMessageResponse = z.infer<typeof OfferMessageResponseSchema>;

/**
 * Message budgets (issue 4): per client address, and per sender e-mail and offer. A rejected
 * request answers 429 with Retry-After in seconds.
 */
export const OFFER_MESSAGE_LIMITS = {
  perAddress: { max: 5, windowMs: 10 * 60 * 1000 },
  perSenderAndOffer: { max: 3, windowMs: 60 * 60 * 1000 },
} as const;

/** Why an offer is reported; the same list as the offer_reports CHECK constraint. */
export const OFFER_REPORT_REASONS = [
  'wrong_price',
  'wrong_location',
  'wrong_parameters',
  'already_sold',
  'duplicate',
  'fraud',
  'inappropriate',
  'other',
] as const;
export type OfferReportReason = (typeof OFFER_REPORT_REASONS)[number];

export const OFFER_REPORT_TEXT_MAX = 2000;

export const OfferReportInputSchema = z.object(
  {
    reason: z.enum(OFFER_REPORT_REASONS, { error: requiredOr('validation.invalid_value') }),
    text: optionalText(OFFER_REPORT_TEXT_MAX),
    /** A guest may leave an address for follow-up; it also identifies the reporter. */
    email: OptionalEmail,
  },
  { error: requiredOr('validation.invalid_value') },
);
export type OfferReportInput = z.infer<typeof OfferReportInputSchema>;

export const OfferReportBodySchema = z.object(
  { offer_report: OfferReportInputSchema },
  { error: requiredOr('validation.invalid_value') },
);
export type OfferReportBody = z.infer<typeof OfferReportBodySchema>;

export const OfferReportResponseSchema = z.object({
  id: z.number().int(),
  offer_id: z.number().int(),
  reason: z.enum(OFFER_REPORT_REASONS),
  status: z.enum(['open', 'resolved', 'dismissed']),
  created_at: z.string(),
});
export type OfferReportResponse = z.infer<typeof OfferReportResponseSchema>;

/**
 * GET /public/offers/{id}/tour_dates: the offer's upcoming viewing slots, as UTC instants,
 * with the offer's time zone (from its country) in which the page names them (decision 011).
 */
export const PublicTourDateSchema = z.object({
  id: z.number().int(),
  starts_at: z.string(),
  ends_at: z.string(),
  capacity: z.number().int(),
});
export type PublicTourDate = z.infer<typeof PublicTourDateSchema>;
export const PublicTourDatesResponseSchema = z.object({
  time_zone: z.string(),
  data: z.array(PublicTourDateSchema),
});
export type PublicTourDatesResponse = z.infer<typeof PublicTourDatesResponseSchema>;
