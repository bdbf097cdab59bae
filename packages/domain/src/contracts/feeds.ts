// First: zod's settings for browsers, before this module builds any schema.
import '../zod-csp.ts';
import { z } from 'zod';
import { LOCALES } from '../locales.ts';
import { VALIDATION_MESSAGE_KEYS } from '../validation-messages.ts';
import { pagingQuery } from './favorites.ts';
import { PROPERTY_LIMITS, PropertyFieldsSchema } from './property-writes.ts';
import { PageMetaSchema } from './search.ts';

// Contracts of agency feeds and the partner API (issue 42, docs/decisions/062).
// - A company account's feeds, their runs and reports (account area; users speak camelCase,
//   DESIGN 4): GET/POST /users/me/feeds, PATCH/DELETE /users/me/feeds/{id},
//   POST /users/me/feeds/{id}/upload (multipart `file`), POST /users/me/feeds/{id}/run,
//   GET /users/me/feeds/{id}/runs, GET /users/me/feed-runs/{runId}.
// - Its partner API keys: GET/POST /users/me/api-keys, DELETE /users/me/api-keys/{id}.
// - The partner API, authenticated by a key (`Authorization: Bearer <key>`), on properties
//   (snake_case, as POST /v1/property/save): PUT/GET/DELETE /v1/partner/listings/{externalId},
//   GET /v1/partner/listings.
// A person's account gets 403 `company.error.company_only` on every account call.

/** Why a listing, or one value of it, was not taken: message keys `feeds.problem.<code>`. */
export const FEED_PROBLEM_CODES = [
  /** A value of a field we map, with no equivalent in our value sets (the listing is kept without it). */
  'unmapped_value',
  /** A value our validation refuses (`detail` holds the validation message key). */
  'invalid_value',
  /** A field a published offer needs is missing. */
  'missing_field',
  /** The listing has no external id. */
  'missing_id',
  /** The same external id twice in one file (the later one is refused). */
  'duplicate_id',
  /** The listing's element or row could not be read (`detail` says why). */
  'malformed_listing',
  /** One photo could not be taken (`detail`: a `feeds.photo.*` reason); the listing keeps its others. */
  'photo_failed',
  /** The account may hold no more properties. */
  'limit_reached',
] as const;
export type FeedProblemCode = (typeof FEED_PROBLEM_CODES)[number];

/** Why one photo was not taken: message keys `feeds.photo.<reason>`. */
export const FEED_PHOTO_FAILURES = [
  'not_found',
  'not_an_image',
  'too_large',
  'too_many_pixels',
  'too_many_photos',
  'fetch_failed',
  'address_refused',
  'timeout',
] as const;
export type FeedPhotoFailure = (typeof FEED_PHOTO_FAILURES)[number];

/**
 * Every message key a report line's `detail` may name: the readers' own reasons, a photo's
 * failure, and the validation keys of the property contract a listing's value can break. The
 * readers and the sync type `detail` with it (FeedDetailKey), so no reason reaches a report
 * unlisted, and the catalogs say each one in every locale (a test of packages/i18n).
 */
export const FEED_DETAIL_KEYS = [
  /** An `<immobilie>` element longer than one listing may be. */
  'feeds.listing.too_large',
  /** A CSV row with another number of fields than its header (`value`: the row's / the header's). */
  'feeds.csv.column_count',
  ...FEED_PHOTO_FAILURES.map((reason) => `feeds.photo.${reason}` as const),
  ...VALIDATION_MESSAGE_KEYS,
  // The property contract's keys beyond the shared ones (property-writes.ts, saving a property).
  'validation.required',
  'validation.too_long',
  'validation.invalid_email',
  'validation.invalid_phone',
  'validation.floor_above_total',
  'validation.utilities_included',
  'validation.photo_required',
] as const;
export type FeedDetailKey = (typeof FEED_DETAIL_KEYS)[number];

/** A validation message as a report's detail; one no report names is the general `invalid_value`. */
export function feedDetailOf(message: string): FeedDetailKey {
  return (FEED_DETAIL_KEYS as readonly string[]).includes(message)
    ? (message as FeedDetailKey)
    : 'validation.invalid_value';
}

/** Fatal problems of a file as a whole (the run applies nothing): message keys `feeds.error.<code>`. */
export const FEED_FILE_ERRORS = [
  'malformed_xml',
  'doctype_refused',
  'not_openimmo',
  'zip_unsafe',
  'zip_too_large',
  'zip_without_xml',
  'csv_header',
  'csv_delimiter',
  'encoding',
  'file_too_large',
  'empty_feed',
  /** A URL feed: the address is refused (private or loopback, not allowed by configuration). */
  'address_refused',
  /** A URL feed: no answer, or an error status. */
  'fetch_failed',
  /** The worker stopped the run (the file could not be read at all, or an internal error). */
  'internal',
] as const;
export type FeedFileErrorCode = (typeof FEED_FILE_ERRORS)[number];

