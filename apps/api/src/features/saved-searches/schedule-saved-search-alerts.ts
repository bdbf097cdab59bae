import { type DbOrTx, jobs } from '@estately/db';

/** Job kind of the alert run; it schedules its own next run. */
export const SAVED_SEARCH_ALERTS_JOB = 'saved_search.alerts';
/** The alert run repeats every minute: instant searches are mailed within their 5-minute slot. */
export const ALERT_RUN_INTERVAL_MS = 60_000;

/** The next whole minute after `now`: every scheduler computes the same instant. */
export function nextAlertRun(now: Date): Date {
  const t = now.getTime();
  return new Date(t - (t % ALERT_RUN_INTERVAL_MS) + ALERT_RUN_INTERVAL_MS);
}

/**
 * Makes sure an alert run is queued for the next whole minute. The dedupe key names that
 * minute, so however many callers ask (the running job, each new saved search) one row exists:
 * the chain of runs restarts by itself if it ever stopped, without a separate scheduler.
 */
export async function scheduleSavedSearchAlerts(db: DbOrTx, now: Date): Promise<void> {
  const runAt = nextAlertRun(now);
  await db
    .insert(jobs)
    .values({
      kind: SAVED_SEARCH_ALERTS_JOB,
      payload: {},
      runAt,
      // One try: the next minute's run does the same work, so a failed run needs no retries.
      maxAttempts: 1,
      dedupeKey: `${SAVED_SEARCH_ALERTS_JOB}:${runAt.toISOString()}`,
    })
    .onConflictDoNothing({ target: jobs.dedupeKey });
}
