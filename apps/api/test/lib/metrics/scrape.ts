// Reads the Prometheus text format back for the metrics tests.

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Every sample line of a scrape. */
export function parseScrape(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const label of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      labels[label[1]!] = label[2]!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the sample `name` whose labels include `labels`, or undefined when there is none. */
export function sampleValue(samples: readonly Sample[], name: string, labels: Record<string, string> = {}) {
  return samples.find(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  )?.value;
}
