import type { Db } from '@estately/db';
import type { Config } from '../../config.ts';
import { mediaStorage } from '../../plugins/app/media.ts';
import { EMAIL_TEMPLATES } from '../mail/enqueue-email.ts';
import type { MailTransport } from '../mail/mail-transport.ts';
import { sendEmailJob } from '../mail/send-email-job.ts';
import { createSavedSearchAlertsHandler } from '../saved-searches/saved-search-alerts-job.ts';
import { JobRegistry } from './job-registry.ts';
import { PRUNE_JOB, pruneStaleRows, schedulePrune } from './prune-stale-rows.ts';

export interface JobHandlerDependencies {
  db: Db;
  config: Config;
  transport: MailTransport;
}

/**
 * Every kind of background job the product runs, with its handler. A new kind is one
 * `registry.register('<kind>', handler)` line here (saved-search alerts, statistics roll-ups).
 */
export function createJobHandlers(deps: JobHandlerDependencies): JobRegistry {
  const registry = new JobRegistry();
  for (const template of EMAIL_TEMPLATES) {
    registry.register(`email.${template}`, (job) =>
      sendEmailJob({ transport: deps.transport, config: deps.config, job, db: deps.db }),
    );
  }
  registry.register(
    'saved_search.alerts',
    createSavedSearchAlertsHandler({
      db: deps.db,
      config: deps.config,
      storage: mediaStorage(deps.config),
    }),
  );
  registry.register(PRUNE_JOB, async (job) => {
    // The next run is queued first, so a failing clean-up never ends the chain.
    await schedulePrune(deps.db, job.now);
    await pruneStaleRows({ db: deps.db, now: job.now });
  });
  return registry;
}
