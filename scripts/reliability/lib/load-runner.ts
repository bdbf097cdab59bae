// Load generator of check 14, run as its own process so it never shares an event loop with
// the server or the check: `node scripts/reliability/lib/load-runner.ts '<json>'` with
// {url, connections, seconds, requests: [{kind, method?, path, headers?, body?}]}.
// Every request takes the next entry of the list (varied filters, fixed order), so one run can
// mix kinds (search and detail) and still report each kind's latency. Prints one JSON line
// (LoadFigures): exact percentiles from every response time, errors, timeouts, non-2xx.
import { createRequire } from 'node:module';

export interface LoadRequest {
  kind: string;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadOptions {
  url: string;
  connections: number;
  seconds: number;
  requests: LoadRequest[];
  /** Seconds before an unanswered request counts as a timeout (autocannon default 10). */
  timeout?: number;
}

export interface KindFigures {
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  non2xx: number;
  statuses: Record<string, number>;
}

export interface LoadFigures {
  connections: number;
  seconds: number;
  requests: number;
  rps: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  kinds: Record<string, KindFigures>;
}

interface AutocannonResult {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

interface AutocannonClient {
  getRequestBuffer(): Buffer;
}

type Autocannon = (
  options: Record<string, unknown>,
  done: (error: Error | null, result: AutocannonResult) => void,
) => {
  on(
    event: 'response',
    listener: (client: AutocannonClient, status: number, bytes: number, ms: number) => void,
  ): void;
};

function percentile(sorted: number[], p: number): number {
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN
  );
}

function summary(times: number[]): { p50: number; p95: number; p99: number; max: number } {
  const sorted = times.toSorted((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

export async function runLoad(options: LoadOptions): Promise<LoadFigures> {
  const require = createRequire(import.meta.url);
  const autocannon = require('autocannon') as Autocannon;
  // The request line identifies the kind of an answered request: with one request in flight
  // per connection, the client's current request buffer is the one just answered.
  const kindOf = new Map<string, string>();
  for (const r of options.requests) kindOf.set(`${r.method ?? 'GET'} ${r.path}`, r.kind);
  const times: number[] = [];
  const perKind = new Map<string, { times: number[]; non2xx: number; statuses: Record<string, number> }>();
  for (const r of options.requests)
    if (!perKind.has(r.kind)) perKind.set(r.kind, { times: [], non2xx: 0, statuses: {} });
  let next = 0;

  const result = await new Promise<AutocannonResult>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: options.seconds,
        timeout: options.timeout ?? 10,
        pipelining: 1,
        requests: [
          {
            setupRequest: (request: Record<string, unknown>) => {
              const r = options.requests[next % options.requests.length] as LoadRequest;
              next++;
              return {
                ...request,
                method: r.method ?? 'GET',
                path: r.path,
                headers: { accept: '*/*', ...(r.headers ?? {}) },
                body: r.body,
              };
            },
          },
        ],
      },
      (error, value) => (error ? reject(error) : resolve(value)),
    );
    instance.on('response', (client, status, _bytes, ms) => {
      times.push(ms);
      const buffer = client.getRequestBuffer();
      const line = buffer.subarray(0, buffer.indexOf(' HTTP/1.1')).toString('latin1');
      const entry = perKind.get(kindOf.get(line) ?? '') ?? perKind.values().next().value;
      if (!entry) return;
      entry.times.push(ms);
      entry.statuses[status] = (entry.statuses[status] ?? 0) + 1;
      if (status < 200 || status > 299) entry.non2xx++;
    });
  });

  const kinds: Record<string, KindFigures> = {};
  for (const [kind, entry] of perKind) {
    kinds[kind] = {
      requests: entry.times.length,
      ...summary(entry.times),
      non2xx: entry.non2xx,
      statuses: entry.statuses,
    };
  }
  return {
    connections: options.connections,
    seconds: result.duration,
    requests: times.length,
    rps: times.length / result.duration,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    ...summary(times),
    kinds,
  };
}

if (process.argv[1] === import.meta.filename) {
  const options = JSON.parse(process.argv[2] ?? '{}') as LoadOptions;
  console.log(JSON.stringify(await runLoad(options)));
}
