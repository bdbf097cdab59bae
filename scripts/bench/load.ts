// Load generator of the throughput measurements, run as its own process so it does not share
// the API's event loop: `node scripts/bench/load.ts '<json>'` with
// {url, paths, connections, seconds}. Every request takes the next path of the list (varied
// parameters, fixed seed); prints one JSON line: requests/s and exact latency percentiles from
// every response time (autocannon's own summary has no p95).
import { createRequire } from 'node:module';

interface LoadOptions {
  url: string;
  paths: string[];
  connections: number;
  seconds: number;
}

interface AutocannonResult {
  requests: { total: number; average: number };
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

type Autocannon = (
  options: Record<string, unknown>,
  done: (error: Error | null, result: AutocannonResult) => void,
) => {
  on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
};

const require = createRequire(import.meta.url);
const autocannon = require('autocannon') as Autocannon;

const options = JSON.parse(process.argv[2] ?? '{}') as LoadOptions;
let next = 0;
const times: number[] = [];
let statusErrors = 0;

const result = await new Promise<AutocannonResult>((resolve, reject) => {
  const instance = autocannon(
    {
      url: options.url,
      connections: options.connections,
      duration: options.seconds,
      requests: [
        {
          method: 'GET',
          setupRequest: (request: Record<string, unknown>) => {
            const path = options.paths[next % options.paths.length];
            next++;
            return { ...request, path };
          },
        },
      ],
    },
    (error, value) => (error ? reject(error) : resolve(value)),
  );
  instance.on('response', (_client, status, _bytes, responseTime) => {
    times.push(responseTime);
    if (status >= 400) statusErrors++;
  });
});

times.sort((a, b) => a - b);
const at = (p: number) =>
  times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)] ?? Number.NaN;
console.log(
  JSON.stringify({
    requests: result.requests.total,
    seconds: result.duration,
    rps: times.length / result.duration,
    p50: at(50),
    p95: at(95),
    p99: at(99),
    errors: result.errors + result.timeouts,
    non2xx: statusErrors,
  }),
);
