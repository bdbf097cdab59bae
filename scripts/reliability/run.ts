// `npm run test:reliability`: the heavy reliability checks of issue 11 (crash, faults, load,
// injection). Figures are printed, never asserted by wall-clock tests; the last line is the
// totals `N passed, N failed`, like `npm test`.
//
// ## How to add a check (README)
// - One file per check in scripts/reliability/checks/NN-name.ts (NN = the check number:
//   11-postgres-crash.ts, 12-pglite-crash.ts, 13-dependency-faults.ts, 14-load.ts, 15-sqlmap.ts).
//   Files run one after another in name order, each in its OWN Node process (`node <file>`), so a
//   check may kill children, start servers or leave handles open without hurting the others.
// - Inside a file, use scripts/reliability/lib/report.ts:
//     import { check, figure, finish } from '../lib/report.ts';
//     await check('postgres crash: 0 acknowledged writes lost', async () => { ...; throw on failure });
//     figure('recovery after restart', 812, 'ms');   // printed as `FIGURE <label>: <value> <unit>`
//     finish();                                      // sets the exit code from the results
//   `check` prints `PASS <name>` or `FAIL <name>: <reason>`; the runner counts these lines.
//   A file that exits non-zero without printing any FAIL line counts as one failure; a file
//   that prints nothing and exits 0 counts as one pass (named after the file).
// - Ports: a check that starts servers takes a free port from `freePort()` (lib/report.ts) or
//   port 0, never a fixed one. The shared PostgreSQL at 5432 is never stopped or signalled:
//   crash checks run their own private cluster (lib/pg-cluster.ts).
// - Each file gets RELIABILITY_TIMEOUT_MS (default 600000 = 10 min); past it the runner kills
//   the file's process group and counts a failure.
//
// Usage:  npm run test:reliability [-- --only 11,13] [-- --skip 15]
//         Extra environment knobs are documented at the top of each check file.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { exitAfterOutput } from './lib/report.ts';

const root = join(import.meta.dirname, '..', '..');
const checksDir = join(import.meta.dirname, 'checks');
const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const list = (value: string | undefined) => new Set((value ?? '').split(',').filter(Boolean));
const only = list(flag('only'));
const skip = list(flag('skip'));
const timeoutMs = Number(process.env.RELIABILITY_TIMEOUT_MS ?? 600_000);

const files = readdirSync(checksDir)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .sort()
  .filter((f) => {
    const key = f.split('-')[0] ?? f;
    if (only.size > 0 && !only.has(key) && !only.has(f)) return false;
    return !skip.has(key) && !skip.has(f);
  });

interface Outcome {
  file: string;
  passed: string[];
  failed: string[];
  figures: string[];
  seconds: number;
}

function runFile(file: string): Promise<Outcome> {
  const started = performance.now();
  const outcome: Outcome = { file, passed: [], failed: [], figures: [], seconds: 0 };
  return new Promise((resolve) => {
    console.log(`\n=== ${file}`);
    const child = spawn(process.execPath, [join(checksDir, file)], {
      cwd: root,
      env: process.env,
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true, // own process group: a timeout kills the check and everything it started
    });
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      buffered += chunk.toString('utf8');
      let nl = buffered.indexOf('\n');
      while (nl >= 0) {
        const line = buffered.slice(0, nl);
        buffered = buffered.slice(nl + 1);
        if (line.startsWith('PASS ')) outcome.passed.push(line.slice(5));
        else if (line.startsWith('FAIL ')) outcome.failed.push(line.slice(5));
        else if (line.startsWith('FIGURE ')) outcome.figures.push(line.slice(7));
        nl = buffered.indexOf('\n');
      }
    });
    const timer = setTimeout(() => {
      outcome.failed.push(`${file}: timed out after ${timeoutMs} ms`);
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {}
    }, timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code !== 0 && outcome.failed.length === 0)
        outcome.failed.push(`${file}: exited with ${code ?? signal}`);
      if (code === 0 && outcome.passed.length === 0 && outcome.failed.length === 0) outcome.passed.push(file);
      outcome.seconds = (performance.now() - started) / 1000;
      resolve(outcome);
    });
  });
}

const startedAll = performance.now();
const outcomes: Outcome[] = [];
for (const file of files) outcomes.push(await runFile(file));

console.log('\n=== Reliability summary');
for (const o of outcomes) {
  console.log(`${o.file} (${o.seconds.toFixed(1)} s)`);
  for (const f of o.figures) console.log(`  ${f}`);
  for (const p of o.passed) console.log(`  PASS ${p}`);
  for (const f of o.failed) console.log(`  FAIL ${f}`);
}
const passed = outcomes.reduce((n, o) => n + o.passed.length, 0);
const failed = outcomes.reduce((n, o) => n + o.failed.length, 0);
console.log(`Total time ${((performance.now() - startedAll) / 1000).toFixed(1)} s`);
console.log(`\n${passed} passed, ${failed} failed`);
exitAfterOutput(failed > 0 || outcomes.length === 0 ? 1 : 0);