/** Message keys these calls emit besides the shared validation keys. */
export const FEED_MESSAGE_KEYS = [
  'feeds.error.url_required',
  'feeds.error.run_in_progress',
  'feeds.error.upload_feed_only',
  'feeds.error.url_feed_only',
  'feeds.error.file_required',
  'partner.error.invalid_key',
  'partner.error.scope',
] as const;

export const FEED_FORMATS = ['openimmo', 'csv'] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];
export const FEED_SOURCES = ['upload', 'url'] as const;
export const FEED_RUN_STATES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type FeedRunState = (typeof FEED_RUN_STATES)[number];
export const FEED_RUN_TRIGGERS = ['upload', 'manual', 'schedule'] as const;
/** Character encodings a feed may declare; UTF-8 (with or without a BOM) needs no declaration. */
export const FEED_ENCODINGS = ['utf-8', 'windows-1250', 'windows-1252', 'iso-8859-1', 'iso-8859-2'] as const;
export const API_KEY_SCOPES = ['listings:read', 'listings:write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Limits of feeds. */
export const FEED_LIMITS = {
  /** Feeds per account (the partner API's own feed not counted). */
  feedsMax: 20,
  /** Largest uploaded or downloaded feed file: 500 MiB. */
  fileBytesMax: 500 * 1024 * 1024,
  /** Pull interval of a URL feed in minutes: default hourly, at least every 15 minutes, at most weekly. */
  scheduleDefault: 60,
  scheduleMin: 15,
  scheduleMax: 10_080,
  /** Photos a listing keeps (as the property form). */
  photosMax: PROPERTY_LIMITS.photosMax,
  /** API keys per account (revoked ones not counted). */
  apiKeysMax: 10,
} as const;

export const FeedProblemSchema = z.object({
  code: z.enum(FEED_PROBLEM_CODES),
  field: z.string().optional(),
  value: z.string().optional(),
  detail: z.string().optional(),
});
export type FeedProblemView = z.infer<typeof FeedProblemSchema>;

// --- feeds ------------------------------------------------------------------------------------

const feedName = z.string().trim().min(1, 'validation.required').max(100, 'validation.too_long');
const feedUrl = z
  .url({ protocol: /^https?$/, error: 'validation.invalid_url' })
  .max(2000, 'validation.too_long');
const schedule = z
  .number('validation.invalid_number')
  .int('validation.invalid_integer')
  .min(FEED_LIMITS.scheduleMin, 'validation.number_too_small')
  .max(FEED_LIMITS.scheduleMax, 'validation.number_too_large');

export const CreateFeedBodySchema = z
  .object({
    name: feedName,
    format: z.enum(FEED_FORMATS, 'validation.invalid_value'),
    source: z.enum(FEED_SOURCES, 'validation.invalid_value'),
    /** Required for `url` feeds, refused for uploads. */
    url: feedUrl.optional(),
    /** Minutes between pulls of a URL feed (default hourly). */
    scheduleMinutes: schedule.optional(),
    encoding: z.enum(FEED_ENCODINGS, 'validation.invalid_value').nullable().optional(),
    /** The language of descriptions that do not name theirs (default: the account's language). */
    defaultLocale: z.enum(LOCALES, 'validation.invalid_value').nullable().optional(),
  })
  .strict();
export type CreateFeedBody = z.infer<typeof CreateFeedBodySchema>;

export const UpdateFeedBodySchema = z
  .object({
    name: feedName,
    url: feedUrl,
    scheduleMinutes: schedule,
    encoding: z.enum(FEED_ENCODINGS, 'validation.invalid_value').nullable(),
    defaultLocale: z.enum(LOCALES, 'validation.invalid_value').nullable(),
    paused: z.boolean(),
  })
  .partial()
  .strict();
export type UpdateFeedBody = z.infer<typeof UpdateFeedBodySchema>;

export const FeedIdParamsSchema = z.object({ id: z.string().describe('Feed id, digits only') });
export const FeedRunIdParamsSchema = z.object({ runId: z.string().describe('Run id, digits only') });

export const FeedRunSchema = z.object({
  id: z.number().int(),
  feedId: z.number().int(),
  state: z.enum(FEED_RUN_STATES),
  trigger: z.enum(FEED_RUN_TRIGGERS),
  /** `full` (VOLL, CSV: what is missing is withdrawn) or `partial` (TEIL), once the file is open. */
  mode: z.enum(['full', 'partial']).nullable(),
  /** A URL feed answered 304: nothing changed, nothing read. */
  notModified: z.boolean(),
  /** Listings in the file, once it has been read through; `processed` of them are done. */
  total: z.number().int().nullable(),
  processed: z.number().int(),
  counts: z.object({
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    withdrawn: z.number().int(),
    rejected: z.number().int(),
  }),
  /** Listings imported with values that could not be mapped (reported, not rejected). */
  withProblems: z.number().int(),
  error: z.object({ code: z.enum(FEED_FILE_ERRORS), detail: z.string().nullable() }).nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type FeedRun = z.infer<typeof FeedRunSchema>;

export const FeedSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  format: z.enum(FEED_FORMATS),
  source: z.enum(FEED_SOURCES),
  url: z.string().nullable(),
  scheduleMinutes: z.number().int().nullable(),
  encoding: z.enum(FEED_ENCODINGS).nullable(),
  defaultLocale: z.enum(LOCALES).nullable(),
  paused: z.boolean(),
  nextRunAt: z.string().nullable(),
  /** Active listings of this feed now. */
  activeListings: z.number().int(),
  lastRun: FeedRunSchema.nullable(),
  createdAt: z.string(),
});
export type Feed = z.infer<typeof FeedSchema>;

export const FeedListResponseSchema = z.object({ feeds: z.array(FeedSchema) });
export type FeedListResponse = z.infer<typeof FeedListResponseSchema>;

export const FEED_RUNS_PAGE_SIZE = 20;
export const FEED_REPORT_PAGE_SIZE = 100;
export const FeedRunsQuerySchema = z.object({ ...pagingQuery(FEED_RUNS_PAGE_SIZE) });
export const FeedRunsResponseSchema = z.object({ runs: z.array(FeedRunSchema), meta: PageMetaSchema });
export type FeedRunsResponse = z.infer<typeof FeedRunsResponseSchema>;

/** One line of a run's report: a rejected listing, or one imported with unmapped values. */
export const FeedReportEntrySchema = z.object({
  position: z.number().int(),
  externalId: z.string().nullable(),
  rejected: z.boolean(),
  problems: z.array(FeedProblemSchema),
});
export type FeedReportEntry = z.infer<typeof FeedReportEntrySchema>;

export const FeedReportQuerySchema = z.object({ ...pagingQuery(FEED_REPORT_PAGE_SIZE) });
export const FeedRunDetailResponseSchema = z.object({
  run: FeedRunSchema,
  feed: z.object({ id: z.number().int(), name: z.string(), format: z.enum(FEED_FORMATS) }),
  report: z.array(FeedReportEntrySchema),
  meta: PageMetaSchema,
});
export type FeedRunDetailResponse = z.infer<typeof FeedRunDetailResponseSchema>;

// --- API keys ---------------------------------------------------------------------------------

export const CreateApiKeyBodySchema = z
  .object({
    name: feedName,
    scopes: z
      .array(z.enum(API_KEY_SCOPES, 'validation.invalid_value'))
      .min(1, 'validation.required')
      .max(API_KEY_SCOPES.length, 'validation.too_long'),
  })
  .strict();
export type CreateApiKeyBody = z.infer<typeof CreateApiKeyBodySchema>;

export const ApiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The key's first characters, to tell keys apart; the key itself is shown once. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

export const ApiKeyListResponseSchema = z.object({ keys: z.array(ApiKeySchema) });
export const CreatedApiKeyResponseSchema = z.object({
  key: ApiKeySchema,
  /** The whole key, this once: only its hash is kept. */
  secret: z.string(),
});
export type CreatedApiKeyResponse = z.infer<typeof CreatedApiKeyResponseSchema>;
export const ApiKeyIdParamsSchema = z.object({ id: z.string().describe('API key id, digits only') });

// --- partner API ------------------------------------------------------------------------------

/** An agency's own id of a listing: 1 to 100 letters, digits and `._-/`. */
export const EXTERNAL_ID_PATTERN = /^[A-Za-z0-9._\-/]{1,100}$/;
export const PartnerListingParamsSchema = z.object({
  externalId: z
    .string()
    .regex(EXTERNAL_ID_PATTERN, 'validation.invalid_value')
    .describe('The listing id in your system'),
});

export const PartnerListingBodySchema = PropertyFieldsSchema.extend({
  /** Photo addresses (http or https), first = cover; fetched, checked and resized by the worker. */
  photos: z
    .array(z.object({ url: feedUrl, title: z.string().max(200, 'validation.too_long').optional() }).strict())
    .max(FEED_LIMITS.photosMax, 'validation.too_long')
    .optional(),
}).strict();
export type PartnerListingBody = z.infer<typeof PartnerListingBodySchema>;

export const PartnerListingSchema = z.object({
  external_id: z.string(),
  property_id: z.number().int().nullable(),
  /** `active` (published), or `withdrawn`. */
  state: z.enum(['active', 'withdrawn']),
  /** The public offer's address while active. */
  url: z.string().nullable(),
  /** Values not taken, as in a feed's report. */
  problems: z.array(FeedProblemSchema),
  /** Photos still being fetched and resized. */
  photos_pending: z.number().int(),
  updated_at: z.string(),
});
export type PartnerListing = z.infer<typeof PartnerListingSchema>;

export const PARTNER_LISTINGS_PAGE_SIZE = 100;
export const PartnerListingsQuerySchema = z.object({ ...pagingQuery(PARTNER_LISTINGS_PAGE_SIZE) });
export const PartnerListingsResponseSchema = z.object({
  listings: z.array(PartnerListingSchema),
  meta: PageMetaSchema,
});
