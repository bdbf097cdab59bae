// `npm start`: the whole product on the embedded defaults, in one process.
//
// Migrates the database (PGlite under DATA_DIR unless DATABASE_URL is set), seeds demo data
// on the first start, builds the web app if it has no build yet, then starts the API
// (API_PORT, default 3001) and the web server (WEB_PORT, default 3000) and prints both URLs
// with the demo credentials. A second start reuses the data.
//
// One process because PGlite is in-process: the API, its jobs and the seed share one handle
// (docs/decisions/001-pglite-embedded-default.md).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createDatabase, migrate } from '@estately/db';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isSeeded, seed } from '@estately/db/seed';
import { ConfigError, loadConfig } from '../apps/api/src/config.ts';
import { mediaStorage } from '../apps/api/src/plugins/app/media.ts';
import { pgliteDir, startApi } from '../apps/api/src/server.ts';

const root = join(import.meta.dirname, '..');
const FIRST_RUN_OFFERS = Number(process.env.SEED_OFFERS ?? 3000);

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  if (!existsSync(join(root, 'apps/web/build/server/index.js'))) {
    console.log('Building the web app (first start)...');
    const build = spawnSync('npm', ['run', 'build', '--workspace', '@estately/web'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }

  const db = await createDatabase({
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

  const api = await startApi({ config, db });
  const { startWeb } = await import('../apps/web/server.ts');
  const web = await startWeb({
    apiUrl: api.url,
    publicApiUrl: config.publicApiUrl,
    // Anonymous pages from the micro-cache (decision 021); WEB_PAGE_CACHE=off renders every one.
    pageCache: process.env.WEB_PAGE_CACHE === 'off' ? false : {},
  });

  console.log(`
Estately is running.
  Web:  http://localhost:${web.port}
  API:  ${config.publicApiUrl}  (OpenAPI docs at ${config.publicApiUrl}/docs)
${config.smtpUrl || config.isProduction ? '' : `  Mail: ${config.publicApiUrl}/dev/mailbox  (no SMTP_URL: e-mails are kept there)\n`}Demo accounts (password ${DEMO_PASSWORD}):
${Object.entries(DEMO_ACCOUNTS)
  .map(([role, email]) => `  ${role.padEnd(8)} ${email}`)
  .join('\n')}
Press Ctrl+C to stop.`);

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => process.exit(1), 10_000);
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

await main();
