import '../zod-csp.ts';
import { z } from 'zod';
import { OFFER_TYPES, PROPERTY_TYPES, type PropertyState } from '../value-sets.ts';
import { MyPropertiesQuerySchema } from './property-writes.ts';

/** Orders of GET /my/own/properties: created newest or oldest first, last changed first, price either way. */
export const MY_PROPERTIES_SORTS = ['newest', 'oldest', 'updated', 'price_asc', 'price_desc'] as const;
export type MyPropertiesSort = (typeof MY_PROPERTIES_SORTS)[number];

/** The longest search text of my offers. */
export const MY_PROPERTIES_QUERY_MAX = 100;

/**
 * GET /my/own/properties with the filters, search and order of my offers (issue 38 point 12):
 * `state`, `offer_type`, `property_type`, a search text `q` and `sort`, paged.
 */
export const MyOwnPropertiesQuerySchema = MyPropertiesQuerySchema.extend({
  offer_type: z.enum(OFFER_TYPES, 'validation.invalid_value').optional(),
  property_type: z.enum(PROPERTY_TYPES, 'validation.invalid_value').optional(),
  /** Words of the address, or the offer's number (`123` or `#123`). */
  q: z.string().trim().max(MY_PROPERTIES_QUERY_MAX, 'validation.too_long').optional(),
  sort: z.enum(MY_PROPERTIES_SORTS, 'validation.invalid_value').default('newest'),
});
export type MyOwnPropertiesQuery = z.infer<typeof MyOwnPropertiesQuerySchema>;

/**
 * Bulk actions of my offers (issue 38 point 12): one action on up to `BULK_PROPERTY_IDS_MAX`
 * of the seller's own properties at once. `reserve` and `withdraw` are the lifecycle moves to
 * `reserved` and `paused` (decision 042: paused is the withdrawn state); `renew` puts a public
 * offer back at the top of the newest-first order; `delete` removes drafts only.
 */
export const BULK_PROPERTY_ACTIONS = ['reserve', 'withdraw', 'renew', 'delete'] as const;
export type BulkPropertyAction = (typeof BULK_PROPERTY_ACTIONS)[number];

/** The state each lifecycle action moves to. */
export const BULK_ACTION_STATES: Readonly<Partial<Record<BulkPropertyAction, PropertyState>>> = {
  reserve: 'reserved',
  withdraw: 'paused',
};

/** The most ids one bulk request may name (four pages of my offers' default 25). */
export const BULK_PROPERTY_IDS_MAX = 100;

/** An offer may be renewed once this many days have passed since it was last (re)activated or renewed. */
export const RENEW_INTERVAL_DAYS = 7;

/** States whose offers can be renewed (the public ones, decision 042). */
export const RENEWABLE_STATES: readonly PropertyState[] = ['active', 'reserved'];

/**
 * Why one id of a bulk request was left alone: `not_found` (unknown or another seller's; the
 * two are not told apart), `not_allowed` (the lifecycle does not allow the move from the current
 * state, or the offer is not public for a renewal), `not_draft` (only drafts are deleted),
 * `renewed_recently` (renewed or activated within RENEW_INTERVAL_DAYS), `struck` (a moderator
 * hid it; it cannot be renewed).
 */
export const BULK_REFUSAL_REASONS = [
  'not_found',
  'not_allowed',
  'not_draft',
  'renewed_recently',
  'struck',
] as const;
export type BulkRefusalReason = (typeof BULK_REFUSAL_REASONS)[number];

export const BulkPropertyActionBodySchema = z
  .object({
    action: z.enum(BULK_PROPERTY_ACTIONS, 'validation.invalid_value'),
    ids: z
      .array(
        z
          .number('validation.invalid_integer')
          .int('validation.invalid_integer')
          .positive('validation.invalid_integer')
          .max(Number.MAX_SAFE_INTEGER, 'validation.invalid_integer'),
        'validation.invalid_value',
      )
      .min(1, 'validation.required')
      .max(BULK_PROPERTY_IDS_MAX, 'validation.too_long')
      .refine((ids) => new Set(ids).size === ids.length, 'validation.invalid_value'),
  })
  .strict();
export type BulkPropertyActionBody = z.infer<typeof BulkPropertyActionBodySchema>;

export const BulkPropertyOutcomeSchema = z.object({
  id: z.number(),
  outcome: z.enum(['done', 'refused']),
  /** Set when refused. */
  reason: z.enum(BULK_REFUSAL_REASONS).nullable(),
});
export type BulkPropertyOutcome = z.infer<typeof BulkPropertyOutcomeSchema>;

export const BulkPropertyActionResponseSchema = z.object({
  action: z.enum(BULK_PROPERTY_ACTIONS),
  /** One entry per requested id, in the request's order. */
  data: z.array(BulkPropertyOutcomeSchema),
});
export type BulkPropertyActionResponse = z.infer<typeof BulkPropertyActionResponseSchema>;
