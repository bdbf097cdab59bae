import {
  type DbOrTx,
  emailConfirmationTokens,
  jobs,
  offerFacetChanges,
  offerViewVisitors,
  passwordResetTokens,
  refreshTokens,
} from '@estately/db';
import { and, isNotNull, lt, type SQL } from 'drizzle-orm';
import { IDEMPOTENCY_KEY_TTL_MS, pruneIdempotencyKeys } from '../../lib/idempotency.ts';

// Rows that only ever grow would slow the tables that hot paths read (the job queue is claimed
// every second; refresh tokens are looked up on every refresh): an hourly job deletes what no
// rule needs any more.

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** How long each kind of row is kept after it stops mattering. */
export const RETENTION = {
  /** Finished jobs stay a week for diagnosis (which e-mail went out, when). */
  doneJobsMs: 7 * DAY_MS,
  /** Failed jobs stay a month: an operator may want to replay them. */
  failedJobsMs: 30 * DAY_MS,
  /**
   * Expired tokens are dead whatever their state. A spent refresh token must outlive its
   * family's live token so a replay is recognised and revokes the family (RFC 9700); a family
   * never outlives the expiry of its newest token, so deleting after expiry keeps that rule.
   */
  expiredTokensMs: DAY_MS,
  /** A visitor counts once per offer in 3 hours (spec 9 stats token); older rows decide nothing. */
  offerViewsMs: 3 * HOUR_MS,
  /** Idempotency keys answer client retries of a create (lib/idempotency.ts); a day covers any retry. */
  idempotencyKeysMs: IDEMPOTENCY_KEY_TTL_MS,
  /**
   * The facet changes log is read by each API process's facet index to catch up; an index
   * that has not caught up for an hour reloads instead (search/facet-index.ts), so two hours
   * cover every reader.
   */
  facetChangesMs: 2 * HOUR_MS,
} as const;

export interface PruneResult {
  jobs: number;
  refreshTokens: number;
  confirmationTokens: number;
  resetTokens: number;
  offerViews: number;
  idempotencyKeys: number;
  facetChanges: number;
}

async function deleted(statement: Promise<{ id: number }[] | unknown[]>): Promise<number> {
  return (await statement).length;
}

export async function pruneStaleRows(options: { db: DbOrTx; now: Date }): Promise<PruneResult> {
  const { db, now } = options;
  const before = (ms: number) => new Date(now.getTime() - ms);
  const staleJobs = (column: typeof jobs.doneAt | typeof jobs.failedAt, ms: number): SQL =>
    and(isNotNull(column), lt(column, before(ms))) as SQL;

  const doneJobs = await deleted(
    db.delete(jobs).where(staleJobs(jobs.doneAt, RETENTION.doneJobsMs)).returning({ id: jobs.id }),
  );
  const failedJobs = await deleted(
    db.delete(jobs).where(staleJobs(jobs.failedAt, RETENTION.failedJobsMs)).returning({ id: jobs.id }),
  );
  return {
    jobs: doneJobs + failedJobs,
    refreshTokens: await deleted(
      db
        .delete(refreshTokens)
        .where(lt(refreshTokens.expiresAt, before(RETENTION.expiredTokensMs)))
        .returning({ id: refreshTokens.id }),
    ),
    confirmationTokens: await deleted(
      db
        .delete(emailConfirmationTokens)
        .where(lt(emailConfirmationTokens.expiresAt, before(RETENTION.expiredTokensMs)))
        .returning({ id: emailConfirmationTokens.id }),
    ),
    resetTokens: await deleted(
      db
        .delete(passwordResetTokens)
        .where(lt(passwordResetTokens.expiresAt, before(RETENTION.expiredTokensMs)))
        .returning({ id: passwordResetTokens.id }),
    ),
    offerViews: await deleted(
      db
        .delete(offerViewVisitors)
        .where(lt(offerViewVisitors.viewedAt, before(RETENTION.offerViewsMs)))
        .returning({ propertyId: offerViewVisitors.propertyId }),
    ),
    idempotencyKeys: await pruneIdempotencyKeys(db, now),
    facetChanges: await deleted(
      db
        .delete(offerFacetChanges)
        .where(lt(offerFacetChanges.changedAt, before(RETENTION.facetChangesMs)))
        .returning({ id: offerFacetChanges.offerId }),
    ),
  };
}

/** Job kind of the hourly clean-up; like the alert run, each run queues the next. */
export const PRUNE_JOB = 'maintenance.prune';

/** The next whole hour after `now`: every scheduler names the same run. */
export function nextPruneRun(now: Date): Date {
  const t = now.getTime();
  return new Date(t - (t % HOUR_MS) + HOUR_MS);
}

/** Queues the next hourly run once, however many workers or starts ask (dedupe key per hour). */
export async function schedulePrune(db: DbOrTx, now: Date): Promise<void> {
  const runAt = nextPruneRun(now);
  await db
    .insert(jobs)
    .values({
      kind: PRUNE_JOB,
      payload: {},
      runAt,
      // The next hour's run does the same work: a failed run needs no retries.
      maxAttempts: 1,
      dedupeKey: `${PRUNE_JOB}:${runAt.toISOString()}`,
    })
    .onConflictDoNothing({ target: jobs.dedupeKey });
}
