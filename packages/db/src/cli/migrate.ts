// `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded
// PGlite folder (./data/pglite, or --data-dir).
import { createDatabase } from '../client.ts';
import { migrate } from '../migrate.ts';
import { cliArgs } from './args.ts';

const args = cliArgs();
const started = performance.now();
const handle = await createDatabase(args['data-dir'] ? { dataDir: args['data-dir'] } : {});
try {
  await migrate(handle);
  const rows = await handle.query<{ n: number }>(
    'select count(*)::int as n from drizzle.__drizzle_migrations',
  );
  console.log(
    `Migrated ${handle.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} database: ${rows[0]?.n ?? 0} migrations applied (${Math.round(performance.now() - started)} ms).`,
  );
} finally {
  await handle.close();
}
