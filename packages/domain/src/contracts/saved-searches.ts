// First: zod's settings for browsers, before this module builds any schema.
import '../zod-csp.ts';
import { z } from 'zod';
import { CURRENCIES } from '../currencies.ts';
import { LOCALES } from '../locales.ts';

// Saved searches ("watch-dogs", spec 2 account/watch-dogs; spec 7 GET/POST /saved_searches,
// PATCH/DELETE /saved_searches/{id}). The spec does not show their fields; ours are a name,
// the filter model of spec 9 (validated by the same rules as the search), the localized
// search path the user saved it from, how often new matches are e-mailed, and the language
// and currency of those e-mails.

export const SAVED_SEARCH_FREQUENCIES = ['instant', 'daily', 'weekly', 'off'] as const;
export type SavedSearchFrequency = (typeof SAVED_SEARCH_FREQUENCIES)[number];

/**
 * At most this many saved searches per account (issue 44 point 2, decision 070): enough for a
 * serious searcher or a relocation agent watching many districts; abuse is limited by the rate
 * of creation (SAVED_SEARCH_CREATE_LIMITS), not by a small count.
 */
export const SAVED_SEARCHES_PER_USER = 500;

/** Saves per account: a burst of 30 in an hour, 200 in a day (decision 070). */
export const SAVED_SEARCH_CREATE_LIMITS = {
  perHour: { max: 30, windowMs: 60 * 60_000 },
  perDay: { max: 200, windowMs: 24 * 60 * 60_000 },
} as const;

/**
 * What a watch-dog writes about (issue 44 point 2): offers listed for the first time, offers
 * whose price dropped, offers back on the market (reserved or withdrawn, then active again, or
 * listed again by their seller). Every kind by default.
 */
export const SAVED_SEARCH_ALERT_KINDS = ['new', 'price_drop', 'back_on_market'] as const;
export type SavedSearchAlertKind = (typeof SAVED_SEARCH_ALERT_KINDS)[number];

/**
 * What an alert about a favourite offer reports (issue 44 point 2): a price drop and the state
 * changes a visitor could see (decision 063's kinds).
 */
export const FAVORITE_ALERT_CHANGES = [
  'price_drop',
  'reserved',
  'sold',
  'rented',
  'withdrawn',
  'back_on_market',
] as const;
export type FavoriteAlertChange = (typeof FAVORITE_ALERT_CHANGES)[number];
export const SAVED_SEARCH_NAME_MAX = 100;
export const SAVED_SEARCH_PATH_MAX = 2000;

/**
 * Message keys these calls emit besides the shared validation keys (filter fields are reported
 * as `filters.<field>` with the filter model's keys); the i18n catalogs carry one per key.
 */
export const SAVED_SEARCH_MESSAGE_KEYS = [
  'validation.required',
  'validation.too_long',
  'validation.invalid_search_path',
  'saved_searches.limit_reached',
] as const;

function requiredOr(key: string) {
  return (issue: { input?: unknown }) => (issue.input === undefined ? 'validation.required' : key);
}

const Name = z
  .string({ error: requiredOr('validation.invalid_value') })
  .trim()
  .min(1, 'validation.required')
  .max(SAVED_SEARCH_NAME_MAX, 'validation.too_long');

/**
 * The filters: an object of filter fields (as GET /public/offers takes them, values as strings,
 * numbers, booleans or lists) or the query string of a search URL. The API validates them with
 * the domain filter model; paging and sort are not part of a saved search and are dropped.
 */
const FiltersInput = z
  .union([z.string().max(4000, 'validation.too_long'), z.record(z.string(), z.unknown())], {
    error: requiredOr('validation.invalid_value'),
  })
  .describe(
    'Filter fields of GET /public/offers as an object ({"offer_type":"sale","dispositions":["2","3"]}) or a query string ("offer_type=sale&dispositions=2,3"). Invalid fields answer 422 keyed `filters.<field>`.',
  );

/** A site-relative path such as /cs/hledani/prodej/byty/cesko/praha?dispositions=2: no scheme, no host. */
const SearchPath = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  z
    .string({ error: 'validation.invalid_search_path' })
    .trim()
    .max(SAVED_SEARCH_PATH_MAX, 'validation.too_long')
    .regex(/^\/(?!\/)[^\s\\]*$/, 'validation.invalid_search_path')
    .nullable()
    .optional(),
);

