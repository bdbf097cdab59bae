import { randomBytes } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Db, feedListings, feedRuns, feeds, jobs } from '@estately/db';
import type { MediaStorage } from '@estately/db/storage';
import { FEED_LIMITS, type Locale } from '@estately/domain';
import { and, asc, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { AccountLimits } from '../../lib/account-limits.ts';
import { applyFeedListing, withdrawFeedProperty } from './apply-feed-listing.ts';
import { FeedFileError, type FeedFileErrorCode, type FeedProblem, type OpenedFeed } from './feed-listing.ts';
import { allowedNetworks, fetchGuarded, GuardedFetchError } from './fetch-guarded.ts';
import { countFeedOutcome, feedPositionReported, reportFeedProblems } from './record-feed-outcome.ts';

/**
 * Opens a feed file with the readers (formats/open-feed-file.ts `openFeedFile`, handed in by
 * job-handlers.ts: the readers import this folder's contract, so this folder does not import them).
 */
export type OpenFeed = (options: {
  path: string;
  format: 'openimmo' | 'csv';
  encoding?: string | null;
  defaultLocale?: Locale;
}) => Promise<OpenedFeed>;

/** A feed URL answers within this time, its whole file included. */
export const FEED_FETCH_TIMEOUT_MS = 10 * 60_000;

/** How often a long run extends its job's lock, and by how much (the worker's own lock is 10 minutes). */
const LOCK_EVERY_MS = 60_000;
const LOCK_FOR_MS = 10 * 60_000;

export interface RunFeedOptions {
  db: Db;
  storage: MediaStorage;
  runId: number;
  openFeed: OpenFeed;
  /** FEED_ALLOWED_NETWORKS. */
  allowedNetworks: readonly string[];
  limits: Pick<AccountLimits, 'properties' | 'photos' | 'photosPerProperty'>;
  /** The job running it, whose lock a long run keeps extending so no other worker takes it over. */
  jobId?: number;
  onCleanupError?: (error: unknown, key: string) => void;
}

/** The storage key of a run's file: an upload's, or a URL feed's downloaded copy (a resumed run reads the same file). */
export function feedFileKey(feedId: number, runId: number, name = 'feed'): string {
  return `feeds/${feedId}/${runId}/${name.replace(/[^A-Za-z0-9._-]/g, '_').slice(-80) || 'feed'}`;
}

async function failRun(db: Db, runId: number, code: FeedFileErrorCode, detail?: string | null) {
  await db
    .update(feedRuns)
    .set({
      state: 'failed',
      errorCode: code,
      errorDetail: detail?.slice(0, 1000) ?? null,
      finishedAt: sql`now()`,
    })
    .where(eq(feedRuns.id, runId));
}

/** Marks a run failed with `internal` (the job's last attempt failed): the account sees it ended. */
export async function abandonFeedRun(db: Db, runId: number, detail: string): Promise<void> {
  await db
    .update(feedRuns)
    .set({
      state: 'failed',
      errorCode: 'internal',
      errorDetail: detail.slice(0, 1000),
      finishedAt: sql`now()`,
    })
    .where(and(eq(feedRuns.id, runId), or(eq(feedRuns.state, 'queued'), eq(feedRuns.state, 'running'))));
}

type FeedRow = typeof feeds.$inferSelect;
type RunRow = typeof feedRuns.$inferSelect;

/**
 * The run's file on local disk: the stored upload, or the feed URL fetched with conditional GET
 * (If-None-Match / If-Modified-Since from the last answer) and stored for a resume. Null: the
 * URL answered 304 Not Modified.
 */
async function fetchRunFile(options: RunFeedOptions, feed: FeedRow, run: RunRow, file: string) {
  const { db, storage } = options;
  if (run.fileKey) {
    const stored = await storage.get(run.fileKey);
    if (!stored) throw new FeedFileError('internal', 'the file of the run is missing');
    await writeFile(file, stored.data);
    return 'read';
  }
  if (feed.source !== 'url' || !feed.url) throw new FeedFileError('internal', 'the run has no file');
  const headers: Record<string, string> = {};
  if (feed.etag) headers['if-none-match'] = feed.etag;
  if (feed.lastModified) headers['if-modified-since'] = feed.lastModified;
  let answer: Awaited<ReturnType<typeof fetchGuarded>>;
  try {
    answer = await fetchGuarded({
      url: feed.url,
      allowed: allowedNetworks(options.allowedNetworks),
      timeoutMs: FEED_FETCH_TIMEOUT_MS,
      maxBytes: FEED_LIMITS.fileBytesMax,
      headers,
      file,
    });
  } catch (error) {
    if (!(error instanceof GuardedFetchError)) throw error;
    const code: FeedFileErrorCode =
      error.reason === 'address_refused'
        ? 'address_refused'
        : error.reason === 'too_large'
          ? 'file_too_large'
          : 'fetch_failed';
    throw new FeedFileError(code, error.detail ?? error.reason);
  }
  if (answer.status === 304) return 'not_modified';
  const key = feedFileKey(feed.id, run.id);
  await storage.put(key, await readFile(file), 'application/octet-stream');
  const etag = answer.headers.etag;
  const lastModified = answer.headers['last-modified'];
  await db.transaction(async (tx) => {
    await tx.update(feedRuns).set({ fileKey: key }).where(eq(feedRuns.id, run.id));
    await tx
      .update(feeds)
      .set({ etag: typeof etag === 'string' ? etag : null, lastModified: lastModified ?? null })
      .where(eq(feeds.id, feed.id));
  });
  return 'read';
}

/** Reads the whole file once: nothing is applied from a file that is broken anywhere. */
async function checkFile(opened: OpenedFeed) {
  let total = 0;
  const seen = new Set<string>();
  const duplicates = new Set<number>();
  for await (const item of opened.items()) {
    total += 1;
    if (item.kind !== 'listing') continue;
    if (seen.has(item.listing.externalId)) duplicates.add(item.position);
    else seen.add(item.listing.externalId);
  }
  return { total, duplicates };
}

/** A listing the reader refused, or a duplicate id: reported and counted once, in one transaction. */
async function reportRejected(
  db: Db,
  runId: number,
  position: number,
  externalId: string | null,
  problems: FeedProblem[],
) {
  await db.transaction(async (tx) => {
    if (await feedPositionReported(tx, runId, position)) return;
    await reportFeedProblems(tx, { runId, position, externalId, rejected: true, problems });
    await countFeedOutcome(tx, runId, 'rejected');
  });
}

/** A full feed: every active listing this run did not see is withdrawn, one transaction each. */
async function withdrawMissing(db: Db, feed: FeedRow, runId: number) {
  let after = 0;
  for (;;) {
    const batch = await db
      .select({ id: feedListings.id })
      .from(feedListings)
      .where(
        and(
          eq(feedListings.feedId, feed.id),
          eq(feedListings.state, 'active'),
          or(isNull(feedListings.lastRunId), ne(feedListings.lastRunId, runId)),
          gt(feedListings.id, after),
        ),
      )
      .orderBy(asc(feedListings.id))
      .limit(100);
    if (batch.length === 0) return;
    for (const { id } of batch) {
      after = id;
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(feedListings).where(eq(feedListings.id, id)).for('update');
        if (row?.state !== 'active' || row.lastRunId === runId) return;
        await withdrawFeedProperty(tx, feed.ownerId, row.propertyId);
        await tx
          .update(feedListings)
          .set({ state: 'withdrawn', updatedAt: sql`now()` })
          .where(eq(feedListings.id, id));
        await countFeedOutcome(tx, runId, 'withdrawn', false);
      });
    }
  }
}

