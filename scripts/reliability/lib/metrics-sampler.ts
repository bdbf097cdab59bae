// Counters read from the instances' /metrics listeners (the Prometheus text format), for the
// cluster check (checks/17-cluster-load.ts). A counter starts again at 0 when its process
// restarts (kill -9, a rolling restart), so increases are summed scrape by scrape, a fall being
// taken as a restart from 0, as Prometheus's increase() does.

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a text exposition (comments and malformed lines skipped). */
export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})?\s+(\S+)(\s+\d+)?$/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const pair of (match[3] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
      labels[pair[1] as string] = (pair[2] as string).replace(/\\(.)/g, (_, c: string) =>
        c === 'n' ? '\n' : c,
      );
    const value = Number(match[4] === '+Inf' ? Number.POSITIVE_INFINITY : match[4]);
    if (!Number.isNaN(value)) samples.push({ name: match[1] as string, labels, value });
  }
  return samples;
}

export const seriesKey = (s: Sample): string =>
  `${s.name}{${Object.entries(s.labels)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
    .join(',')}}`;

/** GET `url` (a /metrics listener): its samples, or null when it does not answer. */
export async function scrape(url: string, timeoutMs = 3_000): Promise<Sample[] | null> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) return null;
    return parseMetrics(await response.text());
  } catch {
    return null;
  }
}

/**
 * The increase of every counter series of some targets over a stretch of time: scraped every
 * `intervalMs` (and once more at stop), each target's series followed on its own, a value
 * lower than the last one read as a restart (the new value is all increase).
 */
export class CounterSampler {
  readonly #targets: Record<string, string>;
  readonly #last = new Map<string, number>();
  readonly #increase = new Map<string, { target: string; sample: Sample; increase: number }>();
  #timer: NodeJS.Timeout | undefined;
  #pending: Promise<void> = Promise.resolve();
  scrapes = 0;
  missed = 0;

  /** `targets`: a name (api1) for each /metrics URL. */
  constructor(targets: Record<string, string>) {
    this.#targets = targets;
  }

  /** Reads every target once (the baseline), then every `intervalMs`. */
  async start(intervalMs = 5_000): Promise<void> {
    await this.sample(true);
    this.#timer = setInterval(() => {
      this.#pending = this.#pending.then(() => this.sample(false));
    }, intervalMs);
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.#pending;
    await this.sample(false);
  }

  /** Adds one reading of every target; the first reading of a series only sets its baseline. */
  async sample(baseline: boolean): Promise<void> {
    await Promise.all(
      Object.entries(this.#targets).map(async ([target, url]) => {
        const samples = await scrape(url);
        if (!samples) {
          this.missed += 1;
          return;
        }
        this.scrapes += 1;
        this.add(target, samples, baseline);
      }),
    );
  }

  /** Folds one reading of `target` in (exposed for tests). */
  add(target: string, samples: Sample[], baseline: boolean): void {
    for (const sample of samples) {
      if (!sample.name.endsWith('_total') && !sample.name.endsWith('_count')) continue;
      const key = `${target} ${seriesKey(sample)}`;
      const last = this.#last.get(key);
      this.#last.set(key, sample.value);
      // A series first seen after the baseline was born after it (a new label, a restarted
      // process's first reading): all of it is increase.
      const increase =
        last === undefined
          ? baseline
            ? 0
            : sample.value
          : sample.value >= last
            ? sample.value - last
            : sample.value;
      const entry = this.#increase.get(key) ?? { target, sample, increase: 0 };
      entry.increase += increase;
      this.#increase.set(key, entry);
    }
  }

  /** The summed increase of the series `pick` selects (of every target, or of one). */
  total(pick: (sample: Sample) => boolean, target?: string): number {
    let sum = 0;
    for (const entry of this.#increase.values())
      if ((target === undefined || entry.target === target) && pick(entry.sample)) sum += entry.increase;
    return sum;
  }

  /** The names of every counter seen (for a report when an expected one is missing). */
  names(): string[] {
    return [...new Set([...this.#increase.values()].map((e) => e.sample.name))].sort();
  }
}
