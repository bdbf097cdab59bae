// Check 13 (issue 11): dependency faults. The API runs in this process (startApi) on a private
// PostgreSQL cluster (port 25432, never the shared 5432) with a real local SMTP peer.
//
//  a. Database hung: SIGSTOP of the private postmaster and all its backends. Every write must
//     answer 503 within 5 s (pool connect and statement time limits) and none may be
//     acknowledged; after SIGCONT the API writes again.
//  b. SMTP answering 451: sign-up still succeeds (the confirmation mail waits in the outbox)
//     and the mail is delivered, once, when the server accepts again.
//  c. The mail worker (`node apps/api/src/worker.ts`) killed with -9 right after the SMTP 250
//     of a saved-search alert: restarted, it never sends one alert twice to the same user for
//     the same offer.
//  d. Full disk: a 2 MB tmpfs mounted on the media folder (needs root). Photo uploads until it
//     is full: a clear error, no partial files, no orphan rows.
//
//   RELIABILITY_FAULTS  which parts to run (default a,b,c,d)
//
// The outbox worker normally retries after 30 s and takes over a dead worker's job after its
// 10 min lock: the check moves the worker's clock (b) and the lock expiry (c) instead of waiting.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPostgres, migrate, savedSearches } from '@estately/db';
import { parseFilters } from '@estately/domain';
import sharp from 'sharp';
import { createJobWorker } from '../../../apps/api/src/features/jobs/job-worker.ts';
import { createMailTransport } from '../../../apps/api/src/features/mail/create-mail-transport.ts';
import { runSavedSearchAlerts } from '../../../apps/api/src/features/saved-searches/run-saved-search-alerts.ts';
import { createJobHandlers } from '../../../apps/api/src/job-handlers.ts';
import { loadLocalConfig } from '../../../apps/api/src/local-secrets.ts';
import { startApi } from '../../../apps/api/src/server.ts';
import { insertFullOffer } from '../../../apps/api/test/support/offer-fixtures.ts';
import { seedFixture, tokenFor } from '../lib/api-load.ts';
import { PrivateCluster } from '../lib/pg-cluster.ts';
import { check, expect, figure, finish, freePort, sleep } from '../lib/report.ts';
import { startSmtpPeer } from '../lib/smtp-peer.ts';

const root = path.join(import.meta.dirname, '..', '..', '..');
const parts = new Set((process.env.RELIABILITY_FAULTS ?? 'a,b,c,d').split(','));
const part = (name: string, title: string, fn: () => Promise<void>) =>
  parts.has(name) ? check(`${name}. ${title}`, fn) : Promise.resolve(true);
const WEB = 'https://www.estately.example';
const FILLER = 'reliability-filler.bin';
const cluster = new PrivateCluster();
const dataDir = mkdtempSync(path.join(tmpdir(), 'estately-reliability-faults-'));
const mediaDir = path.join(dataDir, 'media');
let mounted = false;
const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
  if (mounted) {
    try {
      execFileSync('umount', [mediaDir]);
    } catch {}
  }
  rmSync(dataDir, { recursive: true, force: true });
});

cluster.init();
const setup = createPostgres(cluster.url, undefined, 2);
await migrate(setup);
const fixture = await seedFixture(setup.db, { offers: 20, favUsers: 10, editors: 10 });
const smtp = await startSmtpPeer();

// The media folder on a small tmpfs (part d); the API must not see the mount change under it.
mkdirSync(mediaDir, { recursive: true });
try {
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', mediaDir]);
  mounted = true;
} catch (error) {
  console.log(`could not mount a tmpfs on ${mediaDir} (root needed): ${(error as Error).message}`);
}

const env = {
  DATABASE_URL: cluster.url,
  DATA_DIR: dataDir,
  SMTP_URL: smtp.url,
  PUBLIC_WEB_URL: WEB,
  WEB_ORIGIN: WEB,
  RATE_LIMIT_MAX: '0',
  TRUST_PROXY: 'true',
  JOBS_IN_PROCESS: 'false',
  LOG_LEVEL: 'fatal',
};
// The data folder's keys, as the worker processes of part c started on it read them (issue 37).
const config = loadLocalConfig({ ...env, API_PORT: String(await freePort()) });
const api = await startApi({ config });
const auth = (userId: number) => ({ authorization: `Bearer ${tokenFor(config, userId)}` });

