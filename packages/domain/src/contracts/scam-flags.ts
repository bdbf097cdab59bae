// First: zod's settings for browsers, before this module builds any schema.
import '../zod-csp.ts';
import { z } from 'zod';
import { CURRENCIES } from '../currencies.ts';
import { SCAM_FLAG_STATUSES, SCAM_FLAG_SUBJECTS, SCAM_REASON_CODES } from '../scam-flags.ts';
import { OFFER_TYPES, PROPERTY_STATES, PROPERTY_TYPES } from '../value-sets.ts';
import { pagingQuery } from './favorites.ts';
import { PageMetaSchema } from './search.ts';

// Contracts of the admins' scam review queue (issue 43 point 4, docs/decisions/067): what the
// scam rules found on offers and messages, and the release and reject decisions.

export const ScamFlagsQuerySchema = z.object({
  status: z.enum(SCAM_FLAG_STATUSES, 'validation.invalid_value').default('open'),
  ...pagingQuery(25),
});

export const ScamReasonSchema = z.object({
  code: z.enum(SCAM_REASON_CODES),
  weight: z.number(),
  /** For the admin: the matched words, the price ratio, the other offers, the link hosts. */
  detail: z
    .object({
      terms: z.array(z.string()).optional(),
      ratio: z.number().optional(),
      median_per_m2: z.number().optional(),
      offers: z.number().optional(),
      hosts: z.array(z.string()).optional(),
    })
    .optional(),
});

export const ScamFlagItemSchema = z.object({
  id: z.number(),
  subject: z.enum(SCAM_FLAG_SUBJECTS),
  status: z.enum(SCAM_FLAG_STATUSES),
  /** The sum of the reasons' weights. */
  score: z.number(),
  /** Held from search (an offer) or from its recipient (a message) until decided. */
  held: z.boolean(),
  reasons: z.array(ScamReasonSchema),
  author_user_id: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  decided_at: z.string().nullable(),
  decided_by: z.number().nullable(),
  property: z.object({
    id: z.number(),
    state: z.enum(PROPERTY_STATES),
    offer_type: z.enum(OFFER_TYPES),
    property_type: z.enum(PROPERTY_TYPES),
    city: z.string().nullable(),
    price: z.number().nullable(),
    currency: z.enum(CURRENCIES),
    owner_id: z.number(),
  }),
  /** The flagged message (subject `message`), as written. */
  message: z.object({ id: z.number(), from_owner: z.boolean(), body: z.string() }).nullable(),
});
export type ScamFlagItem = z.infer<typeof ScamFlagItemSchema>;

export const ScamFlagsResponseSchema = z.object({ data: z.array(ScamFlagItemSchema), meta: PageMetaSchema });

export const ScamFlagActionParamsSchema = z.object({
  id: z.string().describe('Scam flag id'),
  action: z
    .enum(['release', 'reject'])
    .describe(
      'release: the offer returns to search, the message reaches its recipient; reject: the offer is struck, the message stays held',
    ),
});

/** reject of an offer strikes it with `reason` (shown to its owner); release takes no body. */
export const ScamFlagActionBodySchema = z
  .object({
    reason: z.string().trim().min(3, 'validation.required').max(500, 'validation.too_long').optional(),
  })
  .strict()
  .default({});
