import { jobs } from '@estately/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createJobWorker, type JobWorker } from '../../../src/features/jobs/job-worker.ts';
import { RETRY_BASE_MS } from '../../../src/features/jobs/retry-delay.ts';
import { createSmtpTransport } from '../../../src/features/mail/create-smtp-transport.ts';
import { EMAIL_MAX_ATTEMPTS, enqueueEmail } from '../../../src/features/mail/enqueue-email.ts';
import type { MailTransport } from '../../../src/features/mail/mail-transport.ts';
import { createJobHandlers } from '../../../src/job-handlers.ts';
import { buildTestApi, type TestApi } from '../../support/helpers.ts';
import { freePort, startSmtpServer, type TestSmtpServer } from '../../support/mail-helpers.ts';
import { insertFullOffer, insertUser } from '../../support/offer-fixtures.ts';

// E-mail delivery through a real SMTP server (issue 5): the outbox job is claimed by the worker,
// rendered in the recipient's locale and sent with nodemailer; outages are retried with backoff.

let api: TestApi;
let smtp: TestSmtpServer;
const transports: MailTransport[] = [];
const clock = { now: new Date() };

function smtpWorker(url: string, workerId = 'worker-a', batchSize = 5): JobWorker {
  // Whatever was queued before the worker exists is due on its clock (the machine may be slow).
  clock.now = new Date(Date.now() + 1000);
  const transport = createSmtpTransport({ url, timeoutMs: 3000 });
  transports.push(transport);
  return createJobWorker({
    db: api.db,
    registry: createJobHandlers({ db: api.db, config: api.config, transport }),
    workerId,
    batchSize,
    now: () => clock.now,
    random: () => 0, // backoff without jitter, so the test knows when a retry is due
  });
}

async function jobRow(id: number) {
  const [row] = await api.db.select().from(jobs).where(eq(jobs.id, id));
  return row!;
}

function advance(ms: number) {
  clock.now = new Date(clock.now.getTime() + ms);
}

beforeAll(async () => {
  smtp = await startSmtpServer({ refuse: ['nobody@estately.example'] });
  api = await buildTestApi({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Estately <no-reply@estately.example>',
    PUBLIC_WEB_URL: 'https://www.estately.example',
    WEB_ORIGIN: 'https://www.estately.example',
  });
});
afterAll(async () => {
  for (const transport of transports) transport.close();
  await smtp?.close();
  await api?.close();
});
beforeEach(async () => {
  await api.db.delete(jobs);
  smtp.received.length = 0;
  clock.now = new Date(Date.now() + 1000);
});
afterEach(() => {
  for (const transport of transports.splice(0)) transport.close();
});

describe('an e-mail queued by a change arrives', () => {
  it('a visitor message to a seller: Czech texts, the message, reply-to the visitor, stable Message-ID', async () => {
    const ownerId = await insertUser(api.db, {
      email: 'jana.novakova@estately.example',
      firstName: 'Jana',
      preferredLanguage: 'cs',
    });
    const offerId = await insertFullOffer(api.db, { ownerId, offerType: 'sale', propertyType: 'apartment' });
    const response = await api.app.inject({
      method: 'POST',
      url: `/public/offers/${offerId}/offer_message`,
      payload: {
        offer_message: {
          name: 'Petr <Svoboda>',
          email: 'petr.svoboda@example.com',
          phone: '+420 777 888 999',
          text: 'Dobrý den,\nje byt ještě volný? <b>Díky</b>',
        },
      },
      remoteAddress: '10.9.0.1',
    });
    expect(response.statusCode).toBe(201);
    const [job] = await api.db.select().from(jobs);
    expect(job?.kind).toBe('email.offer_message');

    const summary = await smtpWorker(smtp.url).runDueJobs();
    expect(summary).toMatchObject({ claimed: 1, done: 1, retried: 0, failed: 0 });
    await smtp.waitFor(1);

    const mail = smtp.received[0]!.parsed;
    expect(smtp.received[0]!.envelopeTo).toEqual(['jana.novakova@estately.example']);
    expect(mail.from?.value[0]?.address).toBe('no-reply@estately.example');
    expect(mail.replyTo?.value[0]?.address).toBe('petr.svoboda@example.com');
    expect(mail.subject).toMatch(/^Nová zpráva k vašemu inzerátu/);
    expect(mail.messageId).toBe(`<job-${job!.id}@estately.example>`);
    expect(mail.text).toContain('je byt ještě volný? <b>Díky</b>');
    expect(mail.text).toContain('Prodej bytu');
    expect(mail.text).toContain(`https://www.estately.example/cs/property/${offerId}`);
    const html = String(mail.html);
    expect(html).toContain('<html lang="cs-CZ" dir="ltr">');
    // Visitor text is escaped, never markup.
    expect(html).toContain('&lt;b&gt;Díky&lt;/b&gt;');
    expect(html).toContain('Petr &lt;Svoboda&gt;');
    expect(html).not.toContain('<b>Díky</b>');

    const done = await jobRow(job!.id);
    expect(done.doneAt).not.toBeNull();
    expect(done).toMatchObject({ attempts: 1, lockedBy: null, lockedUntil: null, lastError: null });
  });

  it('an Arabic confirmation: right-to-left HTML, Arabic subject, the absolute link', async () => {
    const id = await enqueueEmail(api.db, {
      template: 'confirm_email',
      to: 'layla@estately.example',
      locale: 'ar',
      data: { confirmUrl: '/ar/auth/confirm-email/tok123', expiresInHours: 48 },
    });
    await smtpWorker(smtp.url).runDueJobs();
    await smtp.waitFor(1);
    const mail = smtp.received[0]!.parsed;
    expect(mail.subject).toBe('أكّد عنوان بريدك الإلكتروني');
    expect(String(mail.html)).toContain('dir="rtl"');
    expect(String(mail.html)).toContain('href="https://www.estately.example/ar/auth/confirm-email/tok123"');
    expect(mail.text).toContain('https://www.estately.example/ar/auth/confirm-email/tok123');
    expect(mail.text).toContain('48');
    expect(mail.messageId).toBe(`<job-${id}@estately.example>`);
  });
});