await part(
  'a',
  'database hung (SIGSTOP): every write answers 503 within 5 s, none acknowledged, back after SIGCONT',
  async () => {
    const warm = await fetch(`${api.url}/user/offers/${fixture.offerIds[0]}/favorite_offer`, {
      method: 'POST',
      headers: auth(fixture.favUsers[0]!),
    });
    expect(warm.ok, `the API did not write before the fault: ${warm.status}`);
    const stopped = cluster.signalAll('SIGSTOP');
    const results: Array<{ status: number; ms: number; kind: string }> = [];
    try {
      const write = async (kind: string, url: string, init: RequestInit) => {
        const started = performance.now();
        const response = await fetch(`${api.url}${url}`, {
          ...init,
          signal: AbortSignal.timeout(20_000),
        }).catch(() => undefined);
        await response?.arrayBuffer();
        results.push({ status: response?.status ?? 0, ms: performance.now() - started, kind });
      };
      const writes: Promise<void>[] = [];
      for (let i = 0; i < 30; i++) {
        const offerId = fixture.offerIds[(i % 19) + 1]!;
        if (i % 3 === 0)
          writes.push(
            write('favourite', `/user/offers/${offerId}/favorite_offer`, {
              method: 'POST',
              headers: auth(fixture.favUsers[i % 10]!),
            }),
          );
        else if (i % 3 === 1)
          writes.push(
            write('message', `/public/offers/${offerId}/offer_message`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.0.${i}` },
              body: JSON.stringify({
                offer_message: {
                  name: 'Hung',
                  email: `hung-${i}@example.com`,
                  text: `reliability hung ${i}`,
                },
              }),
            }),
          );
        else {
          const editor = fixture.editors[i % 10]!;
          writes.push(
            write('edit', `/properties/${editor.propertyId}`, {
              method: 'PATCH',
              headers: { ...auth(editor.userId), 'content-type': 'application/merge-patch+json' },
              body: JSON.stringify({ price: 2_000_000 + i }),
            }),
          );
        }
      }
      writes.push(write('health', '/health', {}));
      await Promise.all(writes);
    } finally {
      cluster.signalAll('SIGCONT');
    }
    const resumedAt = performance.now();
    let backMs = Number.POSITIVE_INFINITY;
    while (performance.now() - resumedAt < 15_000) {
      const response = await fetch(`${api.url}/user/offers/${fixture.offerIds[1]}/favorite_offer`, {
        method: 'POST',
        headers: auth(fixture.favUsers[0]!),
      }).catch(() => undefined);
      if (response?.ok) {
        backMs = performance.now() - resumedAt;
        break;
      }
      await sleep(50);
    }
    const committedAnyway = await setup.query<{ n: number }>(
      "select count(*)::int as n from leads where message like 'reliability hung %'",
    );
    const worst = Math.max(...results.map((r) => r.ms));
    const statuses = results.map((r) => `${r.kind}:${r.status}`);
    figure('processes stopped', stopped);
    figure('answers while hung', summarize(statuses));
    figure('slowest answer while hung', worst, 'ms');
    figure('acknowledged (2xx) while hung', results.filter((r) => r.status >= 200 && r.status < 300).length);
    figure('messages not acknowledged that the server committed after SIGCONT', committedAnyway[0]?.n ?? 0);
    figure('API writing again after SIGCONT', backMs, 'ms');
    expect(
      results.every((r) => r.status === 503),
      `not every answer was 503: ${summarize(statuses)}`,
    );
    expect(worst <= 5_000, `an answer took ${Math.round(worst)} ms`);
    expect(backMs <= 10_000, 'the API did not write again within 10 s of SIGCONT');
  },
);

await part(
  'b',
  'SMTP answering 451: sign-up succeeds, the confirmation mail is delivered once the server accepts again',
  async () => {
    let clock = Date.now();
    const transport = createMailTransport(config, api.app.db);
    const worker = createJobWorker({
      db: api.app.db,
      registry: createJobHandlers({ db: api.app.db, config, transport }),
      now: () => new Date(clock),
    });
    try {
      smtp.mode = 'tempfail';
      const email = `smtp-451-${randomUUID().slice(0, 8)}@example.com`;
      const signup = await fetch(`${api.url}/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.8.0.1' },
        body: JSON.stringify({ email, password: 'Brno-Garden-2026', country_code: 'cz', locale: 'cs' }),
      });
      figure('sign-up while SMTP answers 451', signup.status);
      expect(signup.status === 201, `sign-up answered ${signup.status}: ${await signup.text()}`);
      clock = Date.now() + 1_000;
      const first = await worker.runDueJobs();
      figure('delivery attempts refused with 451', smtp.tempFailures);
      expect(
        smtp.tempFailures >= 1 && first.retried >= 1,
        `the mail was not tried against the 451 server (${JSON.stringify(first)})`,
      );
      expect(smtp.received.filter((m) => m.to.includes(email)).length === 0, 'a mail arrived through a 451');
      smtp.mode = 'accept';
      for (let i = 0; i < 6; i++) {
        clock += 10 * 60_000; // retries are due after 30 s, doubling: ten minutes covers the next one
        await worker.runDueJobs();
      }
      const delivered = smtp.received.filter((m) => m.to.includes(email)).length;
      figure('confirmation mails delivered after recovery', delivered);
      expect(delivered === 1, `${delivered} confirmation mails delivered`);
    } finally {
      smtp.mode = 'accept';
      await worker.stop();
      await transport.close();
    }
  },
);

await part(
  'c',
  'mail worker killed with -9 after the SMTP 250: no alert twice to one user for one offer',
  async () => {
    const T0 = new Date('2026-06-01T08:00:00Z');
    const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
    const owner = fixture.favUsers[9]!;
    const offerIds: number[] = [];
    for (let i = 0; i < 3; i++)
      offerIds.push(
        await insertFullOffer(setup.db, { ownerId: owner, price: 5_000_000 + i, activatedAt: at(30 + i) }),
      );
    const parsed = parseFilters(
      'offer_type=sale&property_type=apartment&country_code=CZ&price_to=7000000&currency=CZK',
    );
    if (!parsed.success) throw new Error('bad filters');
    const { sort: _s, page: _p, per_page: _pp, ...filters } = parsed.data;
    for (const userId of fixture.favUsers.slice(0, 6)) {
      await setup.db.insert(savedSearches).values({
        userId,
        name: `Levné byty ${userId}`,
        filters,
        frequency: 'daily',
        locale: 'cs',
        currency: 'CZK',
        createdAt: T0,
        updatedAt: T0,
      });
    }
    const queued = await runSavedSearchAlerts({
      db: setup.db,
      now: at(120),
      publicWebUrl: WEB,
      publicApiUrl: api.url,
      keys: config.jwt.keys,
      storage: api.app.storage,
    });
    figure('alert digests queued', queued.emails);
    expect(queued.emails >= 6, `only ${queued.emails} alert digests were queued`);

    const alertJobs = () =>
      setup.query<{ pending: number; done: number; failed: number }>(
        "select count(*) filter (where done_at is null and failed_at is null)::int as pending, count(done_at)::int as done, count(failed_at)::int as failed from jobs where kind = 'email.saved_search_alert'",
      );
    const before = smtp.received.length;
    let kills = 0;
    const maxKills = 3;
    let current: ChildProcess | undefined;
    smtp.onAccepted = (mail) => {
      if (current && kills < maxKills && /\/\d+/.test(mail.text) && current.exitCode === null) {
        kills += 1;
        current.kill('SIGKILL');
      }
    };
    const deadline = Date.now() + 120_000;
    let starts = 0;
    try {
      while (Date.now() < deadline) {
        const [state] = await alertJobs();
        if (state && state.pending === 0) break;
        // A worker that died holds its job for 10 minutes: let that time pass at once.
        await setup.exec(
          "update jobs set locked_until = now() - interval '1 second' where kind = 'email.saved_search_alert' and done_at is null and failed_at is null and locked_by is not null",
        );
        starts += 1;
        current = spawn(process.execPath, [path.join(root, 'apps/api/src/worker.ts')], {
          cwd: root,
          env: { ...process.env, ...env },
          stdio: ['ignore', 'ignore', 'inherit'],
        });
        children.add(current);
        const child = current;
        const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
        // Until it is killed, or the queue is empty.
        while (child.exitCode === null && child.signalCode === null && Date.now() < deadline) {
          const [s] = await alertJobs();
          if (s && s.pending === 0) break;
          await sleep(200);
        }
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
        await exited;
        children.delete(child);
      }
    } finally {
      smtp.onAccepted = undefined;
    }
    const [state] = await alertJobs();
    const mails = smtp.received.slice(before);
    const perUserOffer = new Map<string, number>();
    for (const mail of mails) {
      for (const id of offerIds) {
        if (!new RegExp(`/${id}(?![0-9])`).test(mail.text)) continue;
        for (const to of mail.to) perUserOffer.set(`${to} ${id}`, (perUserOffer.get(`${to} ${id}`) ?? 0) + 1);
      }
    }
    const twice = [...perUserOffer.values()].filter((n) => n > 1).length;
    figure('worker starts', starts);
    figure('worker kills right after a 250', kills);
    figure('alert mails accepted by SMTP', mails.length);
    figure('alert jobs done / failed / pending', `${state?.done} / ${state?.failed} / ${state?.pending}`);
    figure('(user, offer) pairs alerted twice', twice);
    expect(kills >= 1, 'the worker was never killed after a 250');
    expect(state?.pending === 0, `${state?.pending} alert jobs never finished`);
    expect(twice === 0, `${twice} (user, offer) pairs got the same alert twice`);
  },
);

await part(
  'd',
  'full disk (2 MB tmpfs on the media folder): clear error on upload, no partial files, no orphan rows',
  async () => {
    expect(mounted, 'no tmpfs: run as root');
    const editor = fixture.editors[0]!;
    // A photo-like picture (gradients and shapes: quick to encode), and a volume that is nearly
    // full already, so the upload that fills it dies part-way through its variants.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#87b5e8"/><stop offset="1" stop-color="#f3d9a4"/></linearGradient></defs><rect width="800" height="600" fill="url(#g)"/>${Array.from({ length: 60 }, (_, i) => `<circle cx="${(i * 137) % 800}" cy="${(i * 251) % 600}" r="${10 + (i % 7) * 8}" fill="hsl(${i * 23},60%,55%)" fill-opacity="0.7"/>`).join('')}</svg>`;
    const photo = await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
    const free = () => {
      const out = execFileSync('df', ['-B1', '--output=avail', mediaDir], { encoding: 'utf8' });
      return Number(out.trim().split('\n').pop());
    };
    writeFileSync(path.join(mediaDir, FILLER), Buffer.alloc(Math.max(0, free() - 160 * 1024)));
    figure('free space on the media volume before the uploads', Math.round(free() / 1024), 'KiB');
    let failure: { status: number; body: string } | undefined;
    let stored = 0;
    for (let i = 0; i < 40 && !failure; i++) {
      const form = new FormData();
      form.set('property_id', String(editor.propertyId));
      // Other bytes each time (a comment after the picture): the same bytes again would be the
      // photo already kept (issue 38 defect 4), and store nothing.
      const bytes = Buffer.concat([photo, Buffer.from(`upload ${i}`)]);
      form.set('file', new Blob([bytes], { type: 'image/jpeg' }), `photo-${i}.jpg`);
      const started = performance.now();
      const response = await fetch(`${api.url}/v1/property-media/save`, {
        method: 'POST',
        headers: auth(editor.userId),
        body: form,
      });
      const body = await response.text();
      console.log(`upload ${i + 1}: ${response.status} in ${Math.round(performance.now() - started)} ms`);
      if (response.ok) stored += 1;
      else failure = { status: response.status, body };
    }
    const rows = await setup.query<{ storage_key: string; variants: Record<string, string> }>(
      'select storage_key, variants from property_media where property_id = $1',
      [editor.propertyId],
    );
    const expected = new Set<string>();
    for (const row of rows) {
      // A photo still processed has its original only (the job worker makes the variants).
      if (!row.variants) expected.add(row.storage_key);
      for (const key of Object.values(row.variants ?? {})) if (key) expected.add(key);
      if (row.variants)
        expected.add(`${row.storage_key.slice(0, row.storage_key.lastIndexOf('/'))}/manifest.json`);
    }
    const files = walk(mediaDir).map((file) => path.relative(mediaDir, file));
    const partial = files.filter((file) => !expected.has(file));
    const missing = [...expected].filter((key) => !files.includes(key));
    figure('photos stored before the disk was full', stored);
    figure('answer when full', failure ? `${failure.status} ${failure.body}` : 'none (never full)');
    figure('files on the volume not belonging to a row (partial or orphan files)', partial.length);
    figure('rows whose files are missing (orphan rows)', missing.length);
    expect(failure, 'the volume never filled up');
    expect(
      failure.status === 503 && failure.body.includes('storage'),
      `unclear answer: ${failure.status} ${failure.body}`,
    );
    expect(stored === rows.length, `${stored} uploads acknowledged, ${rows.length} rows`);
    expect(partial.length === 0, `files without a row: ${partial.slice(0, 5).join(', ')}`);
    expect(missing.length === 0, `rows without files: ${missing.slice(0, 5).join(', ')}`);
  },
);

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    if (entry === 'lost+found' || entry === FILLER) continue;
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) out.push(...walk(full));
    else out.push(full);
  }
  return out;
}

function summarize(values: string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].map(([k, v]) => `${k}=${v}`).join(' ');
}

await api.close();
await setup.close();
await smtp.close();
if (mounted) {
  execFileSync('umount', [mediaDir]);
  mounted = false;
}
cluster.destroy();
finish();
