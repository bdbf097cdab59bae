// The API alone, started the way scripts/start.ts starts it (migrate, seed the demo data on the
// first start, listen), for checks that need no web pages (15, sqlmap): no web build needed.
// Prints "Estately is running." when it listens, as start.ts does; lib/load-stack.ts waits for it.
import { createDatabase, migrate } from '@estately/db';
import { isSeeded, seed } from '@estately/db/seed';
import { loadConfig } from '../../../apps/api/src/config.ts';
import { mediaStorage } from '../../../apps/api/src/plugins/app/media.ts';
import { pgliteDir, startApi } from '../../../apps/api/src/server.ts';

const config = loadConfig(process.env);
let db = await createDatabase({
  url: config.databaseUrl,
  readUrl: config.databaseReadUrl,
  dataDir: pgliteDir(config),
});
await migrate(db);
if (!(await isSeeded(db))) {
  const result = await seed({
    handle: db,
    storage: mediaStorage(config),
    offers: Number(process.env.SEED_OFFERS ?? 3000),
  });
  console.log(`Seeded ${result.activeOffers} active offers in ${(result.elapsedMs / 1000).toFixed(1)} s.`);
}
// Served with PGlite on a thread of its own, as start.ts does (decision 024).
if (db.kind === 'pglite' && process.env.PGLITE_THREAD !== 'main') {
  await db.close();
  db = await createDatabase({ dataDir: pgliteDir(config), pgliteThread: 'worker' });
}
const api = await startApi({ config, db });
console.log(`Estately is running. API: ${api.url}`);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  setTimeout(() => process.exit(1), 10_000).unref();
  api
    .close()
    .then(() => db.close())
    .then(
      () => process.exit(0),
      () => process.exit(1),
    );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
