// First: zod's settings for browsers, before this module builds any schema.
import '../zod-csp.ts';
import { z } from 'zod';
import { TRUST_SIGNAL_KEYS, TRUST_SIGNAL_STATUSES } from '../trust-score.ts';

// The trust score's signals and the seller's rating (issue 43 point 3, docs/decisions/066).

export const TrustSignalSchema = z.object({
  signal: z.enum(TRUST_SIGNAL_KEYS as [string, ...string[]]),
  /** Points earned; null while the signal is not known yet. */
  points: z.number().int().nullable(),
  max: z.number().int(),
  status: z.enum(TRUST_SIGNAL_STATUSES),
});

/** The offer's trust score 0..100 (spec 5) and every signal it sums, had or lacked. */
export const TrustScoreSchema = z.object({
  score: z.number().int().describe('0..100, the sum of the signals (spec 5)'),
  signals: z.array(TrustSignalSchema),
});
export type TrustScoreView = z.infer<typeof TrustScoreSchema>;

/** The owner's view adds the checklist: what the seller can do, and the points it adds. */
export const OwnTrustScoreSchema = TrustScoreSchema.extend({
  checklist: z.array(
    z.object({ signal: z.enum(TRUST_SIGNAL_KEYS as [string, ...string[]]), gain: z.number().int() }),
  ),
});

export const SELLER_RATING_STARS = { min: 1, max: 5 } as const;

export const SellerRatingBodySchema = z.object({
  stars: z
    .number({ error: 'validation.invalid_integer' })
    .int('validation.invalid_integer')
    .min(SELLER_RATING_STARS.min, 'validation.number_too_small')
    .max(SELLER_RATING_STARS.max, 'validation.number_too_large'),
});

/**
 * The conversation's rating as its writer sees it: the stars given (null: none yet) and whether
 * a rating can be given now (after the seller's reply, once).
 */
export const ThreadRatingSchema = z.object({
  stars: z.number().int().nullable(),
  rated_at: z.string().nullable(),
  can_rate: z.boolean(),
  /** The seller has not replied yet: rating opens with the first reply. */
  awaiting_reply: z.boolean(),
});
export type ThreadRating = z.infer<typeof ThreadRatingSchema>;
