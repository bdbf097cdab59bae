import type { Db } from '@estately/db';
import type { Config } from './config.ts';
import {
  AVAILABILITY_SWEEP_JOB,
  scheduleAvailabilitySweep,
} from './features/availability/availability-jobs.ts';
import { sweepAvailability } from './features/availability/sweep-availability.ts';
import { openFeedFile } from './features/feeds/formats/open-feed-file.ts';
import { FEED_RUN_JOB, feedRunIdOf } from './features/feeds/queue-feed-run.ts';
import { abandonFeedRun, runFeed } from './features/feeds/run-feed.ts';
import {
  FEED_SCHEDULE_JOB,
  scheduleFeedChecks,
  scheduleFeedRuns,
} from './features/feeds/schedule-feed-runs.ts';
import { JobRegistry } from './features/jobs/job-registry.ts';
import { PRUNE_JOB, pruneStaleRows, schedulePrune } from './features/jobs/prune-stale-rows.ts';
import {
  continueMediaSweep,
  MEDIA_SWEEP_JOB,
  mediaSweepCursor,
  scheduleMediaSweep,
  sweepOrphanMedia,
} from './features/jobs/sweep-orphan-media.ts';
import { EMAIL_TEMPLATES } from './features/mail/enqueue-email.ts';
import type { MailTransport } from './features/mail/mail-transport.ts';
import { sendEmailJob } from './features/mail/send-email-job.ts';
import { PARTNER_LISTING_JOB, runPartnerListingJob } from './features/partner-api/partner-listing-job.ts';
import {
  PRICE_MAP_REFRESH_JOB,
  refreshPriceMap,
  schedulePriceMapRefresh,
} from './features/price-map/price-map-job.ts';
import {
  backfillPhotoHashes,
  PHOTO_HASH_BACKFILL,
  PHOTO_HASH_BACKFILL_JOB,
  photoHashBackfillCursor,
  queuePhotoHashBackfill,
  schedulePhotoHashBackfill,
} from './features/property-groups/backfill-photo-hashes.ts';
import { refreshReplyFigures } from './features/responsiveness/refresh-reply-figures.ts';
import {
  REPLY_FIGURES_JOB,
  scheduleReplyFiguresRollup,
} from './features/responsiveness/reply-figures-job.ts';
import { createSavedSearchAlertsHandler } from './features/saved-searches/saved-search-alerts-job.ts';
import {
  makePhotoVariants,
  PHOTO_VARIANTS_JOB,
  photoVariantsMediaId,
} from './features/seller-properties/make-photo-variants.ts';
import { refreshTrust, scheduleTrustRefresh, TRUST_REFRESH_JOB } from './features/trust/refresh-trust-job.ts';
import type { MailMetrics } from './lib/metrics/job-metrics.ts';
import { mediaStorage } from './plugins/app/media.ts';

export interface JobHandlerDependencies {
  db: Db;
  config: Config;
  transport: MailTransport;
  /** Counts e-mails sent and failed sending attempts (the worker's metrics). */
  mailMetrics?: MailMetrics;
}

/**
 * Every kind of background job the product runs, with its handler. A new kind is one
 * `registry.register('<kind>', handler)` line here (saved-search alerts, statistics roll-ups).
 * It sits beside app.ts for the same reason: as app.ts gathers the features' routes, this file
 * gathers their jobs, so the queue and worker in features/jobs know no feature and a feature's
 * job handler can use their types without an import loop between the two folders.
 */
