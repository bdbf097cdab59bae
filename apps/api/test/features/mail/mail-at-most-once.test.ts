import { jobs } from '@estately/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobWorker } from '../../../src/features/jobs/job-worker.ts';
import { createSmtpTransport } from '../../../src/features/mail/create-smtp-transport.ts';
import { type EmailJobPayload, enqueueEmail } from '../../../src/features/mail/enqueue-email.ts';
import type { MailTransport } from '../../../src/features/mail/mail-transport.ts';
import { DELIVERY_STARTED_MARK } from '../../../src/features/mail/send-email-job.ts';
import { createJobHandlers } from '../../../src/job-handlers.ts';
import { buildTestApi, type TestApi } from '../../support/helpers.ts';
import { freePort, startSmtpServer, type TestSmtpServer } from '../../support/mail-helpers.ts';

// Saved-search digests are delivered at most once (issue 11, check 13): a worker that died
// after the SMTP server's 250 but before recording the job must not make the next worker send
// the digest again, while a clean failure (the server refused or was down) is still retried.

let api: TestApi;
let smtp: TestSmtpServer;
const transports: MailTransport[] = [];

function alertPayload(to: string): EmailJobPayload<'saved_search_alert'> {
  return {
    template: 'saved_search_alert',
    to,
    locale: 'cs',
    data: {
      searchName: 'Levné byty',
      searchUrl: 'https://www.estately.example/cs/hledani',
      unsubscribeUrl: 'https://api.estately.example/unsubscribe/x',
      offers: [
        {
          title: '3+KK, 74 m², Praha',
          url: 'https://www.estately.example/cs/nabidka/7',
          price: '6 500 000 Kč',
          photoUrl: null,
        },
      ],
    },
  };
}

function handlersFor(url: string) {
  const transport = createSmtpTransport({ url, timeoutMs: 3000 });
  transports.push(transport);
  return createJobHandlers({ db: api.db, config: api.config, transport });
}

async function jobRow(id: number) {
  const [row] = await api.db.select().from(jobs).where(eq(jobs.id, id));
  return row!;
}

beforeAll(async () => {
  api = await buildTestApi();
  smtp = await startSmtpServer();
});

afterAll(async () => {
  await Promise.all(transports.map((transport) => transport.close()));
  await smtp?.close();
  await api?.close();
});

describe('saved-search digests at most once', () => {
  it('does not send a digest again after an attempt that died once it had handed it over', async () => {
    const to = 'crash-after-250@example.com';
    const id = await enqueueEmail(api.db, alertPayload(to));
    const registry = handlersFor(smtp.url);
    const handler = registry.handlerFor('email.saved_search_alert')!;
    const [row] = await api.db.select().from(jobs).where(eq(jobs.id, id));
    // The first attempt delivers, then its worker dies before recording the outcome.
    await handler({
      id,
      kind: row!.kind,
      payload: row!.payload,
      attempt: 1,
      maxAttempts: 10,
      now: new Date(),
    });
    await smtp.waitFor(1);
    expect((await jobRow(id)).lastError).toBe(DELIVERY_STARTED_MARK);

    const worker = createJobWorker({ db: api.db, registry, now: () => new Date(Date.now() + 1000) });
    const summary = await worker.runDueJobs();
    expect(summary.failed).toBe(1);
    const after = await jobRow(id);
    expect(after.failedAt).not.toBeNull();
    expect(after.lastError).toContain(DELIVERY_STARTED_MARK);
    expect(smtp.received.filter((mail) => mail.envelopeTo.includes(to))).toHaveLength(1);
  });

  it('retries a digest whose delivery failed cleanly, and sends it once', async () => {
    const to = 'server-down@example.com';
    const id = await enqueueEmail(api.db, alertPayload(to));
    let clock = Date.now() + 1000;
    const down = createJobWorker({
      db: api.db,
      registry: handlersFor(`smtp://127.0.0.1:${await freePort()}`),
      now: () => new Date(clock),
    });
    expect((await down.runDueJobs()).retried).toBe(1);
    const retried = await jobRow(id);
    expect(retried.lastError).not.toBe(DELIVERY_STARTED_MARK);
    expect(retried.doneAt).toBeNull();

    clock += 10 * 60_000;
    const up = createJobWorker({ db: api.db, registry: handlersFor(smtp.url), now: () => new Date(clock) });
    expect((await up.runDueJobs()).done).toBe(1);
    clock += 60 * 60_000;
    await up.runDueJobs();
    expect(smtp.received.filter((mail) => mail.envelopeTo.includes(to))).toHaveLength(1);
    expect((await jobRow(id)).lastError).toBeNull();
  });
});
