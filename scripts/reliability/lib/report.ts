// Reporting helpers for the reliability checks (see the README at the top of ../run.ts).
// Lines starting with PASS, FAIL and FIGURE are read by the runner.
import { createServer } from 'node:net';

let failures = 0;

/** Runs one named check: prints `PASS <name>` or `FAIL <name>: <reason>`. Never throws. */
export async function check(name: string, fn: () => Promise<void> | void): Promise<boolean> {
  const started = performance.now();
  try {
    await fn();
    console.log(`PASS ${name} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    return true;
  } catch (error) {
    failures += 1;
    const reason = error instanceof Error ? error.message : String(error);
    console.log(`FAIL ${name}: ${reason.replaceAll('\n', ' | ')}`);
    if (error instanceof Error && error.stack && process.env.RELIABILITY_VERBOSE) console.error(error.stack);
    return false;
  }
}

/** Prints one measured figure: `FIGURE <label>: <value> <unit>`. */
export function figure(label: string, value: number | string, unit = ''): void {
  const shown =
    typeof value === 'number' ? (Number.isInteger(value) ? String(value) : value.toFixed(1)) : value;
  console.log(`FIGURE ${label}: ${shown}${unit ? ` ${unit}` : ''}`);
}

/** Throws with `message` unless `condition` holds. */
export function expect(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/**
 * Exits with `code` once everything written to stdout so far has been handed to the reader.
 * `process.exit()` right after writing to a pipe drops what is still queued: CI's run lost the
 * runner's totals line (and so counted one failure) once check 17 made the summary longer.
 */
export function exitAfterOutput(code: number): void {
  process.stdout.write('', () => process.exit(code));
}

/** Ends the check file: exit code 1 when any check failed. Call it last. */
export function finish(): void {
  exitAfterOutput(failures > 0 ? 1 : 0);
}

/** A free TCP port on 127.0.0.1 (asked from the kernel). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
