import type { DbOrTx } from '@estately/db';
import { scheduleJobOnce } from '../jobs/schedule-job-once.ts';

/** The daily roll-up of every seller's reply figures (refresh-reply-figures.ts). */
export const REPLY_FIGURES_JOB = 'responsiveness.rollup';

const DAY_MS = 86_400_000;

/**
 * Queues the roll-up at the next midnight UTC once, however many workers ask (dedupe key per
 * day): conversations leave the window and pass the grace with time alone, no write moves them.
 */
export async function scheduleReplyFiguresRollup(db: DbOrTx, now: Date): Promise<void> {
  const t = now.getTime();
  const runAt = new Date(t - (t % DAY_MS) + DAY_MS);
  await scheduleJobOnce(db, { kind: REPLY_FIGURES_JOB, runAt, maxAttempts: 3 });
}
