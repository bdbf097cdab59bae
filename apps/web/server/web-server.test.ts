// The production server's answers in the load balancer's topology: the request id (kept from the
// trusted proxy only, sent to the API, in the log lines), X-Forwarded-Proto, liveness and
// readiness, the metrics listener and the access log. Runs the built app (CI builds before it
// tests); the API is a peer that records what the web server sends it.

import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebLogger } from '../app/web-log.server.ts';
import { type RunningWeb, startWeb } from './server.ts';

const NGINX_ID = '0f1e2d3c4b5a69788796a5b4c3d2e1f0';
const PERSON_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface RecordingApi {
  url: string;
  seen: { path: string; headers: IncomingHttpHeaders }[];
  /** What /health/live answers. */
  liveStatus: number;
  server: Server;
}

/** The API's side of the calls: liveness answers `liveStatus`, anything else 404. */
async function recordingApi(): Promise<RecordingApi> {
  const api: RecordingApi = { url: '', seen: [], liveStatus: 200, server: createServer() };
  api.server.on('request', (req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    api.seen.push({ path, headers: req.headers });
    const status = path === '/health/live' ? api.liveStatus : 404;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(status === 200 ? '{"status":"ok"}' : '{"error":"not_found"}');
  });
  await new Promise<void>((resolve) => api.server.listen(0, '127.0.0.1', resolve));
  api.url = `http://127.0.0.1:${(api.server.address() as AddressInfo).port}`;
  return api;
}

/** A log that keeps its JSON lines. */
function capturedLog() {
  const stream = new PassThrough();
  const lines: Record<string, unknown>[] = [];
  stream.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line));
  });
  return { log: createWebLogger(stream), lines };
}

let api: RecordingApi;
let direct: RunningWeb;
let behindProxy: RunningWeb;
let directLog: ReturnType<typeof capturedLog>;
let proxyLog: ReturnType<typeof capturedLog>;

beforeAll(async () => {
  api = await recordingApi();
  directLog = capturedLog();
  proxyLog = capturedLog();
  // No trusted proxy: every caller is a visitor.
  direct = await startWeb({
    port: 0,
    host: '127.0.0.1',
    apiUrl: api.url,
    env: { METRICS_PORT: '0', WEB_ACCESS_LOG: 'on' },
    log: directLog.log,
  });
  // Behind nginx on this very address (the topology's proxy_bind).
  behindProxy = await startWeb({
    port: 0,
    host: '127.0.0.1',
    apiUrl: api.url,
    env: { WEB_TRUST_PROXY: '127.0.0.1', WEB_ACCESS_LOG: 'on' },
    log: proxyLog.log,
  });
}, 60_000);

afterAll(async () => {
  await direct?.close();
  await behindProxy?.close();
  api?.server.close();
});

describe('request id', () => {
  it('replaces a forged id from an untrusted peer, and echoes the one it uses', async () => {
    const response = await fetch(`${direct.url}/health`, { headers: { 'X-Request-Id': NGINX_ID } });
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(UUID);
    expect(id).not.toBe(NGINX_ID);
  });

  it("keeps a trusted proxy's id, unless it is not a safe token", async () => {
    const kept = await fetch(`${behindProxy.url}/health`, { headers: { 'X-Request-Id': NGINX_ID } });
    expect(kept.headers.get('x-request-id')).toBe(NGINX_ID);
    const unsafe = await fetch(`${behindProxy.url}/health`, { headers: { 'X-Request-Id': 'a"b' } });
    expect(unsafe.headers.get('x-request-id')).toMatch(UUID);
    const none = await fetch(`${behindProxy.url}/health`);
    expect(none.headers.get('x-request-id')).toMatch(UUID);
  });

  it("goes to the API with every call of the render and into the request's log lines", async () => {
    const before = api.seen.length;
    const response = await fetch(`${behindProxy.url}/en/no-such-page-at-all?q=personal`, {
      headers: { 'X-Request-Id': 'trace-of-one-page-1' },
    });
    await response.arrayBuffer();
    expect(response.status).toBe(404);
    expect(response.headers.get('x-request-id')).toBe('trace-of-one-page-1');
    const calls = api.seen.slice(before).filter((call) => call.path !== '/health/live');
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(call.headers['x-request-id']).toBe('trace-of-one-page-1');
    // The access line: the path without its query, the status, the time, the id.
    await expect
      .poll(() =>
        proxyLog.lines.find((line) => line.reqId === 'trace-of-one-page-1' && line.msg === 'request'),
      )
      .toMatchObject({ method: 'GET', path: '/en/no-such-page-at-all', status: 404, level: 30 });
    const line = proxyLog.lines.find((l) => l.reqId === 'trace-of-one-page-1' && l.msg === 'request');
    expect(typeof line?.ms).toBe('number');
    expect(typeof line?.time).toBe('number');
    expect(JSON.stringify(proxyLog.lines)).not.toContain('personal');
    // The balancer's health probes are not logged line by line.
    expect(proxyLog.lines.some((l) => l.msg === 'request' && String(l.path).startsWith('/health'))).toBe(
      false,
    );
  });
});

