// First: zod's settings for browsers, before this module builds any schema.
import '../zod-csp.ts';
import { z } from 'zod';
import { LOCALES } from '../locales.ts';
import { OFFER_TYPES, PROPERTY_TYPES } from '../value-sets.ts';
import { pagingQuery } from './favorites.ts';
import { LEAD_MESSAGE_MAX } from './leads.ts';
import { PageMetaSchema } from './search.ts';

// Leads as conversations (issue 38 point 10): a thread per offer and buyer holds the buyer's
// messages and the seller's replies. The seller reads and answers under GET/POST /lead_threads;
// the buyer through the link in the reply e-mail (a random token, /public/lead_threads/{token})
// without an account.

/**
 * new: nobody answered yet; answered: the seller replied (set by the first reply);
 * viewing_booked and closed: chosen by the seller. A buyer's new message reopens a closed thread.
 */
export const LEAD_THREAD_STATUSES = ['new', 'answered', 'viewing_booked', 'closed'] as const;
export type LeadThreadStatus = (typeof LEAD_THREAD_STATUSES)[number];
/** What the seller may set: `open` takes a closed thread back to new or answered. */
export const LEAD_THREAD_SETTABLE_STATUSES = ['viewing_booked', 'closed', 'open'] as const;
export const LEAD_THREADS_PAGE_SIZE = 20;
/** A reply, either side: the same limit as the first message. */
export const LEAD_REPLY_MAX = LEAD_MESSAGE_MAX;
export const LEAD_THREAD_SIDES = ['seller', 'buyer'] as const;

/** Budgets of the buyer's answers through the link; beyond them 429 with Retry-After. */
export const LEAD_THREAD_REPLY_LIMITS = {
  perAddress: { max: 10, windowMs: 10 * 60 * 1000 },
  perThread: { max: 20, windowMs: 60 * 60 * 1000 },
} as const;
/** Budget of the seller's replies per account. */
export const LEAD_THREAD_SELLER_REPLY_LIMIT = { max: 120, windowMs: 60 * 60 * 1000 } as const;

function requiredOr(key: string) {
  return (issue: { input?: unknown }) => (issue.input === undefined ? 'validation.required' : key);
}

const OfferRefSchema = z.object({
  id: z.number().int(),
  offer_type: z.enum(OFFER_TYPES),
  property_type: z.enum(PROPERTY_TYPES),
  street: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string(),
});

export const LeadThreadMessageSchema = z.object({
  id: z.number().int(),
  side: z.enum(LEAD_THREAD_SIDES),
  body: z.string(),
  created_at: z.string(),
  /** When the other side read it; null while unread. */
  read_at: z.string().nullable(),
});
export type LeadThreadMessage = z.infer<typeof LeadThreadMessageSchema>;

export const LeadThreadSummarySchema = z.object({
  id: z.number().int(),
  status: z.enum(LEAD_THREAD_STATUSES),
  offer: OfferRefSchema,
  buyer: z.object({
    user_id: z.number().int().nullable(),
    name: z.string().nullable(),
    email: z.string(),
    phone: z.string().nullable(),
    /** The language the buyer wrote in; replies reach them in it. */
    locale: z.enum(LOCALES),
  }),
  /** The buyer's messages the seller has not read yet. */
  unread: z.number().int(),
  messages_count: z.number().int(),
  /** A viewing was asked for in one of the enquiries. */
  viewing_requested: z.boolean(),
  last_message: z.object({ side: z.enum(LEAD_THREAD_SIDES), excerpt: z.string() }).nullable(),
  created_at: z.string(),
  last_message_at: z.string(),
});
export type LeadThreadSummary = z.infer<typeof LeadThreadSummarySchema>;

export const LeadUnreadSchema = z.object({
  /** Buyer messages not read by the seller, over all threads. */
  messages: z.number().int(),
  /** Threads with such messages. */
  threads: z.number().int(),
});
export type LeadUnread = z.infer<typeof LeadUnreadSchema>;

