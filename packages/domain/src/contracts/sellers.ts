// The public seller page (issue 39 point 15, decision 053): every account that sells, private
// persons and agents alike, at a stable address, with its public offers a page at a time and a
// search among them. Companies also have their company page (decision 047), which stays their
// page: the seller answer names it (`companySlug`).

import '../zod-csp.ts';
import { z } from 'zod';
import { CURRENCIES } from '../currencies.ts';
import { REPLY_MIN_THREADS, REPLY_WINDOW_DAYS } from '../responsiveness.ts';
import { OFFER_TYPES, SELLER_TYPES } from '../value-sets.ts';
import { companySlug, parseCompanyId } from './companies.ts';
import { pagingQuery } from './favorites.ts';
import { OfferCardSchema } from './offers.ts';
import { PageMetaSchema } from './search.ts';
import { ProfilePictureUrlsSchema } from './users.ts';

/** Offers a page of the seller page lists. */
export const SELLER_PAGE_SIZE = 12;
/** Longest text of the seller page's offer search. */
export const SELLER_SEARCH_MAX_LENGTH = 100;
/** The reply rate is shown from this many conversations in its window (decision 065). */
export const SELLER_REPLY_RATE_MIN_THREADS = REPLY_MIN_THREADS;
/** The reply rate's window: conversations started in the last 90 days (decision 065). */
export const SELLER_REPLY_RATE_DAYS = REPLY_WINDOW_DAYS;

/** The account id of `{id}` or `{id}-{slug}` (the id decides), or null. */
export const parseSellerId = parseCompanyId;

/** `{id}-{slug}` of a seller page (the same form as a company page's). */
export const sellerSlug = companySlug;

export const PublicSellerPageParamsSchema = z.object({
  id: z.string().describe('Account id, digits only (a trailing -slug is allowed and ignored)'),
});

export const PublicSellerPageQuerySchema = z.object({
  ...pagingQuery(SELLER_PAGE_SIZE),
  currency: z
    .preprocess(
      (value) => (typeof value === 'string' ? value.toUpperCase() : value),
      z.enum(CURRENCIES, { error: 'validation.invalid_value' }).optional(),
    )
    .describe('Currency of the offers’ prices (default CZK)'),
  q: z
    .string({ error: 'validation.invalid_value' })
    .trim()
    .max(SELLER_SEARCH_MAX_LENGTH, 'validation.too_long')
    .optional()
    .describe(
      'Words the offer’s address must contain (street, city part, city), each of them; case and accents do not matter',
    ),
  offer_type: z
    .enum(OFFER_TYPES, { error: 'validation.invalid_value' })
    .optional()
    .describe('Only offers for sale or for rent'),
});
export type PublicSellerPageQuery = z.infer<typeof PublicSellerPageQuerySchema>;

export const PublicSellerPageSchema = z.object({
  id: z.number().int().describe('The account id'),
  slug: z.string().describe('`{id}-{slug}` of the page address'),
  name: z.string().describe('Company name, else first and last name'),
  accountType: z.enum(['person', 'company']),
  /** The company page's `{id}-{slug}` for a company account (its page), else null. */
  companySlug: z.string().nullable(),
  pictureUrls: ProfilePictureUrlsSchema.nullable(),
  sellerType: z.enum(SELLER_TYPES).describe('The seller profile’s type; an account without one: private'),
  rating: z.number().nullable().describe('1.0 to 5.0, null without ratings'),
  ratingCount: z.number().int(),
  verified: z.boolean().describe('The seller profile was verified (the "verified seller" badge)'),
  memberSince: z.string().describe('ISO 8601'),
  replyRate: z
    .object({
      share: z.number().min(0).max(1).describe('Share of conversations the seller answered in the product'),
      threads: z.number().int(),
      medianMinutes: z
        .number()
        .int()
        .nullable()
        .describe(
          'Median minutes from a first message to the seller’s first answer; null when none was answered',
        ),
    })
    .nullable()
    .describe(
      `Conversations started in the last ${SELLER_REPLY_RATE_DAYS} days and the share answered; null below ${SELLER_REPLY_RATE_MIN_THREADS}`,
    ),
  /** All public offers of the seller, whatever the search. */
  activeOffersCount: z.number().int(),
  offers: z.object({ data: z.array(OfferCardSchema), meta: PageMetaSchema }),
});
export type PublicSellerPage = z.infer<typeof PublicSellerPageSchema>;