describe('a saved-search alert', () => {
  it('arrives with its offers and the unsubscribe headers', async () => {
    await enqueueEmail(api.db, {
      template: 'saved_search_alert',
      to: 'watcher@estately.example',
      locale: 'pl',
      data: {
        searchName: 'Kraków 3 pokoje',
        searchUrl: 'https://www.estately.example/pl/szukaj/krakow',
        unsubscribeUrl: 'https://api.estately.example/saved_searches/unsubscribe?token=abc',
        offers: [
          { title: 'Mieszkanie 3+1', url: '/pl/property/5', price: '750 000 zł', photoUrl: null },
          { title: 'Mieszkanie 3+kk', url: '/pl/property/6', price: '820 000 zł', photoUrl: null },
        ],
      },
    });
    expect(await smtpWorker(smtp.url).runDueJobs()).toMatchObject({ done: 1 });
    await smtp.waitFor(1);
    const mail = smtp.received[0]!.parsed;
    expect(mail.subject).toMatch(/^2 nowe/);
    expect(mail.subject).toContain('Kraków 3 pokoje');
    expect(mail.text).toContain('https://www.estately.example/pl/property/6');
    // Raw header lines, unfolded (long ones are wrapped on the wire).
    const header = (name: string) =>
      mail.headerLines.find((line) => line.key === name)?.line.replace(/\r?\n\s+/g, ' ');
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(header('list-unsubscribe')).toBe(
      'List-Unsubscribe: <https://api.estately.example/saved_searches/unsubscribe?token=abc>',
    );
  });
});

