// First: zod's settings for browsers, before this module builds any schema.
import '../zod-csp.ts';
import { z } from 'zod';
import { FAVOURITES_PAGE_SIZE } from '../constants.ts';
import { CURRENCIES } from '../currencies.ts';
import { MAX_PER_PAGE } from '../search/filters.ts';
import { OFFER_TYPES } from '../value-sets.ts';
import { OfferCardSchema } from './offers.ts';
import { PageMetaSchema } from './search.ts';

// Favourites (spec 3 Favourites, spec 7 "Favourites" and GET/POST/DELETE
// /my/favorite/properties). The offer id is the property id, so both families of calls work on
// the same rows: one favourite per user and property.

// Query values arrive as strings (repeated keys as arrays: the last one wins).
function lastValue(value: unknown): unknown {
  const v = Array.isArray(value) ? value[value.length - 1] : value;
  if (typeof v === 'string' && v.trim() === '') return undefined;
  return typeof v === 'string' ? v.trim() : v;
}
function toNumber(value: unknown): unknown {
  const v = lastValue(value);
  return typeof v === 'string' && /^[+-]?\d+(\.\d+)?$/.test(v) ? Number(v) : v;
}
function toLower(value: unknown): unknown {
  const v = lastValue(value);
  return typeof v === 'string' ? v.toLowerCase() : v;
}
function toUpper(value: unknown): unknown {
  const v = lastValue(value);
  return typeof v === 'string' ? v.toUpperCase() : v;
}

/** `page` and `per_page` of the account lists (message keys on failure). */
export function pagingQuery(defaultPerPage: number) {
  return {
    page: z
      .preprocess(
        toNumber,
        z
          .number({ error: 'validation.invalid_integer' })
          .int('validation.invalid_integer')
          .min(1, 'validation.number_too_small')
          .optional(),
      )
      .describe('Page number, from 1 (default 1)'),
    per_page: z
      .preprocess(
        toNumber,
        z
          .number({ error: 'validation.invalid_integer' })
          .int('validation.invalid_integer')
          .min(1, 'validation.number_too_small')
          .max(MAX_PER_PAGE, 'validation.number_too_large')
          .optional(),
      )
      .describe(`Items per page, 1..${MAX_PER_PAGE} (default ${defaultPerPage})`),
  };
}

export const FavoriteOfferIdsResponseSchema = z.object({
  /** Ids of the public offers the user has favourited, newest favourite first. */
  data: z.array(z.number().int()),
});
export type FavoriteOfferIdsResponse = z.infer<typeof FavoriteOfferIdsResponseSchema>;

/** GET /user/favorite_offers?page&per_page&offer_type&currency (spec 9: 10 a page). */
export const FavoriteOffersQuerySchema = z.object({
  ...pagingQuery(FAVOURITES_PAGE_SIZE),
  offer_type: z
    .preprocess(toLower, z.enum(OFFER_TYPES, { error: 'validation.invalid_value' }).optional())
    .describe(`Only favourites of this offer type: ${OFFER_TYPES.join(', ')}`),
  currency: z
    .preprocess(toUpper, z.enum(CURRENCIES, { error: 'validation.invalid_value' }).optional())
    .describe('Currency of `offer.price` (default CZK)'),
});
export type FavoriteOffersQuery = z.infer<typeof FavoriteOffersQuerySchema>;

export const FavoriteOfferItemSchema = z.object({
  offer_id: z.number().int(),
  /** When the user added the favourite. */
  created_at: z.string(),
  /** The offer card as the search returns it. */
  offer: OfferCardSchema,
});
export type FavoriteOfferItem = z.infer<typeof FavoriteOfferItemSchema>;

export const FavoriteOffersResponseSchema = z.object({
  data: z.array(FavoriteOfferItemSchema),
  meta: PageMetaSchema,
});
export type FavoriteOffersResponse = z.infer<typeof FavoriteOffersResponseSchema>;

/** Answer of adding or removing a favourite: the state after the call. */
export const FavoriteStateSchema = z.object({
  offer_id: z.number().int(),
  favorite: z.boolean(),
});
export type FavoriteState = z.infer<typeof FavoriteStateSchema>;

/** Body of POST and DELETE /my/favorite/properties. */
export const FavoritePropertyBodySchema = z.object(
  {
    property_id: z
      .number({ error: 'validation.invalid_integer' })
      .int('validation.invalid_integer')
      .min(1, 'validation.number_too_small'),
  },
  { error: 'validation.invalid_value' },
);
export type FavoritePropertyBody = z.infer<typeof FavoritePropertyBodySchema>;

export const FavoritePropertyItemSchema = z.object({
  property_id: z.number().int(),
  created_at: z.string(),
  /** False while the property is not public (paused, sold, struck): kept, shown again when it returns. */
  is_public: z.boolean(),
});

/** GET /my/favorite/properties: every favourite of the user, public or not, newest first. */
export const FavoritePropertiesResponseSchema = z.object({ data: z.array(FavoritePropertyItemSchema) });
export type FavoritePropertiesResponse = z.infer<typeof FavoritePropertiesResponseSchema>;

export const FavoritePropertyStateSchema = z.object({
  property_id: z.number().int(),
  favorite: z.boolean(),
});
export type FavoritePropertyState = z.infer<typeof FavoritePropertyStateSchema>;