export function createJobHandlers(deps: JobHandlerDependencies): JobRegistry {
  const registry = new JobRegistry();
  for (const template of EMAIL_TEMPLATES) {
    registry.register(`email.${template}`, async (job) => {
      try {
        await sendEmailJob({ transport: deps.transport, config: deps.config, job, db: deps.db });
      } catch (error) {
        deps.mailMetrics?.failed(template);
        throw error;
      }
      deps.mailMetrics?.sent(template);
    });
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
    // The next run is queued first, so a failing clean-up never ends the chain. It also keeps
    // the daily media sweep queued (one per day, however often asked).
    await schedulePrune(deps.db, job.now);
    await scheduleMediaSweep(deps.db, job.now);
    await scheduleTrustRefresh(deps.db, job.now);
    await scheduleFeedChecks(deps.db, job.now);
    await scheduleAvailabilitySweep(deps.db, job.now);
    await scheduleReplyFiguresRollup(deps.db, job.now);
    await schedulePhotoHashBackfill(deps.db, job.now);
    await schedulePriceMapRefresh(deps.db, job.now);
    await pruneStaleRows({ db: deps.db, now: job.now });
  });
  // "Still available?" (decision 065): ask, mark and withdraw; a full batch goes on in a minute.
  registry.register(AVAILABILITY_SWEEP_JOB, async (job) => {
    const result = await sweepAvailability({
      db: deps.db,
      keys: deps.config.jwt.keys,
      web: deps.config.publicWebUrl,
      now: job.now,
    });
    if (result.more) await scheduleAvailabilitySweep(deps.db, job.now, true);
    job.log?.info({ ...result }, 'availability sweep: run finished');
  });
  // The sellers' reply figures (decision 065), rolled over the window once a day.
  registry.register(REPLY_FIGURES_JOB, async (job) => {
    const changed = await refreshReplyFigures({ db: deps.db, now: job.now });
    job.log?.info({ changed }, 'reply figures: roll-up finished');
  });
  const storage = mediaStorage(deps.config);
  // The variants of an uploaded photo (issue 38 defect 4): the upload answered once its original was stored.
  registry.register(PHOTO_VARIANTS_JOB, async (job) => {
    const mediaId = photoVariantsMediaId(job.payload);
    const outcome = await makePhotoVariants({
      db: deps.db,
      storage,
      mediaId,
      onCleanupError: (error, key) => job.log?.warn({ err: error, key }, 'photo variants: file not deleted'),
    });
    if (outcome === 'failed') job.log?.warn({ mediaId }, 'photo variants: the image could not be decoded');
  });
  // Agency feeds (issue 42): a run of a feed file, and the check that queues URL feeds when due.
  registry.register(FEED_RUN_JOB, async (job) => {
    const runId = feedRunIdOf(job.payload);
    try {
      await runFeed({
        db: deps.db,
        storage,
        runId,
        openFeed: openFeedFile,
        allowedNetworks: deps.config.feedAllowedNetworks,
        limits: deps.config.accountLimits,
        jobId: job.id,
        onCleanupError: (error, key) => job.log?.warn({ err: error, key }, 'feed run: file not deleted'),
      });
    } catch (error) {
      // The last attempt: the run ends as failed rather than staying `running` for ever.
      if (job.attempt >= job.maxAttempts) await abandonFeedRun(deps.db, runId, String(error));
      throw error;
    }
  });
  registry.register(FEED_SCHEDULE_JOB, async (job) => {
    await scheduleFeedChecks(deps.db, job.now);
    const queued = await scheduleFeedRuns({ db: deps.db, now: job.now });
    if (queued.length > 0) job.log?.info({ runs: queued.length }, 'feeds: scheduled runs queued');
  });
  // A partner API listing whose photos are still to fetch (issue 42).
  registry.register(PARTNER_LISTING_JOB, async (job) => {
    const done = await runPartnerListingJob({
      db: deps.db,
      storage,
      allowedNetworks: deps.config.feedAllowedNetworks,
      limits: deps.config.accountLimits,
      job,
      onCleanupError: (error, key) => job.log?.warn({ err: error, key }, 'partner listing: file not deleted'),
    });
    if (done === 'superseded') job.log?.info({ jobId: job.id }, 'partner listing: a newer change was queued');
  });
  // The price map's figures (issue 44 point 5, decision 073), every few hours.
  registry.register(PRICE_MAP_REFRESH_JOB, async (job) => {
    const result = await refreshPriceMap(deps.db, job.now);
    job.log?.info(
      { localities: result.localities, countries: result.countries },
      'price map: figures computed',
    );
  });
  // The trust signals that change without an offer write, once a day (decision 066).
  registry.register(TRUST_REFRESH_JOB, async (job) => {
    const result = await refreshTrust(deps.db);
    job.log?.info(result, 'trust refresh: every offer scored');
  });
  // Photos stored before their perceptual hash existed (decision 074): a batch, then the next.
  registry.register(PHOTO_HASH_BACKFILL_JOB, async (job) => {
    const { afterId, pass } = photoHashBackfillCursor(job.payload);
    const batch = await backfillPhotoHashes({ db: deps.db, storage, afterId });
    if (batch.next !== null)
      await queuePhotoHashBackfill(deps.db, {
        afterId: batch.next,
        pass,
        runAt: new Date(job.now.getTime() + PHOTO_HASH_BACKFILL.continueAfterMs),
      });
    const { missing, unreadable, ...counts } = batch;
    if (counts.hashed > 0 || missing.length > 0 || unreadable.length > 0)
      job.log?.info({ ...counts, missing, unreadable }, 'photo hash backfill: batch finished');
  });
  registry.register(MEDIA_SWEEP_JOB, async (job) => {
    const result = await sweepOrphanMedia({
      db: deps.db,
      storage,
      now: job.now,
      cursor: mediaSweepCursor(job.payload),
      onDeleteError: (error, key) =>
        job.log?.warn({ err: error, key }, 'media sweep: orphan file not deleted'),
    });
    if (result.next) await continueMediaSweep(deps.db, job.now, result.next);
    const { missing, ...counts } = result;
    job.log?.info({ ...counts }, 'media sweep: run finished');
    for (const [prefix, rows] of Object.entries(missing)) {
      // Reported, not deleted: a row without its file is a fault to look into (a restored
      // database newer than its media, a bucket emptied by hand), and its listing shows a gap.
      job.log?.warn({ prefix, count: rows.count, ids: rows.ids }, 'media sweep: rows whose file is missing');
    }
  });
  return registry;
}
