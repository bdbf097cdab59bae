// `npm start`: the whole product on the embedded defaults, in one command.
//
// Migrates the database (PGlite under DATA_DIR unless DATABASE_URL is set), seeds demo data
// on the first start, builds the web app if it has no build yet, then starts the API
// (API_PORT, default 3001) and the web server (WEB_PORT, default 3000) and prints both URLs
// with the demo credentials. A second start reuses the data.
//
// The API, its jobs, the seed and the database are in this process because PGlite is
// in-process: they share one handle (docs/decisions/001-pglite-embedded-default.md). The web
// server only calls the API over HTTP, so it runs in a child process of its own
// (apps/web/server/server.ts, forked): page rendering gets the second core instead of competing with
// the API for this one (docs/decisions/023-web-server-process-and-render-limit.md). Ctrl+C or
// SIGTERM stops both; the child also stops if this process dies, and is started again if it
// crashes. WEB_PROCESS=inline runs the web server in this process as before.
//
// Without JWT_SECRETS and INTERNAL_API_TOKEN the first start generates both into
// DATA_DIR/secrets.json (0600) and later starts reuse them (apps/api/src/local-secrets.ts).
// Without SMTP_URL each e-mail is printed here; `npm run dev` (--dev) also serves the dev mailbox
// to requests from this machine (DEV_MAILBOX, decision 013).
import { type ChildProcess, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createDatabase, migrate } from '@estately/db';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isSeeded, seed } from '@estately/db/seed';
import { ConfigError } from '../apps/api/src/config.ts';
import { LOCAL_SECRETS_FILE, loadLocalConfig } from '../apps/api/src/local-secrets.ts';
import { mediaStorage } from '../apps/api/src/plugins/app/media.ts';
import { SHUTDOWN_FORCE_EXIT_MS } from '../apps/api/src/plugins/app/upload-drain.ts';
import { pgliteDir, startApi } from '../apps/api/src/server.ts';
import { forkWeb, stopWeb } from './web-process.ts';

const root = join(import.meta.dirname, '..');
const FIRST_RUN_OFFERS = Number(process.env.SEED_OFFERS ?? 3000);