describe('nothing is lost while the SMTP server is down', () => {
  it('retries with backoff and delivers exactly once when the server is back', async () => {
    const port = await freePort();
    const id = await enqueueEmail(api.db, {
      template: 'reset_password',
      to: 'eva@estately.example',
      locale: 'de',
      data: { resetUrl: 'https://www.estately.example/de/auth/reset-password/abc', expiresInHours: 1 },
    });
    const worker = smtpWorker(`smtp://127.0.0.1:${port}`);

    // Down: the attempt fails and the job waits 30 s.
    expect(await worker.runDueJobs()).toMatchObject({ claimed: 1, retried: 1, done: 0 });
    let row = await jobRow(id);
    expect(row).toMatchObject({
      attempts: 1,
      maxAttempts: EMAIL_MAX_ATTEMPTS,
      doneAt: null,
      failedAt: null,
      lockedBy: null,
    });
    expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(row.runAt.getTime()).toBe(clock.now.getTime() + RETRY_BASE_MS);

    // Not due yet: nothing happens.
    advance(RETRY_BASE_MS - 1000);
    expect(await worker.runDueJobs()).toMatchObject({ claimed: 0 });

    // Still down at the second attempt: the wait doubles.
    advance(1000);
    expect(await worker.runDueJobs()).toMatchObject({ claimed: 1, retried: 1 });
    row = await jobRow(id);
    expect(row.attempts).toBe(2);
    expect(row.runAt.getTime()).toBe(clock.now.getTime() + 2 * RETRY_BASE_MS);

    // The server comes back on that port; the third attempt delivers.
    const revived = await startSmtpServer({ port });
    try {
      advance(2 * RETRY_BASE_MS);
      expect(await worker.runDueJobs()).toMatchObject({ claimed: 1, done: 1 });
      await revived.waitFor(1);
      advance(3_600_000);
      expect(await worker.runDueJobs()).toMatchObject({ claimed: 0 });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(revived.received).toHaveLength(1);
      expect(revived.received[0]!.parsed.subject).toBe('Passwort zurücksetzen');
      row = await jobRow(id);
      expect(row.doneAt).not.toBeNull();
      expect(row.attempts).toBe(3);
    } finally {
      await revived.close();
    }
  });

  it('gives up after max_attempts and records the last error', async () => {
    const port = await freePort();
    const id = await enqueueEmail(api.db, {
      template: 'email_changed',
      to: 'old@estately.example',
      locale: 'fr',
      data: { newEmail: 'new@estately.example' },
    });
    await api.db.update(jobs).set({ maxAttempts: 3 }).where(eq(jobs.id, id));
    const worker = smtpWorker(`smtp://127.0.0.1:${port}`);
    const outcomes = [];
    for (let run = 0; run < 3; run++) {
      outcomes.push(await worker.runDueJobs());
      advance(3_600_000 * 2);
    }
    expect(outcomes.map((outcome) => [outcome.retried, outcome.failed])).toEqual([
      [1, 0],
      [1, 0],
      [0, 1],
    ]);
    const row = await jobRow(id);
    expect(row.failedAt).not.toBeNull();
    expect(row.doneAt).toBeNull();
    expect(row.attempts).toBe(3);
    expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(await worker.runDueJobs()).toMatchObject({ claimed: 0 });
  });

  it('a recipient the server refuses for good fails at once, without retries', async () => {
    const id = await enqueueEmail(api.db, {
      template: 'password_changed',
      to: 'nobody@estately.example',
      locale: 'en',
      data: { changedAt: '2026-11-22T10:15:00.000Z' },
    });
    expect(await smtpWorker(smtp.url).runDueJobs()).toMatchObject({ claimed: 1, failed: 1, retried: 0 });
    const row = await jobRow(id);
    expect(row.attempts).toBe(1);
    expect(row.failedAt).not.toBeNull();
    expect(row.lastError).toMatch(/refused.*550|550/);
    expect(smtp.received).toHaveLength(0);
  });

  it('a payload that can never be sent fails at once and sends nothing', async () => {
    const [row] = await api.db
      .insert(jobs)
      .values({
        kind: 'email.confirm_email',
        payload: { template: 'confirm_email', to: 'not an address', locale: 'en', data: {} },
      })
      .returning();
    expect(await smtpWorker(smtp.url).runDueJobs()).toMatchObject({ claimed: 1, failed: 1 });
    const failed = await jobRow(row!.id);
    expect(failed.lastError).toMatch(/^PermanentEmailError: invalid e-mail job: to: /);
    expect(failed.attempts).toBe(1);
    expect(smtp.received).toHaveLength(0);
  });
});

describe('concurrent workers', () => {
  it('two workers claiming at once never send one job twice', async () => {
    const count = 24;
    const ids: number[] = [];
    for (let index = 0; index < count; index++) {
      ids.push(
        await enqueueEmail(api.db, {
          template: 'confirm_email',
          to: `user${index}@estately.example`,
          locale: 'en',
          data: {
            confirmUrl: `https://www.estately.example/en/auth/confirm-email/t${index}`,
            expiresInHours: 24,
          },
        }),
      );
    }
    const a = smtpWorker(smtp.url, 'worker-a', 3);
    const b = smtpWorker(smtp.url, 'worker-b', 3);
    const [first, second] = await Promise.all([a.runDueJobs(), b.runDueJobs()]);
    expect(first.claimed + second.claimed).toBe(count);
    expect(first.done + second.done).toBe(count);
    await smtp.waitFor(count);
    await new Promise((resolve) => setTimeout(resolve, 200));

    const messageIds = smtp.received.map((mail) => mail.parsed.messageId);
    expect(messageIds).toHaveLength(count);
    expect(new Set(messageIds).size).toBe(count);
    expect(new Set(messageIds)).toEqual(new Set(ids.map((id) => `<job-${id}@estately.example>`)));
    const rows = await api.db
      .select({
        lockedBy: jobs.lockedBy,
        attempts: jobs.attempts,
        done: sql<boolean>`${jobs.doneAt} is not null`,
      })
      .from(jobs);
    expect(rows.every((row) => row.done && row.attempts === 1 && row.lockedBy === null)).toBe(true);
    if (api.database.kind === 'postgres') {
      // On PostgreSQL the two really ran side by side: both got work.
      expect(first.claimed).toBeGreaterThan(0);
      expect(second.claimed).toBeGreaterThan(0);
    }
  });
});
