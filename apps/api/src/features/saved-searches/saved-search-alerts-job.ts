import type { Db } from '@estately/db';
import type { MediaStorage } from '@estately/db/storage';
import type { Config } from '../../config.ts';
import type { JobContext } from '../jobs/job-registry.ts';
import { runSavedSearchAlerts } from './run-saved-search-alerts.ts';
import { scheduleSavedSearchAlerts } from './schedule-saved-search-alerts.ts';

/**
 * The handler of `saved_search.alerts` jobs: queues the next run first (so a failing run never
 * ends the chain), then processes every due saved search. Daily and weekly searches become due
 * at the start of their period and are picked up by the first run after it.
 */
export function createSavedSearchAlertsHandler(deps: {
  db: Db;
  config: Pick<Config, 'publicWebUrl' | 'publicApiUrl' | 'jwt'>;
  storage: MediaStorage;
}) {
  return async (job: Pick<JobContext, 'now'>): Promise<void> => {
    await scheduleSavedSearchAlerts(deps.db, job.now);
    await runSavedSearchAlerts({
      db: deps.db,
      now: job.now,
      publicWebUrl: deps.config.publicWebUrl,
      publicApiUrl: deps.config.publicApiUrl,
      keys: deps.config.jwt.keys,
      storage: deps.storage,
    });
  };
}
