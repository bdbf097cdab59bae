// Shared pieces of the `npm run bench` steps: a seeded random source (fixed query parameters
// run to run), bounded timing loops, percentiles, tables, and the results file each step
// writes for the final goals table (DESIGN 7: performance is measured by commands).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';

export const RESULTS_DIR = process.env.BENCH_RESULTS_DIR ?? '/tmp/estately-bench-results';

/** mulberry32: small, fast and deterministic; the same seed gives the same query parameters. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(random: () => number, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

export interface Timing {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  mean: number;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

export function summarize(samples: readonly number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = sorted.reduce((s, v) => s + v, 0) / Math.max(1, sorted.length);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    mean,
  };
}

export interface LoopLimits {
  /** Untimed runs first (plans cached, pages in memory). */
  warmup: number;
  /** Timed runs at most. */
  iterations: number;
  /** Stop timing after this many milliseconds (at least `minIterations` runs are made). */
  maxMs: number;
  minIterations: number;
}

export const DEFAULT_LIMITS: LoopLimits = { warmup: 5, iterations: 200, maxMs: 5_000, minIterations: 5 };

/**
 * Runs `run(i)` sequentially (one client): warm-up, then timed runs until the iteration or
 * time bound; every run gets the next parameter set (i).
 */
export async function timeSequential(
  run: (i: number) => Promise<unknown>,
  limits: LoopLimits = DEFAULT_LIMITS,
): Promise<Timing> {
  // Warm-up is bounded too: a query of a second must not spend the budget before timing.
  const warmupStarted = performance.now();
  for (let i = 0; i < limits.warmup && performance.now() - warmupStarted < limits.maxMs / 4; i++)
    await run(i);
  const samples: number[] = [];
  const started = performance.now();
  for (let i = 0; i < limits.iterations; i++) {
    const t0 = performance.now();
    await run(limits.warmup + i);
    samples.push(performance.now() - t0);
    if (samples.length >= limits.minIterations && performance.now() - started > limits.maxMs) break;
  }
  return summarize(samples);
}

export function ms(value: number): string {
  if (!Number.isFinite(value)) return '-';
  return value >= 100 ? value.toFixed(0) : value.toFixed(value >= 10 ? 1 : 2);
}

export function table(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => (r[c] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, c) => (c === 0 ? cell.padEnd(widths[c] ?? 0) : cell.padStart(widths[c] ?? 0)))
      .join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function loadLine(): string {
  return `load average ${loadavg()
    .map((v) => v.toFixed(2))
    .join(', ')}`;
}

/**
 * The speed of this machine's cores, to compare runs made on different machines: the best of
 * three runs of a fixed integer loop (10^8 steps), in milliseconds. The same code on the same
 * Node gives the same work, so a machine twice as slow prints twice the figure.
 */
export function cpuCalibrationMs(): number {
  const loop = (steps: number) => {
    let x = 0;
    for (let i = 0; i < steps; i++) x = (x * 31 + i) | 0;
    return x;
  };
  let best = Number.POSITIVE_INFINITY;
  let sink = 0;
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    sink ^= loop(100_000_000);
    best = Math.min(best, performance.now() - started);
  }
  // The result is used, so the loop cannot be left out.
  return sink === 0.5 ? -1 : best;
}

/**
 * What a page fault costs this machine, in microseconds: the time of writing one byte into each
 * 4 KiB page of 64 MiB of fresh buffers, over the page faults the process counted meanwhile. A
 * few tenths of a microsecond on most machines; tens on a virtual machine whose memory is
 * reclaimed behind it, where everything that touches new memory is slower than the calibration
 * loop says (docs/decisions/035-documents-below-the-large-object-size.md).
 */
export function pageFaultMicros(): number {
  const PAGE = 4096;
  const SIZE = 4 * 1024 * 1024;
  const faultsBefore = process.resourceUsage().minorPageFault;
  const started = performance.now();
  // Kept to the end, so that no buffer gets the memory of one freed before it.
  const kept: Buffer[] = [];
  for (let buffer = 0; buffer < 16; buffer++) {
    const bytes = Buffer.allocUnsafeSlow(SIZE);
    for (let at = 0; at < SIZE; at += PAGE) bytes[at] = 1;
    kept.push(bytes);
  }
  const micros = (performance.now() - started) * 1000;
  const faults = process.resourceUsage().minorPageFault - faultsBefore;
  return faults > 0 ? micros / faults : 0;
}

/**
 * The header line of a benchmark: when, the load, the calibration loop of this machine and what
 * a page fault costs it.
 */
export function startLine(command: string): string {
  return (
    `${command}: ${new Date().toISOString()}, ${loadLine()}, CPU calibration loop ` +
    `${cpuCalibrationMs().toFixed(0)} ms, page fault ${pageFaultMicros().toFixed(2)} µs`
  );
}

/** One figure a step measured, keyed for the goals table (e.g. `Q1.db.p50`). */
export type Figures = Record<string, number>;

export function writeFigures(step: string, figures: Figures): void {
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(join(RESULTS_DIR, `${step}.json`), JSON.stringify(figures, null, 2));
}

export function readFigures(step: string): Figures {
  try {
    return JSON.parse(readFileSync(join(RESULTS_DIR, `${step}.json`), 'utf8')) as Figures;
  } catch {
    return {};
  }
}

/** `--name value` flags of a step's command line. */
export function flag(name: string): string | undefined {
  const args = process.argv.slice(2);
  const index = args.indexOf(`--${name}`);
  if (index === -1) return undefined;
  const value = args[index + 1];
  return value === undefined || value.startsWith('--') ? '' : value;
}

/** The URL of database `name` on the server of `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