const Frequency = z.enum(SAVED_SEARCH_FREQUENCIES, { error: 'validation.invalid_value' });
/** At least one kind, each once (stored in SAVED_SEARCH_ALERT_KINDS order). */
const AlertKinds = z
  .array(z.enum(SAVED_SEARCH_ALERT_KINDS, { error: 'validation.invalid_value' }), {
    error: 'validation.invalid_value',
  })
  .min(1, 'validation.required')
  .transform((kinds) => SAVED_SEARCH_ALERT_KINDS.filter((kind) => kinds.includes(kind)))
  .describe(
    `What the e-mails report, at least one of ${SAVED_SEARCH_ALERT_KINDS.join(', ')} (default: all): new offers, price drops, offers back on the market`,
  );
const Locale = z.enum(LOCALES, { error: 'validation.invalid_value' });
const Currency = z.preprocess(
  (value) => (typeof value === 'string' ? value.toUpperCase() : value),
  z.enum(CURRENCIES, { error: 'validation.invalid_value' }),
);

export const CreateSavedSearchBodySchema = z.object(
  {
    name: Name,
    filters: FiltersInput,
    search_path: SearchPath.describe(
      'The localized search path the search was saved from (links in alert e-mails point there)',
    ),
    frequency: Frequency.optional().describe('How often new matches are e-mailed (default daily)'),
    alert_kinds: AlertKinds.optional(),
    locale: Locale.optional().describe(
      "Language of the alert e-mails (default: the user's preferred language)",
    ),
    currency: Currency.optional().describe(
      "Currency of prices in the alert e-mails (default: the user's preferred currency)",
    ),
  },
  { error: requiredOr('validation.invalid_value') },
);
export type CreateSavedSearchBody = z.infer<typeof CreateSavedSearchBodySchema>;

export const UpdateSavedSearchBodySchema = z.object(
  {
    name: Name.optional(),
    filters: FiltersInput.optional(),
    search_path: SearchPath,
    frequency: Frequency.optional(),
    alert_kinds: AlertKinds.optional(),
    locale: Locale.optional(),
    currency: Currency.optional(),
  },
  { error: 'validation.invalid_value' },
);
export type UpdateSavedSearchBody = z.infer<typeof UpdateSavedSearchBodySchema>;

export const SavedSearchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The canonical filters (absent fields left out; no paging or sort). */
  filters: z.record(z.string(), z.unknown()),
  /** The same filters as a canonical query string (empty when there are none). */
  query: z.string(),
  search_path: z.string().nullable(),
  frequency: z.enum(SAVED_SEARCH_FREQUENCIES),
  /** What the alerts report (SAVED_SEARCH_ALERT_KINDS order). */
  alert_kinds: z.array(z.enum(SAVED_SEARCH_ALERT_KINDS)),
  locale: z.enum(LOCALES),
  currency: z.enum(CURRENCIES),
  created_at: z.string(),
  updated_at: z.string(),
  /** When the last alert period was processed (null before the first). */
  last_notified_at: z.string().nullable(),
});
export type SavedSearch = z.infer<typeof SavedSearchSchema>;

export const SavedSearchListSchema = z.object({ data: z.array(SavedSearchSchema) });
export type SavedSearchList = z.infer<typeof SavedSearchListSchema>;

export const SavedSearchIdParamsSchema = z.object({
  id: z.string().describe('Saved search id, digits only'),
});

export const UnsubscribeQuerySchema = z.object({
  token: z
    .string()
    .max(512)
    .optional()
    .describe('The signed token of the unsubscribe link of an alert e-mail'),
});

export const UnsubscribeResponseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  frequency: z.enum(SAVED_SEARCH_FREQUENCIES),
});
export type UnsubscribeResponse = z.infer<typeof UnsubscribeResponseSchema>;

/** The one-click unsubscribe of favourite alerts: the account's setting is off. */
export const FavoriteAlertsUnsubscribeResponseSchema = z.object({
  notifyOfferUpdates: z.literal(false),
});
export type FavoriteAlertsUnsubscribeResponse = z.infer<typeof FavoriteAlertsUnsubscribeResponseSchema>;
