// First: zod's settings for browsers, before this module builds any schema.
import '../zod-csp.ts';
import { z } from 'zod';
import { CURRENCIES } from '../currencies.ts';
import {
  COMPARE_MAX,
  COMPARE_MIN,
  GUEST_HIDDEN_CAP,
  parseOfferIdList,
  RECENTLY_VIEWED_CAP,
} from '../personal-offer-lists.ts';
import {
  BUILDING_TYPES,
  ENERGY_CLASSES,
  FURNISHINGS,
  HEATING_TYPES,
  OTHER_PARAMS,
  OWNERSHIPS,
  PARKING_TYPES,
  RECONSTRUCTIONS,
} from '../value-sets.ts';
import { OfferCardSchema } from './offers.ts';

// Compare, hidden offers and recently viewed offers (issue 44 points 4 and 6, decision 072).

function lastValue(value: unknown): unknown {
  const v = Array.isArray(value) ? value[value.length - 1] : value;
  if (typeof v === 'string' && v.trim() === '') return undefined;
  return typeof v === 'string' ? v.trim() : v;
}
function toUpper(value: unknown): unknown {
  const v = lastValue(value);
  return typeof v === 'string' ? v.toUpperCase() : v;
}
function toNumber(value: unknown): unknown {
  const v = lastValue(value);
  return typeof v === 'string' && /^[+-]?\d+(\.\d+)?$/.test(v) ? Number(v) : v;
}

/** An id list parameter (`1.2.3` or `1,2,3`), checked by the domain's one reader. */
function idListParam(cap: number, min: number, message: string) {
  return z.preprocess(
    (value) => {
      const v = lastValue(value);
      if (v === undefined) return [];
      if (typeof v !== 'string') return v;
      return parseOfferIdList(v, Number.MAX_SAFE_INTEGER) ?? v;
    },
    z
      .array(z.number().int(), { error: 'validation.invalid_value' })
      .min(min, message)
      .max(cap, 'validation.invalid_value'),
  );
}

/**
 * `hidden` of the search calls: a guest's hidden offers, carried from the browser's cookie by the
 * web server (a signed-in caller's come from the account). At most GUEST_HIDDEN_CAP ids.
 */
export const HiddenIdsParamSchema = idListParam(GUEST_HIDDEN_CAP, 0, 'validation.invalid_value')
  .optional()
  .describe(
    `Offer ids to leave out of the answer (a guest's hidden offers), dot- or comma-separated, at most ${GUEST_HIDDEN_CAP}. A signed-in caller's hidden offers are left out without it.`,
  );

/** A list of offer ids in a body: the browser's lists merged into an account at sign-in. */
export const OfferIdListBodySchema = z.object(
  {
    offer_ids: z
      .array(
        z
          .number({ error: 'validation.invalid_integer' })
          .int('validation.invalid_integer')
          .min(1, 'validation.number_too_small'),
        { error: 'validation.invalid_value' },
      )
      .max(GUEST_HIDDEN_CAP, 'validation.invalid_value'),
  },
  { error: 'validation.invalid_value' },
);
export type OfferIdListBody = z.infer<typeof OfferIdListBodySchema>;

export const HiddenOfferStateSchema = z.object({ offer_id: z.number().int(), hidden: z.boolean() });
export type HiddenOfferState = z.infer<typeof HiddenOfferStateSchema>;

export const MergedOffersSchema = z.object({
  /** How many of the ids were stored (unknown offers are skipped). */
  merged: z.number().int(),
});

export const HiddenOfferItemSchema = z.object({
  offer_id: z.number().int(),
  created_at: z.string(),
  /** The card while the offer is public; null once it left the market (the row stays). */
  offer: OfferCardSchema.nullable(),
});

/** GET /user/hidden_offers and GET /public/offers/by_ids: newest hidden first. */
export const HiddenOffersResponseSchema = z.object({ data: z.array(HiddenOfferItemSchema) });
export type HiddenOffersResponse = z.infer<typeof HiddenOffersResponseSchema>;

export const CurrencyQuerySchema = z.object({
  currency: z
    .preprocess(toUpper, z.enum(CURRENCIES, { error: 'validation.invalid_value' }).optional())
    .describe('Currency of the prices (default CZK)'),
});

/** GET /public/offers/cards?ids=: the cards of a browser's list (guests' recently viewed, hidden). */
export const OfferCardsQuerySchema = CurrencyQuerySchema.extend({
  ids: idListParam(Math.max(RECENTLY_VIEWED_CAP, GUEST_HIDDEN_CAP), 1, 'validation.invalid_value').describe(
    `Offer ids, dot- or comma-separated, 1..${GUEST_HIDDEN_CAP}`,
  ),
});

/** Cards of public offers in the order asked; ids of offers not public are left out. */
export const OfferCardsResponseSchema = z.object({ data: z.array(OfferCardSchema) });
export type OfferCardsResponse = z.infer<typeof OfferCardsResponseSchema>;

/** GET /public/offers/compare?ids=&currency=&lat=&lng= */
export const CompareQuerySchema = CurrencyQuerySchema.extend({
  ids: idListParam(COMPARE_MAX, COMPARE_MIN, 'validation.invalid_value').describe(
    `The offers to compare, ${COMPARE_MIN}..${COMPARE_MAX} ids, dot- or comma-separated`,
  ),
  lat: z
    .preprocess(
      toNumber,
      z
        .number({ error: 'validation.invalid_number' })
        .min(-90, 'validation.number_too_small')
        .max(90, 'validation.number_too_large')
        .optional(),
    )
    .describe('Latitude of a chosen place: each offer then carries its distance to it'),
  lng: z
    .preprocess(
      toNumber,
      z
        .number({ error: 'validation.invalid_number' })
        .min(-180, 'validation.number_too_small')
        .max(180, 'validation.number_too_large')
        .optional(),
    )
    .describe('Longitude of the chosen place (with `lat`)'),
});
export type CompareQuery = z.infer<typeof CompareQuerySchema>;

export const CompareOfferSchema = OfferCardSchema.extend({
  /** Price per m2 in the asked currency (a rent's per its period), null without price or area. */
  price_per_m2: z.number().nullable(),
  floor: z.number().int().nullable(),
  total_floors: z.number().int().nullable(),
  year_built: z.number().int().nullable(),
  ownership: z.enum(OWNERSHIPS).nullable(),
  reconstruction: z.enum(RECONSTRUCTIONS).nullable(),
  type_of_building: z.enum(BUILDING_TYPES).nullable(),
  type_of_heating: z.enum(HEATING_TYPES).nullable(),
  furnishings: z.enum(FURNISHINGS).nullable(),
  parking: z.enum(PARKING_TYPES).nullable(),
  penb: z.enum(ENERGY_CLASSES),
  other_params: z.array(z.enum(OTHER_PARAMS)),
  /** The offer's trust score (decision 066), null when none was computed. */
  trust_score: z.number().int().nullable(),
  /** Great-circle km to the place given by `lat`/`lng`; null without one. */
  distance_km: z.number().nullable(),
});
export type CompareOffer = z.infer<typeof CompareOfferSchema>;

export const CompareResponseSchema = z.object({
  /** The asked offers that are public, in the order asked. */
  data: z.array(CompareOfferSchema),
  /** Asked ids that are not public (sold, withdrawn, unknown): the page says so. */
  missing: z.array(z.number().int()),
});
export type CompareResponse = z.infer<typeof CompareResponseSchema>;
