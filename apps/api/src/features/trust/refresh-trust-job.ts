import { type DbOrTx, jobs, recomputeAllTrust, refreshLocalityPriceMedians } from '@estately/db';

// The daily catch-up of the trust signals that change without a write of the offer (decision
// 066): the cities' medians per m², an account's age crossing 90 and 365 days, the reply figures
// of decision 065 and a seller profile's verification. Every offer is scored again in batches;
// only those whose score changed are written.

/** Job kind of the daily recompute. */
export const TRUST_REFRESH_JOB = 'maintenance.trust_refresh';

const DAY_MS = 86_400_000;
/** Past midnight UTC by this much, away from the media sweep's start. */
const PASS_OFFSET_MS = 3 * 3_600_000;

/** The next pass after `now`: 03:00 UTC of the next day it has not run yet. */
export function nextTrustRefresh(now: Date): Date {
  const t = now.getTime() - PASS_OFFSET_MS;
  return new Date(t - (t % DAY_MS) + DAY_MS + PASS_OFFSET_MS);
}

/**
 * Queues the next daily pass once, however many workers or runs ask (a dedupe key per day); the
 * hourly clean-up asks, like it asks for the media sweep.
 */
export async function scheduleTrustRefresh(db: DbOrTx, now: Date): Promise<void> {
  const runAt = nextTrustRefresh(now);
  await db
    .insert(jobs)
    .values({
      kind: TRUST_REFRESH_JOB,
      payload: {},
      runAt,
      maxAttempts: 3,
      dedupeKey: `${TRUST_REFRESH_JOB}:${runAt.toISOString()}`,
    })
    .onConflictDoNothing({ target: jobs.dedupeKey });
}

/** One pass: the medians first (the price signal reads them), then every offer's signals. */
export async function refreshTrust(db: DbOrTx): Promise<{ localities: number; offers: number }> {
  const localities = await refreshLocalityPriceMedians(db);
  const offers = await recomputeAllTrust(db);
  return { localities, offers };
}
