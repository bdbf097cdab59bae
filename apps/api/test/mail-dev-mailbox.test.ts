import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { devMailbox, jobs } from '@estately/db';
import { createTestDatabase } from '@estately/db/testing';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createJobHandlers } from '../src/features/jobs/job-handlers.ts';
import { createJobWorker } from '../src/features/jobs/job-worker.ts';
import { createMailTransport } from '../src/features/mail/create-mail-transport.ts';
import { enqueueEmail } from '../src/features/mail/enqueue-email.ts';
import { startApi } from '../src/server.ts';
import { buildTestApi, type TestApi } from './helpers.ts';

// The embedded mail transport (no SMTP_URL): mails land in `dev_mailbox` and are shown at the
// dev-only page GET /dev/mailbox (DESIGN 2 e-mail), which production does not have.

let api: TestApi;
let confirmId = 0;
let resetId = 0;

beforeAll(async () => {
  api = await buildTestApi({ PUBLIC_WEB_URL: 'http://localhost:3000' });
  const transport = createMailTransport(api.config, api.db);
  expect(transport.kind).toBe('dev-mailbox');
  confirmId = await enqueueEmail(api.db, {
    template: 'confirm_email',
    to: 'new.user@example.com',
    locale: 'en',
    data: { confirmUrl: 'http://localhost:3000/en/auth/confirm-email/tok?x=1&y=2', expiresInHours: 24 },
  });
  resetId = await enqueueEmail(api.db, {
    template: 'reset_password',
    to: 'eva@example.com',
    locale: 'de',
    data: { resetUrl: 'http://localhost:3000/de/auth/reset-password/r1', expiresInHours: 1 },
  });
  const worker = createJobWorker({
    db: api.db,
    registry: createJobHandlers({ db: api.db, config: api.config, transport }),
  });
  const summary = await worker.runDueJobs();
  expect(summary).toMatchObject({ claimed: 2, done: 2 });
});
afterAll(async () => {
  await api?.close();
});

describe('dev mailbox transport', () => {
  it('stores each delivered mail with its headers and job', async () => {
    const rows = await api.db.select().from(devMailbox).orderBy(desc(devMailbox.id));
    expect(rows).toHaveLength(2);
    const reset = rows.find((row) => row.jobId === resetId)!;
    expect(reset).toMatchObject({
      toAddress: 'eva@example.com',
      fromAddress: 'Estately <no-reply@estately.localhost>',
      subject: 'Passwort zurücksetzen',
    });
    expect(reset.headers['Message-ID']).toBe(`<job-${resetId}@estately.localhost>`);
    expect(reset.html).toContain('href="http://localhost:3000/de/auth/reset-password/r1"');
    expect(reset.text).toContain('http://localhost:3000/de/auth/reset-password/r1');
    const [job] = await api.db.select().from(jobs).where(eq(jobs.id, resetId));
    expect(job?.doneAt).not.toBeNull();
  });

  it('keeps one copy when a job is run again after a crash', async () => {
    const transport = createMailTransport(api.config, api.db);
    const email = {
      from: 'Estately <no-reply@estately.localhost>',
      to: 'twice@example.com',
      subject: 'Once',
      text: 'once',
      html: '<p>once</p>',
      messageId: '<job-424242@estately.localhost>',
      headers: {},
      jobId: 424242,
    };
    await transport.send(email);
    await transport.send(email);
    const rows = await api.db.select().from(devMailbox).where(eq(devMailbox.jobId, 424242));
    expect(rows).toHaveLength(1);
    await api.db.delete(devMailbox).where(eq(devMailbox.jobId, 424242));
  });
});

describe('GET /dev/mailbox', () => {
  it('lists the mails newest first, as a script-free page under its own policy', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    expect(response.body).not.toContain('<script');
    const reset = response.body.indexOf('Passwort zurücksetzen');
    const confirm = response.body.indexOf('Confirm your e-mail address');
    expect(reset).toBeGreaterThan(0);
    expect(confirm).toBeGreaterThan(reset);
    const [row] = await api.db.select().from(devMailbox).where(eq(devMailbox.jobId, confirmId));
    expect(response.body).toContain(`href="/dev/mailbox/${row!.id}"`);
  });

  it('shows one mail: headers, its HTML in a sandboxed frame, its links and plain text', async () => {
    const [row] = await api.db.select().from(devMailbox).where(eq(devMailbox.jobId, confirmId));
    const response = await api.app.inject({ method: 'GET', url: `/dev/mailbox/${row!.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('new.user@example.com');
    expect(response.body).toContain(
      '<iframe title="Confirm your e-mail address" sandbox="" srcdoc="&lt;!doctype html&gt;',
    );
    // The mail's markup only ever appears escaped inside srcdoc.
    expect(response.body).not.toContain('<html lang="en-US"');
    expect(response.body).toContain(
      '<a href="http://localhost:3000/en/auth/confirm-email/tok?x=1&amp;y=2" rel="noreferrer">',
    );
    expect(response.body).toContain('<pre>Hello,');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('answers 404 for a mail that does not exist and refuses a malformed id', async () => {
    const missing = await api.app.inject({ method: 'GET', url: '/dev/mailbox/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'not_found' });
    const malformed = await api.app.inject({ method: 'GET', url: '/dev/mailbox/abc' });
    expect(malformed.statusCode).toBe(422);
  });

  it('is not part of the OpenAPI document', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys((response.json() as { paths: Record<string, unknown> }).paths);
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.filter((item) => item.startsWith('/dev'))).toEqual([]);
  });

  it('does not exist in production', async () => {
    const production = await buildTestApi({
      NODE_ENV: 'production',
      JWT_SECRETS: `k1:${'s'.repeat(40)}`,
      INTERNAL_API_TOKEN: 'i'.repeat(40),
      PUBLIC_WEB_URL: 'https://www.estately.example',
    });
    try {
      for (const url of ['/dev/mailbox', '/dev/mailbox/1']) {
        const response = await production.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
      }
    } finally {
      await production.close();
    }
  });
});

describe('the API process runs the worker (JOBS_IN_PROCESS)', () => {
  it('delivers a queued mail by itself, and not when JOBS_IN_PROCESS=false', async () => {
    const database = await createTestDatabase();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'estately-mail-test-'));
    try {
      const off = await startApi({
        config: { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, JOBS_IN_PROCESS: 'false' }), port: 0 },
        db: database,
      });
      expect(off.jobs).toBeUndefined();
      await off.close();

      const api = await startApi({
        config: { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }), port: 0 },
        db: database,
      });
      try {
        expect(api.jobs).toBeDefined();
        const id = await enqueueEmail(database.db, {
          template: 'email_changed',
          to: 'old@example.com',
          locale: 'it',
          data: { newEmail: 'nuovo@example.com' },
        });
        const deadline = Date.now() + 10_000;
        let rows: Array<typeof devMailbox.$inferSelect> = [];
        while (rows.length === 0 && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          rows = await database.db.select().from(devMailbox).where(eq(devMailbox.jobId, id));
        }
        expect(rows).toHaveLength(1);
        expect(rows[0]!.subject).toBe('Il tuo indirizzo e-mail di accesso è stato modificato');
        const listed = await fetch(`${api.url}/dev/mailbox`);
        expect(await listed.text()).toContain('Il tuo indirizzo e-mail di accesso è stato modificato');
      } finally {
        await api.close();
      }
    } finally {
      await database.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
