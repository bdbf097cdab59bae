// "Still available?" (issue 43 point 5, docs/decisions/065): the signed links of the question's
// e-mail, answered without sign-in, and the seller's own confirmation from their offers.

import '../zod-csp.ts';
import { z } from 'zod';
import { AVAILABILITY_CHOICES } from '../availability.ts';
import { OFFER_TYPES, PROPERTY_TYPES } from '../value-sets.ts';

/** A link's token: `<check id>.<choice>.<expiry seconds>.<kid>.<mac>`. */
export const AvailabilityTokenParamsSchema = z.object({
  token: z.string().max(200).describe('The signed token of the e-mail link'),
});

/** The answer of a link and of the seller's own confirmation. */
export const AvailabilityAnswerSchema = z.object({
  property_id: z.number().int(),
  choice: z
    .enum(AVAILABILITY_CHOICES)
    .describe('`available` keeps the offer listed, `sold` marks it sold or rented'),
  offer_type: z.enum(OFFER_TYPES),
  property_type: z.enum(PROPERTY_TYPES),
  address: z.string().describe('Street and city of the offer, as its owner entered them'),
  state: z.string().describe('The offer’s state now (active, sold, rented, paused...)'),
  /** This link was already used (GET), or has just been used (POST answers false). */
  used: z.boolean(),
  expires_at: z.string().describe('ISO 8601: the link works until then'),
});
export type AvailabilityAnswer = z.infer<typeof AvailabilityAnswerSchema>;

/** POST /properties/{id}/availability: the seller confirms from their own offers. */
export const AvailabilityConfirmationSchema = z.object({
  property_id: z.number().int(),
  confirmed_at: z.string().describe('ISO 8601'),
});
export type AvailabilityConfirmation = z.infer<typeof AvailabilityConfirmationSchema>;
