import type { Db } from '@estately/db';
import type { MediaStorage } from '@estately/db/storage';
import type { Config } from '../../config.ts';
import type { JobContext } from '../jobs/job-registry.ts';
import { runFavoriteAlerts } from './run-favorite-alerts.ts';
import { runSavedSearchAlerts } from './run-saved-search-alerts.ts';
import { scheduleSavedSearchAlerts } from './schedule-saved-search-alerts.ts';

/**
 * The handler of `saved_search.alerts` jobs: queues the next run first (so a failing run never
 * ends the chain), then processes every due saved search. Daily and weekly searches become due
 * at the start of their period and are picked up by the first run after it. Then the changes
 * of favourite offers are mailed (issue 44 point 2): a failure of one part leaves the other's
 * work committed, and the next minute's run retries the failed one.
 */
export function createSavedSearchAlertsHandler(deps: {
  db: Db;
  config: Pick<Config, 'publicWebUrl' | 'publicApiUrl' | 'jwt'>;
  storage: MediaStorage;
}) {
  return async (job: Pick<JobContext, 'now'>): Promise<void> => {
    await scheduleSavedSearchAlerts(deps.db, job.now);
    const options = {
      db: deps.db,
      now: job.now,
      publicWebUrl: deps.config.publicWebUrl,
      publicApiUrl: deps.config.publicApiUrl,
      keys: deps.config.jwt.keys,
      storage: deps.storage,
    };
    // Each part commits its own work: a failing watch-dog run must not hold back favourites.
    let failure: unknown;
    try {
      await runSavedSearchAlerts(options);
    } catch (error) {
      failure = error;
    }
    await runFavoriteAlerts(options);
    if (failure !== undefined) throw failure;
  };
}
