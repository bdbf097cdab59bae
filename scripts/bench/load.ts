// Load generator of the throughput measurements, run as its own process so it does not share
// the API's event loop: `node scripts/bench/load.ts '<json>'` with
// {url, paths, connections, seconds, rate?, acceptEncoding?}. Every request takes the next path of the list (varied
// parameters, fixed seed); prints one JSON line: requests/s and exact latency percentiles from
// every response time (autocannon's own summary has no p95).
// Without `rate`, autocannon keeps `connections` requests in flight (closed loop: as many pages as
// the server can answer). With `rate`, requests are sent at that many a second, evenly spaced,
// whether or not earlier ones were answered (open loop, as visitors arrive), on at most
// `connections` kept-alive sockets, and each time is from the moment a request was due to its
// response headers: the time to first byte a visitor sees at that rate, a queue's wait included.
// (autocannon's own rate limit sends each second's quota in a burst at the start of the second,
// so its latencies are those of a saturated server.)
import { Agent, request } from 'node:http';
import { createRequire } from 'node:module';

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
const headers = options.acceptEncoding ? { 'accept-encoding': options.acceptEncoding } : {};
let next = 0;
const times: number[] = [];
let statusErrors = 0;

/** Sends `rate` requests a second for `seconds`; resolves with the failed requests' count. */
async function paced(rate: number): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const interval = 1000 / rate;
  const total = Math.round(rate * options.seconds);
  const start = performance.now();
  let failed = 0;
  const pending: Promise<void>[] = [];
  const send = (due: number) =>
    new Promise<void>((resolve) => {
      const path = options.paths[next % options.paths.length];
      next++;
      const req = request(new URL(path ?? '/', options.url), { agent, headers }, (response) => {
        times.push(performance.now() - due);
        if ((response.statusCode ?? 0) >= 400) statusErrors++;
        response.resume();
        response.on('end', resolve);
        response.on('error', () => resolve());
      });
      req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        failed++;
        resolve();
      });
      req.end();
    });
  for (let sent = 0; sent < total; ) {
    // Every request due by now goes out; then wait for the next one's moment.
    const now = performance.now();
    while (sent < total && start + sent * interval <= now) {
      pending.push(send(start + sent * interval));
      sent++;
    }
    const wait = start + sent * interval - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  await Promise.all(pending);
  agent.destroy();
  return failed;
}

if (options.rate) {
  const start = performance.now();
  const failed = await paced(options.rate);
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
