// Load generator of the throughput measurements, run as its own process so it does not share
// the API's event loop: `node scripts/bench/load.ts '<json>'` with
// {url, paths, connections, seconds, rate?, acceptEncoding?}. Every request takes the next path of the list (varied
// parameters, fixed seed); prints one JSON line: requests/s and exact latency percentiles from
// every response time (autocannon's own summary has no p95).
// Without `rate`, autocannon keeps `connections` requests in flight (closed loop: as many pages as
// the server can answer). With `rate`, requests are sent at that many a second, evenly spaced,
// whether or not earlier ones were answered (open loop, as visitors arrive), on at most
// `connections` kept-alive sockets (paced-client.ts), and each time is from the moment a request
// was due to the first byte of its answer: the time to first byte a visitor sees at that rate, a
// queue's wait included.
// (autocannon's own rate limit sends each second's quota in a burst at the start of the second,
// so its latencies are those of a saturated server.)
import { createRequire } from 'node:module';
import { pacedLoad } from './paced-client.ts';

interface LoadOptions {
  url: string;
  paths: string[];
  connections: number;
  seconds: number;
  rate?: number;
  /** The requests' Accept-Encoding (a browser's, so pages are compressed as for visitors). */
  acceptEncoding?: string;
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
// CPU from here on: the load itself, not the process's start (module loading).
const cpuAtStart = process.cpuUsage();
const headers: Record<string, string> = options.acceptEncoding
  ? { 'accept-encoding': options.acceptEncoding }
  : {};
let next = 0;
const times: number[] = [];
let statusErrors = 0;

if (options.rate) {
  const start = performance.now();
  const failed = await pacedLoad({
    url: options.url,
    paths: options.paths,
    connections: options.connections,
    seconds: options.seconds,
    rate: options.rate,
    headers,
    onAnswer(status, ttfbMs) {
      times.push(ttfbMs);
      if (status >= 400) statusErrors++;
    },
  });
  const seconds = (performance.now() - start) / 1000;
  report({ requests: times.length, seconds, errors: failed });
  process.exit(0);
}

const result = await new Promise<AutocannonResult>((resolve, reject) => {
  const instance = autocannon(
    {
      url: options.url,
      connections: options.connections,
      duration: options.seconds,
      headers,
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

report({
  requests: result.requests.total,
  seconds: result.duration,
  errors: result.errors + result.timeouts,
});

function report(run: { requests: number; seconds: number; errors: number }): void {
  const usage = process.cpuUsage(cpuAtStart);
  times.sort((a, b) => a - b);
  const at = (p: number) =>
    times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)] ?? Number.NaN;
  console.log(
    JSON.stringify({
      requests: run.requests,
      seconds: run.seconds,
      rps: times.length / run.seconds,
      p50: at(50),
      p95: at(95),
      p99: at(99),
      errors: run.errors,
      non2xx: statusErrors,
      /** The load generator's own CPU time a request (it shares the machine's cores). */
      cpuMsPerRequest: (usage.user + usage.system) / 1000 / Math.max(1, times.length),
    }),
  );
}
