// First: zod's settings for browsers, before this module builds any schema.
import '../zod-csp.ts';
import { z } from 'zod';
import { CURRENCIES } from '../currencies.ts';
import { PROPERTY_STATES } from '../value-sets.ts';

// Contracts of the admin's view and split of a group of offers of one physical property
// (issue 43 point 2, decision 068). Sellers can neither merge nor split: grouping is the
// matching's, a wrong group is an admin's to split.

export const PropertyGroupParamsSchema = z.object({
  id: z.string().describe('Group id: the id of any offer of the group'),
});

/** POST /admin/property-groups/{id}/split: the offers that leave the group, together. */
export const SplitPropertyGroupBodySchema = z
  .object({
    offer_ids: z
      .array(
        z
          .number('validation.invalid_integer')
          .int('validation.invalid_integer')
          .positive('validation.invalid_integer'),
        'validation.invalid_value',
      )
      .min(1, 'validation.required')
      .max(50, 'validation.too_long'),
  })
  .strict();
export type SplitPropertyGroupBody = z.infer<typeof SplitPropertyGroupBodySchema>;

export const PropertyGroupMemberSchema = z.object({
  id: z.number().int(),
  owner_id: z.number().int(),
  state: z.enum(PROPERTY_STATES),
  price: z.number().nullable(),
  currency_iso_code: z.enum(CURRENCIES),
  /** The group's card in search: its cheapest visible offer. */
  is_card: z.boolean(),
  city: z.string(),
  floor: z.number().int().nullable(),
  useful_area_meters: z.number().nullable(),
});

/** A group and its members (every offer named by it, visible or not), cheapest first. */
export const PropertyGroupSchema = z.object({
  /** Null when the offer asked for is in no group (a split left it alone). */
  id: z.number().int().nullable(),
  members: z.array(PropertyGroupMemberSchema),
});
export type PropertyGroup = z.infer<typeof PropertyGroupSchema>;

/** The answer of a split: the group as it is left and the group the split offers form (alone: one member). */
export const SplitPropertyGroupResponseSchema = z.object({
  remaining: PropertyGroupSchema,
  split_off: PropertyGroupSchema,
});
export type SplitPropertyGroupResponse = z.infer<typeof SplitPropertyGroupResponseSchema>;
