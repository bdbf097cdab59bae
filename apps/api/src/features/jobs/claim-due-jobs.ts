import { type DbOrTx, jobs } from '@estately/db';
import { sql } from 'drizzle-orm';

/** A job a worker holds the lock of. */
export interface ClaimedJob {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  /** Runs so far including this one. */
  attempts: number;
  maxAttempts: number;
}

export interface ClaimDueJobsOptions {
  db: DbOrTx;
  workerId: string;
  /** Only these kinds: the ones this worker can run. */
  kinds: readonly string[];
  limit: number;
  now: Date;
  /** How long the claim holds; a worker that dies lets its jobs go again after this. */
  lockMs: number;
}

/**
 * Claims up to `limit` due jobs for one worker in a single statement (DESIGN 6): rows are
 * picked with FOR UPDATE SKIP LOCKED, so concurrent workers on PostgreSQL each get different
 * rows without waiting on one another, and marked with the worker's id and a lock expiry.
 * The attempt is counted at claim time, so a job whose worker keeps crashing still runs out
 * of attempts. PGlite runs one statement at a time, where the same statement is simply atomic.
 */
export async function claimDueJobs(options: ClaimDueJobsOptions): Promise<ClaimedJob[]> {
  const { db, workerId, kinds, limit, now, lockMs } = options;
  if (kinds.length === 0 || limit <= 0) return [];
  const at = now.toISOString();
  const until = new Date(now.getTime() + lockMs).toISOString();
  const kindList = sql.join(
    kinds.map((kind) => sql`${kind}`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    with due as (
      select id from ${jobs}
      where done_at is null and failed_at is null
        and run_at <= ${at}::timestamptz
        and (locked_until is null or locked_until <= ${at}::timestamptz)
        and kind in (${kindList})
      order by run_at, id
      limit ${limit}
      for update skip locked
    )
    update ${jobs} as j
    set locked_by = ${workerId}, locked_until = ${until}::timestamptz, attempts = j.attempts + 1
    from due
    where j.id = due.id
    returning j.id, j.kind, j.payload, j.attempts, j.max_attempts
  `)) as unknown as {
    rows: Array<{ id: number; kind: string; payload: unknown; attempts: number; max_attempts: number }>;
  };
  return result.rows
    .map((row) => ({
      id: Number(row.id),
      kind: row.kind,
      payload: (row.payload && typeof row.payload === 'object' ? row.payload : {}) as Record<string, unknown>,
      attempts: Number(row.attempts),
      maxAttempts: Number(row.max_attempts),
    }))
    .sort((a, b) => a.id - b.id);
}