describe('behind a TLS proxy', () => {
  it("believes X-Forwarded-Proto from the trusted proxy only: the page's URLs (and Secure cookies) follow", async () => {
    const forwarded = await fetch(`${behindProxy.url}/robots.txt`, {
      headers: { 'X-Forwarded-Proto': 'https' },
    });
    expect(await forwarded.text()).toMatch(/Sitemap: https:\/\/localhost:\d+\/sitemap\.xml/);
    const plainBehind = await fetch(`${behindProxy.url}/robots.txt`);
    expect(await plainBehind.text()).toMatch(/Sitemap: http:\/\//);
    // A visitor who writes the header itself is not believed.
    const claimed = await fetch(`${direct.url}/robots.txt`, { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(await claimed.text()).toMatch(/Sitemap: http:\/\//);
  });
});

describe('liveness and readiness', () => {
  it('/health/live answers 200; /health stays as it was', async () => {
    const live = await fetch(`${direct.url}/health/live`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
    const health = await fetch(`${direct.url}/health`);
    expect(await health.json()).toEqual({ status: 'ok' });
  });

  it('/health/ready is 200 while the API answers, 503 with the reason when it does not', async () => {
    api.liveStatus = 200;
    const ready = await fetch(`${direct.url}/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
    // The API's answer is kept about a second: probes in between do not reach it.
    const asked = api.seen.filter((call) => call.path === '/health/live').length;
    await fetch(`${direct.url}/health/ready`);
    await fetch(`${direct.url}/health/ready`);
    expect(api.seen.filter((call) => call.path === '/health/live').length).toBe(asked);

    api.liveStatus = 503;
    await expect
      .poll(
        async () => {
          const response = await fetch(`${direct.url}/health/ready`);
          return { status: response.status, body: await response.json() };
        },
        { timeout: 5_000 },
      )
      .toEqual({ status: 503, body: { status: 'not_ready', reasons: ['api answered 503'] } });
    api.liveStatus = 200;
  });

  it('is not ready when the API cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const orphan = await startWeb({
      port: 0,
      host: '127.0.0.1',
      apiUrl: `http://127.0.0.1:${port}`,
      env: {},
    });
    try {
      const response = await fetch(`${orphan.url}/health/ready`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: 'not_ready', reasons: ['api unreachable'] });
      // Alive all the same: nothing to restart.
      expect((await fetch(`${orphan.url}/health/live`)).status).toBe(200);
    } finally {
      await orphan.close();
    }
  });
});

describe('metrics listener', () => {
  it('is off unless METRICS_PORT is set', () => {
    expect(behindProxy.metricsUrl).toBeNull();
    expect(behindProxy.metrics).toBeNull();
    expect(direct.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
  });

  it('counts requests by kind, route and status, never by raw URL, with durations and the render queue', async () => {
    const asset = [...(await assetPaths(direct))][0];
    await (await fetch(`${direct.url}/health/live`)).arrayBuffer();
    await (await fetch(`${direct.url}${asset}`)).arrayBuffer();
    await (await fetch(`${direct.url}/en/another-missing-page-123`)).arrayBuffer();
    const response = await fetch(direct.metricsUrl as string);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toMatch(/web_http_requests_total\{kind="health",route="health",status="200"\} [1-9]/);
    expect(text).toMatch(/web_http_requests_total\{kind="static",route="static",status="200"\} [1-9]/);
    expect(text).toMatch(/web_http_requests_total\{kind="page",route="other",status="404"\} [1-9]/);
    expect(text).toMatch(/web_http_request_duration_seconds_bucket\{le="0\.005",kind="page",route="other"\}/);
    expect(text).toContain('web_render_in_flight 0');
    expect(text).toContain('web_render_waiting 0');
    expect(text).toContain('web_render_refused_total 0');
    expect(text).toContain('process_resident_memory_bytes');
    expect(text).not.toContain('another-missing-page');
    // Only /metrics is served there.
    const other = await fetch((direct.metricsUrl as string).replace('/metrics', '/'));
    expect(other.status).toBe(404);
  });
});

/** Paths of the build's client files, from the page's own links. */
async function assetPaths(web: RunningWeb): Promise<Set<string>> {
  const html = await (
    await fetch(`${web.url}/en/yet-another-missing-page`, { headers: { 'User-Agent': PERSON_UA } })
  ).text();
  return new Set([...html.matchAll(/(\/assets\/[\w.-]+\.(?:js|css))/g)].map((match) => match[1] as string));
}

describe('WEB_HOST', () => {
  it('binds the address it names only; without it every interface answers', async () => {
    const bound = await startWeb({ port: 0, apiUrl: api.url, env: { WEB_HOST: '127.0.0.1' } });
    const open = await startWeb({ port: 0, apiUrl: api.url, env: {} });
    try {
      expect((await fetch(`http://127.0.0.1:${bound.port}/health/live`)).status).toBe(200);
      // 127.0.0.2 is this machine too, on another address of the loopback range.
      await expect(fetch(`http://127.0.0.2:${bound.port}/health/live`)).rejects.toThrow();
      expect((await fetch(`http://127.0.0.2:${open.port}/health/live`)).status).toBe(200);
    } finally {
      await bound.close();
      await open.close();
    }
  });
});
