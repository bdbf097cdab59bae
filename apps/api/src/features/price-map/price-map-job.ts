import { type DbOrTx, type PriceMapRefresh, refreshPriceMapMedians } from '@estately/db';
import { PRICE_MAP_REFRESH_HOURS } from '@estately/domain';
import { scheduleJobOnce } from '../jobs/schedule-job-once.ts';

// The price map's figures (decision 073) are computed by the worker every PRICE_MAP_REFRESH_HOURS
// hours, not per request: a median over a million offers is one scan and a sort, seconds on the
// primary, while the map asks for figures with every move.

/** Job kind of the refresh. */
export const PRICE_MAP_REFRESH_JOB = 'maintenance.price_map_refresh';

const HOUR_MS = 3_600_000;
/** Past each slot by this much: away from the hour, when the clean-up and the roll-ups start. */
const SLOT_OFFSET_MS = 40 * 60_000;

/** The next run after `now`: 00:40, 06:40, 12:40 and 18:40 UTC. */
export function nextPriceMapRefresh(now: Date): Date {
  const period = PRICE_MAP_REFRESH_HOURS * HOUR_MS;
  const t = now.getTime() - SLOT_OFFSET_MS;
  return new Date(t - (((t % period) + period) % period) + period + SLOT_OFFSET_MS);
}

/** Queues the next run once, however many workers ask; the hourly clean-up asks. */
export async function schedulePriceMapRefresh(db: DbOrTx, now: Date): Promise<void> {
  await scheduleJobOnce(db, { kind: PRICE_MAP_REFRESH_JOB, runAt: nextPriceMapRefresh(now), maxAttempts: 3 });
}

/** One run: every figure computed again and replaced at once. */
export function refreshPriceMap(db: DbOrTx, now: Date): Promise<PriceMapRefresh> {
  return refreshPriceMapMedians(db, now);
}