export const LeadThreadListSchema = z.object({
  data: z.array(LeadThreadSummarySchema),
  meta: PageMetaSchema,
  unread: LeadUnreadSchema,
});
export type LeadThreadList = z.infer<typeof LeadThreadListSchema>;

export const LeadThreadSchema = LeadThreadSummarySchema.extend({
  messages: z.array(LeadThreadMessageSchema),
});
export type LeadThread = z.infer<typeof LeadThreadSchema>;

export const LeadThreadsQuerySchema = z.object({
  ...pagingQuery(LEAD_THREADS_PAGE_SIZE),
  status: z
    .enum(LEAD_THREAD_STATUSES, 'validation.invalid_value')
    .optional()
    .describe('Only threads in this status'),
});
export type LeadThreadsQuery = z.infer<typeof LeadThreadsQuerySchema>;

export const LeadThreadIdParamsSchema = z.object({ id: z.string().describe('Thread id, digits only') });
export const LeadThreadTokenParamsSchema = z.object({
  token: z.string().describe('The access token from the e-mail link'),
});

export const LeadReplyBodySchema = z.object(
  {
    body: z
      .string({ error: requiredOr('validation.invalid_value') })
      .trim()
      .min(1, 'validation.required')
      .max(LEAD_REPLY_MAX, 'validation.too_long'),
  },
  { error: requiredOr('validation.invalid_value') },
);
export type LeadReplyBody = z.infer<typeof LeadReplyBodySchema>;

export const UpdateLeadThreadBodySchema = z
  .object(
    {
      status: z.enum(LEAD_THREAD_SETTABLE_STATUSES, 'validation.invalid_value').optional(),
      read: z.boolean({ error: 'validation.invalid_boolean' }).optional(),
    },
    { error: requiredOr('validation.invalid_value') },
  )
  .refine((body) => body.status !== undefined || body.read !== undefined, {
    message: 'validation.required',
    path: ['status'],
  });
export type UpdateLeadThreadBody = z.infer<typeof UpdateLeadThreadBodySchema>;

/** What the buyer sees through the link: the offer, the seller's name and the conversation. */
export const PublicLeadThreadSchema = z.object({
  status: z.enum(LEAD_THREAD_STATUSES),
  offer: OfferRefSchema,
  seller_name: z.string().nullable(),
  buyer_name: z.string().nullable(),
  messages: z.array(LeadThreadMessageSchema.omit({ read_at: true })),
});
export type PublicLeadThread = z.infer<typeof PublicLeadThreadSchema>;

export const LeadReplyRateSchema = z.object({
  threads: z.number().int(),
  replied: z.number().int(),
  /** replied / threads, 0..1; null without threads. */
  share: z.number().nullable(),
  /** Median seconds from the buyer's first message to the seller's first reply; null without replies. */
  median_first_reply_seconds: z.number().nullable(),
});
export type LeadReplyRate = z.infer<typeof LeadReplyRateSchema>;

/** A signed-in buyer's conversation (GET /user/lead_threads): the offer, the seller, the state. */
export const BuyerLeadThreadSummarySchema = z.object({
  id: z.number().int(),
  status: z.enum(LEAD_THREAD_STATUSES),
  offer: OfferRefSchema,
  seller_name: z.string().nullable(),
  /** The seller's messages the buyer has not read yet. */
  unread: z.number().int(),
  messages_count: z.number().int(),
  last_message: z.object({ side: z.enum(LEAD_THREAD_SIDES), excerpt: z.string() }).nullable(),
  last_message_at: z.string(),
});
export type BuyerLeadThreadSummary = z.infer<typeof BuyerLeadThreadSummarySchema>;

export const BuyerLeadThreadListSchema = z.object({
  data: z.array(BuyerLeadThreadSummarySchema),
  meta: PageMetaSchema,
});
export type BuyerLeadThreadList = z.infer<typeof BuyerLeadThreadListSchema>;

export const BuyerLeadThreadsQuerySchema = z.object({ ...pagingQuery(LEAD_THREADS_PAGE_SIZE) });
