// `npm run seed -- --offers N --seed S [--reset] [--photos P] [--method copy|insert]`:
// migrates, then fills the database (DATABASE_URL, else the embedded PGlite) with
// deterministic demo data and prints the counts, the timing and the demo credentials.
import { createDatabase } from '../client.ts';
import { migrate } from '../migrate.ts';
import { DatabaseNotEmptyError, DEMO_ACCOUNTS, DEMO_PASSWORD, isSeeded, seed } from '../seed/index.ts';
import { LocalMediaStorage } from '../storage/local-storage.ts';
import { cliArgs, positiveInt } from './args.ts';

const args = cliArgs();
if (args.help) {
  console.log(
    'Usage: npm run seed -- [--offers 3000] [--seed estately] [--photos N] [--reset] [--if-empty] [--method copy|insert] [--data-dir DIR] [--media-dir DIR]',
  );
  process.exit(0);
}
const offers = positiveInt(args.offers, 'offers', 3000);
const photos = args.photos === undefined ? undefined : positiveInt(args.photos, 'photos', 0);
const method = args.method === 'copy' || args.method === 'insert' ? args.method : undefined;

const handle = await createDatabase(args['data-dir'] ? { dataDir: args['data-dir'] } : {});
try {
  await migrate(handle);
  if (args['if-empty'] && (await isSeeded(handle))) {
    console.log('The database already holds data; nothing seeded.');
  } else {
    let lastLine = '';
    const result = await seed({
      handle,
      storage: new LocalMediaStorage({ root: args['media-dir'] ?? process.env.MEDIA_DIR }),
      offers,
      seed: args.seed ?? 'estately',
      ...(photos === undefined ? {} : { photos }),
      ...(method ? { method } : {}),
      reset: args.reset,
      onProgress: ({ phase, done, total }) => {
        const line = `${phase}: ${done}/${total}`;
        if (process.stdout.isTTY) process.stdout.write(`\r${line}   `);
        else if (done === total && line !== lastLine) console.log(line);
        lastLine = line;
      },
    });
    if (process.stdout.isTTY) process.stdout.write('\n');
    const seconds = result.elapsedMs / 1000;
    console.log(
      `Seeded ${handle.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} with ${offers} properties (${result.activeOffers} active offers) by ${result.method} in ${seconds.toFixed(1)} s (${Math.round(offers / seconds)} properties/s).`,
    );
    console.log(
      'Rows:',
      Object.entries(result.counts)
        .map(([t, n]) => `${t} ${n}`)
        .join(', '),
    );
    console.log(
      'Timings (ms):',
      Object.entries(result.timings)
        .map(([t, n]) => `${t} ${n}`)
        .join(', '),
    );
  }
  console.log(`Demo accounts (password "${DEMO_PASSWORD}"): ${Object.values(DEMO_ACCOUNTS).join(', ')}`);
} catch (error) {
  if (error instanceof DatabaseNotEmptyError) {
    console.error(`${error.message} Run with --reset, or --if-empty to skip.`);
    process.exitCode = 1;
  } else {
    throw error;
  }
} finally {
  await handle.close();
}
