import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The reliability runner and each check print their results to a pipe and then exit. CI's run of
// 2026-12-07 lost the runner's last lines, its totals among them, because `process.exit()` drops
// what a pipe has not taken yet. `exitAfterOutput` waits for stdout first.

const folder = mkdtempSync(join(tmpdir(), 'estately-report-exit-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Runs a script that prints about 200 KB and a last line, then ends with `ending`. */
function printThenEnd(name: string, ending: string) {
  const file = join(folder, `${name}.ts`);
  const report = pathToFileURL(join(import.meta.dirname, 'report.ts')).href;
  writeFileSync(
    file,
    `import { exitAfterOutput } from ${JSON.stringify(report)};
void exitAfterOutput;
for (let i = 0; i < 3000; i++) console.log('FIGURE line ' + i + ': ' + 'x'.repeat(60));
console.log('3 passed, 0 failed');
${ending}
`,
  );
  return spawnSync(process.execPath, [file], {
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
}

describe('a reliability script ending after much output to a pipe', () => {
  it('loses its last lines with process.exit (what the runner did)', () => {
    const result = printThenEnd('exits-at-once', 'process.exit(3);');
    expect(result.status).toBe(3);
    expect(result.stdout.trimEnd().endsWith('3 passed, 0 failed')).toBe(false);
  });

  it('keeps every line with exitAfterOutput, and the exit code', () => {
    const result = printThenEnd('exits-after-output', 'exitAfterOutput(3);');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(3);
    expect(result.stdout.split('\n').filter((line) => line.startsWith('FIGURE line '))).toHaveLength(3000);
    expect(result.stdout.trimEnd().endsWith('3 passed, 0 failed')).toBe(true);
  });
});
