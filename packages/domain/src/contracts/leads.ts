// First: zod's settings for browsers, before this module builds any schema.
import '../zod-csp.ts';
import { z } from 'zod';
import { OFFER_TYPES, PROPERTY_TYPES } from '../value-sets.ts';
import { pagingQuery } from './favorites.ts';
import { PageMetaSchema } from './search.ts';

// Leads (spec 7 POST and GET /leads; fields not shown, designed here): enquiries about an
// offer addressed to its owner. A message through POST /public/offers/{id}/offer_message
// creates one (source offer_message or tour_request); a signed-in user's contact request
// through POST /leads creates one with source `form`.

export const LEAD_SOURCES = ['offer_message', 'tour_request', 'contact_reveal', 'form'] as const;
export const LEAD_STATUSES = ['new', 'read', 'replied', 'archived'] as const;
export const LEADS_PAGE_SIZE = 20;
export const LEAD_SORTS = ['newest', 'unread_first'] as const;
export const LEAD_MESSAGE_MAX = 5000;

/** Keys emitted besides the shared validation keys. */
export const LEAD_MESSAGE_KEYS = ['validation.required', 'validation.too_long', 'leads.own_offer'] as const;

function requiredOr(key: string) {
  return (issue: { input?: unknown }) => (issue.input === undefined ? 'validation.required' : key);
}

const PHONE = /^\+?[0-9 ().-]+$/;

/** POST /leads: the caller's account supplies name and e-mail; the phone may differ per request. */
export const CreateLeadBodySchema = z.object(
  {
    offer_id: z
      .number({ error: requiredOr('validation.invalid_integer') })
      .int('validation.invalid_integer')
      .min(1, 'validation.number_too_small'),
    message: z
      .string({ error: requiredOr('validation.invalid_value') })
      .trim()
      .min(1, 'validation.required')
      .max(LEAD_MESSAGE_MAX, 'validation.too_long'),
    phone: z.preprocess(
      (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
      z
        .string({ error: 'validation.invalid_phone' })
        .trim()
        .max(30, 'validation.too_long')
        .refine((value) => {
          const digits = value.replace(/\D/g, '').length;
          return PHONE.test(value) && digits >= 6 && digits <= 20;
        }, 'validation.invalid_phone')
        .optional()
        .describe("Phone to call back on (default: the account's phone number)"),
    ),
  },
  { error: requiredOr('validation.invalid_value') },
);
export type CreateLeadBody = z.infer<typeof CreateLeadBodySchema>;

export const LeadSchema = z.object({
  id: z.number().int(),
  source: z.enum(LEAD_SOURCES),
  status: z.enum(LEAD_STATUSES),
  /** False until the owner marks the lead read (status `new`). */
  read: z.boolean(),
  message: z.string().nullable(),
  messages_count: z.number().int(),
  created_at: z.string(),
  offer: z.object({
    id: z.number().int(),
    offer_type: z.enum(OFFER_TYPES),
    property_type: z.enum(PROPERTY_TYPES),
    street: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string(),
  }),
  /** Who wrote: the details they gave (guests) or their account's (signed-in senders). */
  sender: z.object({
    user_id: z.number().int().nullable(),
    name: z.string().nullable(),
    email: z.string(),
    phone: z.string().nullable(),
  }),
});
export type Lead = z.infer<typeof LeadSchema>;

export const LeadsQuerySchema = z.object({
  ...pagingQuery(LEADS_PAGE_SIZE),
  unread: z
    .preprocess((value) => {
      const v = Array.isArray(value) ? value[value.length - 1] : value;
      if (v === '1' || v === 'true') return true;
      if (v === '0' || v === 'false' || v === '' || v === undefined) return undefined;
      return v;
    }, z.boolean({ error: 'validation.invalid_boolean' }).optional())
    .describe('1 or true: only leads not read yet'),
  sort: z
    .enum(LEAD_SORTS, 'validation.invalid_value')
    .optional()
    .describe(
      'newest (default): newest first; unread_first: leads not read yet first, each group newest first',
    ),
});
export type LeadsQuery = z.infer<typeof LeadsQuerySchema>;

export const LeadListSchema = z.object({ data: z.array(LeadSchema), meta: PageMetaSchema });
export type LeadList = z.infer<typeof LeadListSchema>;

export const LeadIdParamsSchema = z.object({ id: z.string().describe('Lead id, digits only') });

export const UpdateLeadBodySchema = z.object(
  { read: z.boolean({ error: requiredOr('validation.invalid_boolean') }) },
  { error: requiredOr('validation.invalid_value') },
);
export type UpdateLeadBody = z.infer<typeof UpdateLeadBodySchema>;

/** Budgets of POST /leads per signed-in sender; beyond them 429 with Retry-After. */
export const LEAD_LIMITS = {
  perSender: { max: 20, windowMs: 60 * 60 * 1000 },
  perSenderAndOffer: { max: 3, windowMs: 60 * 60 * 1000 },
} as const;
