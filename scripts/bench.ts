// `npm run bench [-- --offers N]`: benchmarks that print figures (DESIGN 7: performance is
// measured by commands, never by timed tests). Runs against the PostgreSQL server of
// DATABASE_URL (default: the local server), in databases of its own.
//
//   seed   generate N offers (default 1,000,000) by COPY into a fresh database; prints the time
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const env = {
  ...process.env,
  DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
};
const args = process.argv.slice(2);

const steps: Array<{ name: string; script: string }> = [
  { name: 'seed', script: 'packages/db/src/cli/bench-seed.ts' },
];

let failed = false;
for (const step of steps) {
  console.log(`\n=== bench: ${step.name}`);
  const result = spawnSync(process.execPath, [join(root, step.script), ...args], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