/**
 * Runs one feed run in the job worker (issue 42, docs/decisions/062): gets the file (the upload,
 * or the URL with conditional GET: 304 ends the run as not modified), reads it through once
 * (a file error fails the run and changes nothing; the listings are counted for the progress
 * bar, duplicate ids found), applies each listing in its own transaction, and for a full feed
 * withdraws the active listings the file no longer has. A run the worker lost (a crash) is
 * retried by the queue and resumes: listings it already applied or reported are skipped.
 */
export async function runFeed(options: RunFeedOptions): Promise<void> {
  const { db, runId } = options;
  const [found] = await db
    .select({ run: feedRuns, feed: feeds })
    .from(feedRuns)
    .innerJoin(feeds, eq(feeds.id, feedRuns.feedId))
    .where(eq(feedRuns.id, runId));
  if (!found || found.run.state === 'succeeded' || found.run.state === 'failed') return;
  const { run, feed } = found;
  await db
    .update(feedRuns)
    .set({ state: 'running', startedAt: sql`coalesce(${feedRuns.startedAt}, now())` })
    .where(eq(feedRuns.id, runId));

  let lockedAt = Date.now();
  const keepLock = async () => {
    if (options.jobId === undefined || Date.now() - lockedAt < LOCK_EVERY_MS) return;
    lockedAt = Date.now();
    await db
      .update(jobs)
      .set({ lockedUntil: new Date(lockedAt + LOCK_FOR_MS) })
      .where(eq(jobs.id, options.jobId));
  };

  const file = path.join(tmpdir(), `estately-feed-${runId}-${randomBytes(6).toString('hex')}`);
  let opened: OpenedFeed | undefined;
  try {
    if ((await fetchRunFile(options, feed, run, file)) === 'not_modified') {
      await db
        .update(feedRuns)
        .set({ state: 'succeeded', notModified: true, total: 0, finishedAt: sql`now()` })
        .where(eq(feedRuns.id, runId));
      return;
    }
    opened = await options.openFeed({
      path: file,
      format: feed.format === 'csv' ? 'csv' : 'openimmo',
      encoding: feed.encoding,
      ...(feed.defaultLocale ? { defaultLocale: feed.defaultLocale as Locale } : {}),
    });
    const { total, duplicates } = await checkFile(opened);
    if (total === 0) throw new FeedFileError('empty_feed');
    await db.update(feedRuns).set({ total, mode: opened.mode }).where(eq(feedRuns.id, runId));

    const ref = { id: feed.id, ownerId: feed.ownerId };
    const allowed = allowedNetworks(options.allowedNetworks);
    for await (const item of opened.items()) {
      await keepLock();
      if (item.kind === 'rejected') {
        await reportRejected(
          db,
          runId,
          item.position,
          item.rejection.externalId ?? null,
          item.rejection.problems,
        );
        continue;
      }
      if (duplicates.has(item.position)) {
        await reportRejected(db, runId, item.position, item.listing.externalId, [
          { code: 'duplicate_id', field: 'external_id', value: item.listing.externalId },
        ]);
        continue;
      }
      await applyFeedListing(db, {
        feed: ref,
        runId,
        position: item.position,
        listing: item.listing,
        storage: options.storage,
        allowed,
        limits: options.limits,
        file: opened,
        ...(options.onCleanupError ? { onCleanupError: options.onCleanupError } : {}),
      });
    }
    if (opened.mode === 'full') await withdrawMissing(db, feed, runId);
    await db
      .update(feedRuns)
      .set({ state: 'succeeded', finishedAt: sql`now()` })
      .where(eq(feedRuns.id, runId));
  } catch (error) {
    if (!(error instanceof FeedFileError)) throw error;
    await failRun(db, runId, error.code, error.detail);
  } finally {
    await opened?.close().catch(() => {});
    await rm(file, { force: true });
  }
}
