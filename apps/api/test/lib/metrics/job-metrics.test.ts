import { jobs } from '@estately/db';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createJobWorker } from '../../../src/features/jobs/job-worker.ts';
import { createSmtpTransport } from '../../../src/features/mail/create-smtp-transport.ts';
import { enqueueEmail } from '../../../src/features/mail/enqueue-email.ts';
import { createJobHandlers } from '../../../src/job-handlers.ts';
import { createMailMetrics, registerJobQueueGauges } from '../../../src/lib/metrics/job-metrics.ts';
import { type MetricsListener, startMetricsListener } from '../../../src/lib/metrics/metrics-listener.ts';
import { startJobWorker } from '../../../src/start-job-worker.ts';
import { buildTestApi, type TestApi } from '../../support/helpers.ts';
import { freePort, startSmtpServer, type TestSmtpServer } from '../../support/mail-helpers.ts';
import { parseScrape, sampleValue } from './scrape.ts';

// The worker's metrics (docs/decisions/060): the queue's depth and its oldest due job's age,
// read from the jobs table at each scrape, and the e-mails sent and failed, scraped from a real
// listener.

let api: TestApi;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  api = await buildTestApi({ SMTP_URL: smtp.url, MAIL_FROM: 'Estately <no-reply@estately.example>' });
});
afterAll(async () => {
  await smtp?.close();
  await api?.close();
});
beforeEach(async () => {
  await api.db.delete(jobs);
  smtp.received.length = 0;
});

async function scrape(listener: MetricsListener) {
  const response = await fetch(listener.url);
  expect(response.status).toBe(200);
  return parseScrape(await response.text());
}

function queueMail(to: string, runAt: Date) {
  return enqueueEmail(
    api.db,
    { template: 'password_changed', to, locale: 'en', data: { changedAt: new Date().toISOString() } },
    { runAt },
  );
}

describe('job and mail metrics', () => {
  it('shows the due jobs and the oldest one’s age, then the mails sent and the failed attempts', async () => {
    const registry = new Registry();
    registerJobQueueGauges(registry, api.db);
    const mailMetrics = createMailMetrics(registry);
    const listener = await startMetricsListener({ port: 0, host: '127.0.0.1', registries: [registry] });
    try {
      const empty = await scrape(listener);
      expect(sampleValue(empty, 'estately_job_queue_depth')).toBe(0);
      expect(sampleValue(empty, 'estately_job_queue_oldest_age_seconds')).toBe(0);

      await queueMail('a@estately.example', new Date(Date.now() - 90_000));
      await queueMail('b@estately.example', new Date(Date.now() - 1_000));
      // Not due yet: a retry waiting for its backoff is not queue depth.
      await queueMail('c@estately.example', new Date(Date.now() + 3_600_000));
      const queued = await scrape(listener);
      expect(sampleValue(queued, 'estately_job_queue_depth')).toBe(2);
      const age = sampleValue(queued, 'estately_job_queue_oldest_age_seconds')!;
      expect(age).toBeGreaterThanOrEqual(89);
      expect(age).toBeLessThan(300);

      const transport = createSmtpTransport({ url: smtp.url, timeoutMs: 3000 });
      const worker = createJobWorker({
        db: api.db,
        registry: createJobHandlers({ db: api.db, config: api.config, transport, mailMetrics }),
      });
      expect(await worker.runDueJobs()).toMatchObject({ done: 2 });
      transport.close();
      const sent = await scrape(listener);
      expect(sampleValue(sent, 'estately_emails_sent_total', { template: 'password_changed' })).toBe(2);
      expect(sampleValue(sent, 'estately_job_queue_depth')).toBe(0);
      expect(sampleValue(sent, 'estately_job_queue_oldest_age_seconds')).toBe(0);

      // A mail server that does not answer: the attempt fails and the job waits for its retry.
      await queueMail('d@estately.example', new Date(Date.now() - 1_000));
      const down = createSmtpTransport({ url: `smtp://127.0.0.1:${await freePort()}`, timeoutMs: 3000 });
      const failing = createJobWorker({
        db: api.db,
        registry: createJobHandlers({ db: api.db, config: api.config, transport: down, mailMetrics }),
      });
      expect(await failing.runDueJobs()).toMatchObject({ retried: 1 });
      down.close();
      const failed = await scrape(listener);
      expect(
        sampleValue(failed, 'estately_email_send_failures_total', { template: 'password_changed' }),
      ).toBe(1);
      expect(sampleValue(failed, 'estately_emails_sent_total', { template: 'password_changed' })).toBe(2);
      expect(sampleValue(failed, 'estately_job_queue_depth')).toBe(0);
    } finally {
      await listener.close();
    }
  });

  it('startJobWorker reports into the registry it is given, as the worker process does', async () => {
    const registry = new Registry();
    const running = startJobWorker({ db: api.db, config: api.config, metrics: registry });
    try {
      await queueMail('e@estately.example', new Date());
      await smtp.waitFor(1, 15_000);
      await expect
        .poll(async () => sampleValue(parseScrape(await registry.metrics()), 'estately_emails_sent_total'))
        .toBe(1);
      await expect
        .poll(async () => sampleValue(parseScrape(await registry.metrics()), 'estately_job_queue_depth'))
        .toBe(0);
    } finally {
      await running.stop();
    }
  });
});
