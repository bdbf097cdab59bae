import {
  API_KEY_SCOPES,
  FEED_FORMATS,
  FEED_RUN_STATES,
  FEED_RUN_TRIGGERS,
  FEED_SOURCES,
} from '@estately/domain';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { allOf, createdAt, idColumn, oneOf, ref, tstz, updatedAt } from './common.ts';
import { properties } from './properties.ts';
import { users } from './users.ts';

// Agency feeds and the partner API (issue 42, docs/decisions/062). A company account's listings
// arrive from a feed (an uploaded file or a URL pulled on a schedule, OpenImmo or CSV) or from
// the partner API; each listing is keyed by the agency's own id within its feed.

// The partner API's listings live in a feed of format and source `api`, so its ids are keyed the same way.
const FORMATS = [...FEED_FORMATS, 'api'] as const;
const SOURCES = [...FEED_SOURCES, 'api'] as const;
const LISTING_STATES = ['active', 'withdrawn'] as const;

/**
 * A feed of one company account. `format` `api` is the account's one partner-API feed (created
 * on its first call), so listings pushed through the API are keyed like a file's. A URL feed is
 * pulled every `schedule_minutes` with conditional GET (`etag`, `last_modified` of the last
 * answer); `next_run_at` is when the scheduler queues its next run.
 */
export const feeds = pgTable(
  'feeds',
  {
    id: idColumn(),
    ownerId: ref('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    format: text('format').notNull(),
    source: text('source').notNull(),
    url: text('url'),
    /** A declared character encoding (windows-1250, iso-8859-2); null: UTF-8 or the file's own declaration. */
    encoding: text('encoding'),
    /** The language of descriptions that do not name theirs. */
    defaultLocale: text('default_locale'),
    scheduleMinutes: integer('schedule_minutes'),
    nextRunAt: tstz('next_run_at'),
    etag: text('etag'),
    lastModified: text('last_modified'),
    /** A paused feed is not pulled by the scheduler; its listings stay as they are. */
    paused: boolean('paused').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('feeds_owner_idx').on(t.ownerId),
    index('feeds_due_idx').on(t.nextRunAt).where(sql`${t.source} = 'url' and not ${t.paused}`),
    uniqueIndex('feeds_one_api_feed').on(t.ownerId).where(sql`${t.format} = 'api'`),
    check('feeds_format_check', oneOf(t.format, FORMATS)),
    check('feeds_source_check', oneOf(t.source, SOURCES)),
    check('feeds_name_check', sql`length(btrim(${t.name})) between 1 and 100`),
    check('feeds_url_check', sql`(${t.source} = 'url') = (${t.url} is not null)`),
    check('feeds_schedule_check', sql`${t.scheduleMinutes} between 15 and 10080`),
  ],
);

/**
 * One run of a feed: a file uploaded, a manual or scheduled pull. The counters move in the same
 * transaction as each listing, so they are exact after a crash and a resume. `total` is set once
 * the file has been read through (the progress bar's end); `file_key` is the downloaded or
 * uploaded file in media storage, read by the worker.
 */
export const feedRuns = pgTable(
  'feed_runs',
  {
    id: idColumn(),
    feedId: ref('feed_id')
      .notNull()
      .references(() => feeds.id, { onDelete: 'cascade' }),
    state: text('state').notNull().default('queued'),
    trigger: text('trigger').notNull(),
    fileKey: text('file_key'),
    /** `full` (VOLL, CSV) or `partial` (TEIL), known once the file is opened. */
    mode: text('mode'),
    /** The URL answered 304 Not Modified: nothing was read. */
    notModified: boolean('not_modified').notNull().default(false),
    total: integer('total'),
    processed: integer('processed').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    withdrawn: integer('withdrawn').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    /** A fatal error of the file as a whole (`feeds.error.<code>`) and its detail. */
    errorCode: text('error_code'),
    errorDetail: text('error_detail'),
    startedAt: tstz('started_at'),
    finishedAt: tstz('finished_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('feed_runs_feed_idx').on(t.feedId, t.id),
    check('feed_runs_state_check', oneOf(t.state, FEED_RUN_STATES)),
    check('feed_runs_trigger_check', oneOf(t.trigger, FEED_RUN_TRIGGERS)),
    check('feed_runs_mode_check', oneOf(t.mode, ['full', 'partial'])),
  ],
);

/**
 * The report of a run: each rejected listing, and each listing imported with values that could
 * not be mapped, with its problems (FeedProblem[] of apps/api/src/features/feeds/feed-listing.ts).
 * One row per listing position, so a resumed run does not report a listing twice.
 */
export const feedRunProblems = pgTable(
  'feed_run_problems',
  {
    id: idColumn(),
    runId: ref('run_id')
      .notNull()
      .references(() => feedRuns.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    externalId: text('external_id'),
    rejected: boolean('rejected').notNull(),
    problems: jsonb('problems').notNull(),
  },
  (t) => [uniqueIndex('feed_run_problems_position_unique').on(t.runId, t.position)],
);

/** One photo of an imported listing: where the feed had it and the content it had (de-duplication). */
export interface FeedListingPhoto {
  source: string;
  contentHash: string;
}

/**
 * A listing of a feed, keyed by the agency's id within the feed, and the property it writes.
 * `content_hash` is the hash of the listing as last applied (fields and photo sources): an
 * unchanged listing is skipped without a write. `last_run_id` is the run that last saw it: a
 * resumed run skips what it already applied, and a full feed withdraws what it did not see.
 * Withdrawn listings keep their row and property, and come back if they reappear.
 */
export const feedListings = pgTable(
  'feed_listings',
  {
    id: idColumn(),
    feedId: ref('feed_id')
      .notNull()
      .references(() => feeds.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    propertyId: ref('property_id').references(() => properties.id, { onDelete: 'set null' }),
    state: text('state').notNull().default('active'),
    contentHash: text('content_hash').notNull(),
    photos: jsonb('photos').$type<FeedListingPhoto[]>().notNull().default([]),
    lastRunId: ref('last_run_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('feed_listings_external_unique').on(t.feedId, t.externalId),
    index('feed_listings_property_idx').on(t.propertyId),
    check('feed_listings_state_check', oneOf(t.state, LISTING_STATES)),
    check('feed_listings_external_id_check', sql`length(${t.externalId}) between 1 and 100`),
  ],
);

/**
 * Partner API keys of a company account. The key is shown once; only its sha256 is kept (the
 * key is 32 random bytes, so a fast hash is enough). `prefix` (the key's first characters) names
 * it in lists. A revoked key is kept for the record and answers 401.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: idColumn(),
    ownerId: ref('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    lastUsedAt: tstz('last_used_at'),
    revokedAt: tstz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('api_keys_hash_unique').on(t.keyHash),
    index('api_keys_owner_idx').on(t.ownerId),
    check('api_keys_name_check', sql`length(btrim(${t.name})) between 1 and 100`),
    check('api_keys_scopes_check', allOf(t.scopes, API_KEY_SCOPES)),
  ],
);
