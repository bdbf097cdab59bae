import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { devMailbox, jobs } from '@estately/db';
import { createTestDatabase } from '@estately/db/testing';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.ts';
import { createJobWorker } from '../../../src/features/jobs/job-worker.ts';
import { createMailTransport } from '../../../src/features/mail/create-mail-transport.ts';
import { enqueueEmail } from '../../../src/features/mail/enqueue-email.ts';
import { createJobHandlers } from '../../../src/job-handlers.ts';
import { startApi } from '../../../src/server.ts';
import { startJobWorker } from '../../../src/start-job-worker.ts';
import { buildTestApi, type TestApi } from '../../support/helpers.ts';

// The embedded mail transport (no SMTP_URL): mails land in `dev_mailbox` and are shown at the
// dev-only page GET /dev/mailbox (DESIGN 2 e-mail) with DEV_MAILBOX, to requests from this
// machine only; production has neither (decision 013, issue 37).

let api: TestApi;
let confirmId = 0;
let resetId = 0;

beforeAll(async () => {
  api = await buildTestApi({ PUBLIC_WEB_URL: 'http://localhost:3000', DEV_MAILBOX: 'on' });
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
      SMTP_URL: 'smtp://127.0.0.1:2525',
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

describe('GET /dev/mailbox answers this machine only, and only when asked for (issue 37)', () => {
  const list = (app: TestApi['app'], remoteAddress: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress, headers });

  it('answers requests from loopback addresses', async () => {
    for (const address of ['127.0.0.1', '127.3.2.1', '::1', '::ffff:127.0.0.1']) {
      expect((await list(api.app, address)).statusCode, address).toBe(200);
    }
  });

  it('refuses every other address, and a request that came through a proxy it was not told about', async () => {
    for (const address of ['203.0.113.5', '10.0.0.7', '192.168.1.20', '2001:db8::5', '::ffff:203.0.113.5']) {
      const response = await list(api.app, address);
      expect(response.statusCode, address).toBe(404);
      expect(response.body).not.toContain('Passwort');
    }
    const one = await list(api.app, '203.0.113.5');
    expect(one.json()).toMatchObject({ code: 'not_found' });
    const [row] = await api.db.select().from(devMailbox).where(eq(devMailbox.jobId, resetId));
    const mail = await api.app.inject({
      method: 'GET',
      url: `/dev/mailbox/${row!.id}`,
      remoteAddress: '203.0.113.5',
    });
    expect(mail.statusCode).toBe(404);
    expect(mail.body).not.toContain('reset-password');
    // A local proxy forwarding someone else's request, TRUST_PROXY off: whose it is is unknown.
    expect((await list(api.app, '127.0.0.1', { 'x-forwarded-for': '203.0.113.5' })).statusCode).toBe(404);
  });

  it('behind TRUST_PROXY, the forwarded client must be local too, and a forged header from outside does not pass', async () => {
    const proxied = await buildTestApi({ DEV_MAILBOX: 'on', TRUST_PROXY: 'true' });
    try {
      // A proxy on this machine forwarding a visitor from outside.
      expect((await list(proxied.app, '127.0.0.1', { 'x-forwarded-for': '203.0.113.5' })).statusCode).toBe(
        404,
      );
      // A client from outside naming itself 127.0.0.1.
      expect((await list(proxied.app, '203.0.113.5', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(
        404,
      );
      // A browser on this machine through the local proxy.
      expect((await list(proxied.app, '127.0.0.1', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('does not exist without DEV_MAILBOX, not even for loopback (the default start)', async () => {
    const plain = await buildTestApi({});
    try {
      expect(plain.config.devMailbox).toBe(false);
      for (const url of ['/dev/mailbox', '/dev/mailbox/1']) {
        const response = await plain.app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' });
        expect(response.statusCode, url).toBe(404);
      }
    } finally {
      await plain.close();
    }
  });

  it('prints what the demo start shows instead: recipient, subject and links, nothing to the network', async () => {
    const printed: string[] = [];
    const transport = createMailTransport(api.config, api.db, { print: (text) => printed.push(text) });
    await transport.send({
      from: 'Estately <no-reply@estately.localhost>',
      to: 'eva@example.com',
      subject: 'Reset\u001b[31m your password',
      text: 'Open http://localhost:3000/en/auth/reset-password/abc to choose one.\nhttp://localhost:3000/en/auth/reset-password/abc',
      html: '<p>x</p>',
      messageId: '<job-434343@estately.localhost>',
      headers: {},
      jobId: 434343,
    });
    expect(printed).toEqual([
      '[mail] to eva@example.com: Reset?[31m your password\n  http://localhost:3000/en/auth/reset-password/abc',
    ]);
    await api.db.delete(devMailbox).where(eq(devMailbox.jobId, 434343));
  });
});

describe('no silent e-mail loss in production (issue 37)', () => {
  it('has no fallback transport without SMTP_URL: the worker refuses to start and no job is marked sent', async () => {
    const config = { ...api.config, nodeEnv: 'production' as const, isProduction: true, smtpUrl: undefined };
    const id = await enqueueEmail(api.db, {
      template: 'email_changed',
      to: 'lost@example.com',
      locale: 'en',
      data: { newEmail: 'new@example.com' },
    });
    expect(() => createMailTransport(config, api.db)).toThrow(
      /SMTP_URL is required when NODE_ENV=production/,
    );
    expect(() => startJobWorker({ db: api.db, config })).toThrow(/SMTP_URL/);
    const [job] = await api.db.select().from(jobs).where(eq(jobs.id, id));
    expect(job).toMatchObject({ doneAt: null, attempts: 0 });
    const stored = await api.db.select().from(devMailbox).where(eq(devMailbox.jobId, id));
    expect(stored).toEqual([]);
    await api.db.delete(jobs).where(eq(jobs.id, id));
  });

  it('a transport that fails leaves the job unsent, to be tried again', async () => {
    const id = await enqueueEmail(api.db, {
      template: 'email_changed',
      to: 'later@example.com',
      locale: 'en',
      data: { newEmail: 'new@example.com' },
    });
    const failing = {
      kind: 'smtp' as const,
      async send() {
        throw new Error('connect ECONNREFUSED 127.0.0.1:25');
      },
      close() {},
    };
    const worker = createJobWorker({
      db: api.db,
      registry: createJobHandlers({ db: api.db, config: api.config, transport: failing }),
    });
    const summary = await worker.runDueJobs();
    expect(summary).toMatchObject({ done: 0, retried: 1 });
    const [job] = await api.db.select().from(jobs).where(eq(jobs.id, id));
    expect(job?.doneAt).toBeNull();
    expect(job?.lastError).toContain('ECONNREFUSED');
    await api.db.delete(jobs).where(eq(jobs.id, id));
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
        config: { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DEV_MAILBOX: 'on' }), port: 0 },
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