async function main(): Promise<void> {
  // `npm run dev`: the dev mailbox page too (loopback requests only), unless DEV_MAILBOX says.
  if (process.argv.includes('--dev')) process.env.DEV_MAILBOX ||= 'on';
  let config: ReturnType<typeof loadLocalConfig>;
  try {
    config = loadLocalConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // The API believes the visitor the web server names only beside this shared secret
  // (docs/decisions/041): the forked web server gets the data folder's (or the environment's).
  if (config.internalApiToken) process.env.INTERNAL_API_TOKEN ||= config.internalApiToken;

  if (!existsSync(join(root, 'apps/web/build/server/index.js'))) {
    console.log('Building the web app (first start)...');
    const build = spawnSync('npm', ['run', 'build', '--workspace', '@estately/web'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }

  let db = await createDatabase({
    url: config.databaseUrl,
    readUrl: config.databaseReadUrl,
    dataDir: pgliteDir(config),
  });
  await migrate(db);

  if (!(await isSeeded(db))) {
    console.log(`First start: seeding ${FIRST_RUN_OFFERS} demo offers...`);
    const result = await seed({
      handle: db,
      // The demo photos go where the API reads them: the local folder, or the S3_URL bucket.
      storage: mediaStorage(config),
      offers: FIRST_RUN_OFFERS,
    });
    console.log(`Seeded ${result.activeOffers} active offers in ${(result.elapsedMs / 1000).toFixed(1)} s.`);
  }

  // Serving runs PGlite on a thread of its own (decision 024); migrations and the seed above
  // needed the PGlite object itself. PGLITE_THREAD=main keeps it on this thread.
  if (db.kind === 'pglite' && process.env.PGLITE_THREAD !== 'main') {
    await db.close();
    db = await createDatabase({ dataDir: pgliteDir(config), pgliteThread: 'worker' });
  }

  const api = await startApi({ config, db });
  let web: { port: number; close(): Promise<void> };
  try {
    web =
      process.env.WEB_PROCESS === 'inline'
        ? await startWebInline(api.url, config.publicApiUrl)
        : await startWebProcess(api.url, config.publicApiUrl);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    await api.close().catch(() => {});
    await db.close().catch(() => {});
    process.exit(1);
  }

  console.log(`
Estately is running.
  Web:  http://localhost:${web.port}
  API:  ${config.publicApiUrl}  (OpenAPI docs at ${config.publicApiUrl}/docs)
${mailLine(config)}${config.jwt.source === 'data-folder' ? `  Keys: ${join(config.dataDir, LOCAL_SECRETS_FILE)}  (generated on the first start; JWT_SECRETS replaces them)\n` : ''}Demo accounts (password ${DEMO_PASSWORD}):
${Object.entries(DEMO_ACCOUNTS)
  .map(([role, email]) => `  ${role.padEnd(8)} ${email}`)
  .join('\n')}
Press Ctrl+C to stop.`);

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    // Long enough for an upload under way to be answered (the API's close waits for it).
    const force = setTimeout(() => process.exit(1), SHUTDOWN_FORCE_EXIT_MS);
    force.unref();
    Promise.allSettled([web.close(), api.close()])
      .then(() => db.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/** Where the banner says e-mail goes. */
function mailLine(config: ReturnType<typeof loadLocalConfig>): string {
  if (config.smtpUrl) return '';
  if (config.devMailbox)
    return `  Mail: ${config.publicApiUrl}/dev/mailbox  (no SMTP_URL; DEV_MAILBOX: for requests from this machine only)\n`;
  return "  Mail: printed here  (no SMTP_URL: each e-mail's subject, recipient and links)\n";
}

/** The web server in this process (WEB_PROCESS=inline). */
async function startWebInline(apiUrl: string, publicApiUrl: string) {
  const { startWeb, WEB_DRAIN_MS } = await import('../apps/web/server/server.ts');
  const web = await startWeb({
    apiUrl,
    publicApiUrl,
    // Anonymous pages from the micro-cache (decision 021); WEB_PAGE_CACHE=off renders every one.
    pageCache: process.env.WEB_PAGE_CACHE === 'off' ? false : {},
  });
  // Answers under way (an upload the API is still decoding) finish before the server closes.
  return { port: web.port, close: () => web.close({ drainMs: WEB_DRAIN_MS }) };
}

/** A crashed web process is started again at most this often in a minute, then we give up. */
const WEB_RESTARTS_PER_MINUTE = 5;

/**
 * The web server as a child process (the default). Its environment is ours plus the API's
 * address, so WEB_PORT, PUBLIC_WEB_URL, WEB_PAGE_CACHE, WEB_RENDER_* and MAPTILER_* apply as set.
 */
async function startWebProcess(apiUrl: string, publicApiUrl: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, API_URL: apiUrl, PUBLIC_API_URL: publicApiUrl };
  let current = await forkWeb(env);
  // Later starts reuse the first port, so the printed address stays right with WEB_PORT=0.
  env.WEB_PORT = String(current.port);
  let closing = false;
  const restarts: number[] = [];
  const watch = (child: ChildProcess) => {
    child.once('exit', (code, signal) => {
      if (closing) return;
      const now = Date.now();
      restarts.push(now);
      while ((restarts[0] ?? now) < now - 60_000) restarts.shift();
      if (restarts.length > WEB_RESTARTS_PER_MINUTE) {
        console.error(`[start] the web server exited (${code ?? signal}) too often; stopping.`);
        process.kill(process.pid, 'SIGTERM');
        return;
      }
      console.error(`[start] the web server exited (${code ?? signal}); starting it again.`);
      forkWeb(env).then(
        (next) => {
          current = next;
          if (closing) next.child.kill('SIGTERM');
          else watch(next.child);
        },
        (error: unknown) => {
          console.error(`[start] ${error instanceof Error ? error.message : error}; stopping.`);
          process.kill(process.pid, 'SIGTERM');
        },
      );
    });
  };
  watch(current.child);
  return {
    port: current.port,
    close: async () => {
      closing = true;
      await stopWeb(current.child);
    },
  };
}

await main();
