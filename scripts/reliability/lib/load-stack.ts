// The product as `npm start` runs it (scripts/start.ts: API and database in one process, the web
// server in a process it forks), started in a child process for the load and injection checks
// (14, 15), so the load generator and sqlmap never share its event loops.
//
// Data: the embedded demo data (PGlite in a fresh temporary DATA_DIR, seeded with SEED_OFFERS
// offers as on a first `npm start`), or PostgreSQL when RELIABILITY_DATABASE_URL is set: a
// database of its own (estately_reliability_<label>) is created on that server, seeded, and
// dropped afterwards. The production web build must exist (`npm run build`); start.ts builds it
// when it is missing.
//
// It runs as production (fresh JWT_SECRETS and INTERNAL_API_TOKEN, mail to a local SMTP peer
// that accepts everything), or with `asShipped` as a fresh `npm start` does: no NODE_ENV and
// none of those, so the product makes its own secrets in the data folder (issue 37).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, sleep } from './report.ts';
import { startSmtpPeer } from './smtp-peer.ts';

const root = join(import.meta.dirname, '..', '..', '..');

export interface StackOptions {
  /** Short name: the temporary folder and the PostgreSQL database are named after it. */
  label: string;
  /**
   * RATE_LIMIT_MAX of the API (requests per client address and minute; 0 turns it off), or
   * 'as shipped': left unset, so the product's default applies (check 16).
   */
  rateLimitMax: number | 'as shipped';
  /** The checkout whose scripts/start.ts runs (default this one): check 16 measures an older commit. */
  root?: string;
  /** Demo offers to seed (SEED_OFFERS); default RELIABILITY_SEED_OFFERS or 3000. */
  offers?: number;
  /** Start the web server too (scripts/start.ts; needs the web build). Default true. */
  web?: boolean;
  /** Further environment for the server (e.g. TRUST_PROXY). */
  env?: Record<string, string>;
  /**
   * The environment of a fresh `npm start` on a new machine: no NODE_ENV, JWT_SECRETS,
   * INTERNAL_API_TOKEN, SMTP_URL or DEV_MAILBOX (default false: production with its own).
   */
  asShipped?: boolean;
}

export interface Stack {
  apiUrl: string;
  webUrl: string;
  /** 'PGlite' or 'PostgreSQL'. */
  database: string;
  /** Seconds from spawn to "Estately is running" (migrate, seed, listen). */
  startSeconds: number;
  offers: number;
  /** Where the server's output is kept after close. */
  logPath: string;
  /** The server's process id (API and database; for CPU/RSS figures). */
  pid: number;
  /** The server's DATA_DIR (removed by close). */
  dataDir: string;
  /** What the server printed on stdout so far (the first 100,000 characters). */
  output(): string;
  close(): Promise<void>;
}

/** The server URL of RELIABILITY_DATABASE_URL with another database name. */
function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

export async function startStack(options: StackOptions): Promise<Stack> {
  const offers = options.offers ?? Number(process.env.RELIABILITY_SEED_OFFERS ?? 3000);
  const dataDir = mkdtempSync(join(tmpdir(), `estately-reliability-${options.label}-`));
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const serverUrl = process.env.RELIABILITY_DATABASE_URL;
  const database = `estately_reliability_${options.label.replaceAll(/\W/g, '_')}`;
  // Production must have a mail server (issue 37): one that takes every mail, closed with the stack.
  const smtp = options.asShipped ? undefined : await startSmtpPeer();
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: 'production',
    // A fresh signing key per run: production refuses the development key.
    JWT_SECRETS: `rel:${randomBytes(32).toString('base64url')}`,
    // The web tier's shared secret, required in production (decision 041); start.ts keeps it.
    INTERNAL_API_TOKEN: randomBytes(32).toString('base64url'),
    API_HOST: '127.0.0.1',
    API_PORT: String(apiPort),
    WEB_PORT: String(webPort),
    PUBLIC_API_URL: `http://127.0.0.1:${apiPort}`,
    PUBLIC_WEB_URL: `http://127.0.0.1:${webPort}`,
    WEB_ORIGIN: `http://127.0.0.1:${webPort}`,
    DATA_DIR: dataDir,
    SEED_OFFERS: String(offers),
    RATE_LIMIT_MAX: options.rateLimitMax === 'as shipped' ? undefined : String(options.rateLimitMax),
    // Request logs of a minute of load would cost the server more than the requests.
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  if (env.RATE_LIMIT_MAX === undefined) delete env.RATE_LIMIT_MAX;
  delete env.DATABASE_URL;
  delete env.DATABASE_READ_URL;
  delete env.REDIS_URL;
  delete env.SMTP_URL;
  delete env.S3_URL;
  if (smtp) env.SMTP_URL = smtp.url;
  if (options.asShipped) {
    for (const name of ['NODE_ENV', 'JWT_SECRETS', 'INTERNAL_API_TOKEN', 'DEV_MAILBOX']) {
      if (!options.env || !(name in options.env)) delete env[name];
    }
  }
  if (serverUrl) {
    await adminQuery(serverUrl, `drop database if exists ${database} with (force)`);
    await adminQuery(serverUrl, `create database ${database}`);
    env.DATABASE_URL = withDatabase(serverUrl, database);
  }

  const logPath = join(dataDir, 'server.log');
  const log = createWriteStream(logPath);
  const started = performance.now();
  const script =
    options.web === false
      ? join(import.meta.dirname, 'load-stack-api.ts')
      : join(options.root ?? root, 'scripts/start.ts');
  const child = spawn(process.execPath, [script], {
    cwd: options.root ?? root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    if (output.length < 100_000) output += chunk.toString('utf8');
  });

  // The server's output outlives the run (overwritten by the next one) for reading failures.
  const keptLog = join(tmpdir(), `estately-reliability-${options.label}-server.log`);
  const cleanUp = async () => {
    await new Promise<void>((resolve) => log.end(resolve));
    try {
      copyFileSync(logPath, keptLog);
    } catch {}
    if (serverUrl)
      await adminQuery(serverUrl, `drop database if exists ${database} with (force)`).catch(() => {});
    await smtp?.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      if (!(await waitForExit(child, 15_000))) {
        child.kill('SIGKILL');
        await waitForExit(child, 5_000);
      }
    }
    await cleanUp();
  };

  const limitMs = Number(process.env.RELIABILITY_START_TIMEOUT_MS ?? 240_000);
  while (!output.includes('Estately is running')) {
    if (child.exitCode !== null || child.signalCode !== null || performance.now() - started > limitMs) {
      const tail = readFileSync(logPath, 'utf8').split('\n').slice(-15).join('\n');
      await stop();
      throw new Error(
        `the server did not start (${child.exitCode ?? child.signalCode ?? 'timeout'}):\n${tail}`,
      );
    }
    await sleep(200);
  }
  const startSeconds = (performance.now() - started) / 1000;
  return {
    apiUrl: `http://127.0.0.1:${apiPort}`,
    webUrl: `http://127.0.0.1:${webPort}`,
    database: serverUrl ? `PostgreSQL (${database})` : 'PGlite',
    startSeconds,
    offers,
    pid: child.pid as number,
    dataDir,
    output: () => output,
    logPath: keptLog,
    close: stop,
  };
}
