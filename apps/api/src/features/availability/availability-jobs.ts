import type { DbOrTx } from '@estately/db';
import { scheduleJobOnce } from '../jobs/schedule-job-once.ts';

/** The "still available?" sweep (sweep-availability.ts), hourly. */
export const AVAILABILITY_SWEEP_JOB = 'availability.sweep';

const HOUR_MS = 3_600_000;
/** A run that filled a batch goes on after this pause, so a backlog is worked off within hours. */
const CONTINUE_AFTER_MS = 60_000;

/**
 * Queues the sweep at the next whole hour once, however many workers ask (dedupe key per hour);
 * the hourly clean-up asks, like it asks for the daily media sweep. `more`: a run left work,
 * the rest goes on in a minute.
 */
export async function scheduleAvailabilitySweep(db: DbOrTx, now: Date, more = false): Promise<void> {
  const t = now.getTime();
  const runAt = more ? new Date(t + CONTINUE_AFTER_MS) : new Date(t - (t % HOUR_MS) + HOUR_MS);
  await scheduleJobOnce(db, { kind: AVAILABILITY_SWEEP_JOB, runAt, maxAttempts: 3 });
}
