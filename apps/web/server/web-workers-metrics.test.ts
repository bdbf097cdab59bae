// Several web workers on one port (WEB_WORKERS) serve one /metrics: the primary's, with the sum
// of every worker's figures. The built server runs as it does in production, in its own process.

import { type ChildProcess, fork } from 'node:child_process';
import { createServer, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SERVER = join(import.meta.dirname, 'server.ts');
const REQUESTS = 12;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A GET on a connection of its own, so the workers share the requests between them. */
function getOnNewConnection(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    }).on('error', reject);
  });
}

let child: ChildProcess;
let webUrl: string;
let metricsUrl: string;

beforeAll(async () => {
  const metricsPort = await freePort();
  metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  child = fork(SERVER, [], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      WEB_WORKERS: '2',
      WEB_PORT: '0',
      API_URL: `http://127.0.0.1:${await freePort()}`,
      METRICS_PORT: String(metricsPort),
      METRICS_HOST: '127.0.0.1',
      WEB_ACCESS_LOG: 'off',
      WEB_PAGE_CACHE: 'off',
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  webUrl = await new Promise<string>((resolve, reject) => {
    child.on('message', (message: { type?: string; url?: string }) => {
      if (message.type === 'web-listening' && message.url) resolve(message.url);
    });
    child.once('exit', (code) => reject(new Error(`the web server exited (${code})`)));
  });
}, 60_000);

afterAll(async () => {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}, 60_000);

describe('metrics of several workers', () => {
  it("the primary's listener shows the sum of the workers' counts", async () => {
    for (let i = 0; i < REQUESTS; i++) expect(await getOnNewConnection(`${webUrl}/health/live`)).toBe(200);
    const text = await (await fetch(metricsUrl)).text();
    const count = text.match(/^web_http_requests_total\{kind="health",route="health",status="200"\} (\d+)$/m);
    expect(Number(count?.[1])).toBe(REQUESTS);
    // Each worker counts itself once: both answered the primary.
    expect(text).toMatch(/^web_processes 2$/m);
    expect(text).toMatch(/^web_render_in_flight 0$/m);
  });
});
