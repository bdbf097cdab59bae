// The cluster's nginx, run for real (Debian's /usr/sbin/nginx) with the configuration the runner
// writes, in front of two recording upstreams per tier: they answer as told and keep what nginx
// sent them, which is what the balancer's rules are about (prefix, headers, retries, `down`).
// The /media/ location reads a real s3rver bucket.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { connect } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Nginx } from './nginx.ts';
import { PROXY_ADDRESS } from './ports.ts';
import { type ObjectStorage, startObjectStorage } from './s3.ts';
import { ensureCertificate } from './tls.ts';

// Ports of the loopback plan for a helper's own runs (29000 and up), away from the cluster's.
const PUBLIC_PORT = 29_300;
const INTERNAL_PORT = 29_301;
const S3_PORT = 29_313;

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  from: string;
}

interface Upstream {
  name: string;
  server: Server;
  port: number;
  seen: Seen[];
  /** The status it answers with. */
  status: number;
}

async function upstream(name: string): Promise<Upstream> {
  const up: Upstream = { name, server: createServer(), port: 0, seen: [], status: 200 };
  up.server.on('request', (req, res) => {
    req.resume();
    req.on('end', () => {
      const seen = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        from: req.socket.remoteAddress ?? '',
      };
      up.seen.push(seen);
      all.push(seen);
      res.writeHead(up.status, { 'content-type': 'text/plain', 'x-request-id': 'echoed-by-instance' });
      res.end(name);
    });
  });
  await new Promise<void>((resolve) => up.server.listen(0, '127.0.0.1', resolve));
  up.port = (up.server.address() as AddressInfo).port;
  return up;
}

const dir = mkdtempSync(path.join(tmpdir(), 'estately-cluster-nginx-'));
const certificate = ensureCertificate(dir);
const ca = readFileSync(certificate.certificatePath, 'utf8');
/** Every request any upstream got, in the order they came. */
const all: Seen[] = [];
let web: Upstream[];
let api: Upstream[];
let storage: ObjectStorage;
let nginx: Nginx;

/** One request over HTTP/2 with the cluster's certificate as the only trusted CA. */
function request(
  pathname: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const session = connect(`https://localhost:${PUBLIC_PORT}`, { ca });
    session.once('error', reject);
    const stream = session.request({
      ':method': options.method ?? 'GET',
      ':path': pathname,
      ...options.headers,
    });
    let body = '';
    let headers: Record<string, string | string[] | undefined> = {};
    stream.setEncoding('utf8');
    stream.on('response', (received) => {
      headers = received as Record<string, string | string[] | undefined>;
    });
    stream.on('data', (chunk: string) => {
      body += chunk;
    });
    stream.on('end', () => {
      session.close();
      resolve({ status: Number(headers[':status']), body, headers });
    });
    stream.on('error', reject);
    stream.end(options.body);
  });
}

function servers(ups: Upstream[], down: string[] = []) {
  return ups.map((up) => ({ port: up.port, down: down.includes(up.name) }));
}

beforeAll(async () => {
  web = [await upstream('web1'), await upstream('web2')];
  api = [await upstream('api1'), await upstream('api2')];
  storage = await startObjectStorage(dir, S3_PORT);
  nginx = new Nginx(dir, {
    publicPort: PUBLIC_PORT,
    internalApiPort: INTERNAL_PORT,
    certificatePath: certificate.certificatePath,
    keyPath: certificate.keyPath,
    web: servers(web),
    api: servers(api),
    mediaOrigin: storage.endpoint,
    bucket: storage.bucket,
  });
  await nginx.start();
});

afterAll(async () => {
  await nginx?.stop();
  await storage?.stop();
  for (const up of [...(web ?? []), ...(api ?? [])]) up.server.close();
  rmSync(dir, { recursive: true, force: true });
});

function reset(): void {
  all.length = 0;
  for (const up of [...web, ...api]) {
    up.seen.length = 0;
    up.status = 200;
  }
}

describe('the public listener', () => {
  it('serves HTTP/2 with the certificate made for localhost and sends pages to the web upstream', async () => {
    reset();
    const answer = await request('/en/search');
    expect(answer.status).toBe(200);
    expect(['web1', 'web2']).toContain(answer.body);
    expect(web.flatMap((up) => up.seen).map((seen) => seen.url)).toEqual(['/en/search']);
  });

  it('sends /api/ to the API upstream with the prefix taken off', async () => {
    reset();
    const answer = await request('/api/offers?limit=1');
    expect(['api1', 'api2']).toContain(answer.body);
    expect(api.flatMap((up) => up.seen).map((seen) => seen.url)).toEqual(['/offers?limit=1']);
  });

  it("replaces the client's request id with its own, passes the chain of addresses, and connects from the proxy address", async () => {
    reset();
    const answer = await request('/api/health', {
      headers: { 'x-request-id': 'forged-by-client', 'x-forwarded-for': '203.0.113.9' },
    });
    const [seen] = api.flatMap((up) => up.seen);
    expect(seen?.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
    // The visitor sees that id once: the instance's echo is not passed on.
    expect(answer.headers['x-request-id']).toBe(seen?.headers['x-request-id']);
    expect(seen?.headers['x-forwarded-for']).toBe('203.0.113.9, 127.0.0.1');
    expect(seen?.headers['x-forwarded-proto']).toBe('https');
    expect(seen?.from).toBe(PROXY_ADDRESS);
  });

  it('retries a GET that one instance failed (502) on the other, once', async () => {
    reset();
    const [first, second] = api as [Upstream, Upstream];
    first.status = 502;
    for (let i = 0; i < 4; i += 1) {
      const answer = await request('/api/offers');
      expect(answer.status).toBe(200);
      expect(answer.body).toBe('api2');
    }
    expect(second.seen).toHaveLength(4);
    // Passive detection: after a failure the instance is left alone for fail_timeout.
    expect(first.seen.length).toBeGreaterThanOrEqual(1);
    expect(first.seen.length).toBeLessThan(4);
  });

  it('tells when an instance answered through it (how a rolling restart knows nginx took it back)', async () => {
    reset();
    await new Promise((resolve) => setTimeout(resolve, 2_100)); // fail_timeout of the last test
    const [first, second] = api as [Upstream, Upstream];
    const marks = nginx.accessLogMarks();
    first.status = 502;
    // api1 answers 502 (nginx passes the GET to api2): that is no answer from api1.
    for (let i = 0; i < 2; i += 1) expect((await request('/api/offers')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300)); // the access log is written after the answer
    expect(nginx.answeredFrom(first.port, marks)).toBe(false);
    expect(nginx.answeredFrom(second.port, marks)).toBe(true);
    // Only what came after the marks counts.
    expect(nginx.answeredFrom(second.port, nginx.accessLogMarks())).toBe(false);
  });

  it('never retries a POST on the other instance', async () => {
    reset();
    for (const up of api) up.status = 502;
    await new Promise((resolve) => setTimeout(resolve, 2_100)); // fail_timeout of the last test
    const answer = await request('/api/leads', { method: 'POST', body: '{}' });
    expect(answer.status).toBe(502);
    expect(api.flatMap((up) => up.seen).filter((seen) => seen.method === 'POST')).toHaveLength(1);
  });

  it('takes an instance marked down out at the reload, and the old worker drains', async () => {
    reset();
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    await nginx.update(servers(web, ['web1']), servers(api));
    expect(await nginx.drained(10_000)).toBe(true);
    for (let i = 0; i < 6; i += 1) expect((await request('/')).body).toBe('web2');
    expect(web[0]?.seen).toHaveLength(0);
    // Both down: nginx gets them both, so its passive detection can find one that answers.
    await nginx.update(servers(web, ['web1', 'web2']), servers(api));
    const bodies = new Set<string>();
    for (let i = 0; i < 6; i += 1) bodies.add((await request('/')).body);
    expect(bodies).toEqual(new Set(['web1', 'web2']));
    await nginx.update(servers(web), servers(api));
  });

  it('serves photos from the bucket, read only, without listing it', async () => {
    const client = new AwsClient({ accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', service: 's3' });
    const put = await client.fetch(`${storage.endpoint}/${storage.bucket}/photos/a/card.webp`, {
      method: 'PUT',
      body: 'webp bytes',
      headers: { 'content-type': 'image/webp' },
    });
    expect(put.status).toBe(200);
    const photo = await request('/media/photos/a/card.webp');
    expect(photo.status).toBe(200);
    expect(photo.body).toBe('webp bytes');
    expect(photo.headers['content-type']).toBe('image/webp');
    expect((await request('/media/photos/a/card.webp', { method: 'DELETE' })).status).toBe(403);
    expect((await request('/media/')).status).toBe(404);
    expect((await request('/media/?list-type=2')).status).toBe(404);
    expect((await request('/media/photos/a/card.webp')).status).toBe(200);
  });

  it('keeps a photo once read, as a CDN does: the storage is not asked again', async () => {
    const client = new AwsClient({ accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', service: 's3' });
    const key = `${storage.bucket}/photos/b/card.webp`;
    await client.fetch(`${storage.endpoint}/${key}`, { method: 'PUT', body: 'kept bytes' });
    expect((await request('/media/photos/b/card.webp')).body).toBe('kept bytes');
    // Gone from the bucket, still served from nginx's copy.
    expect((await client.fetch(`${storage.endpoint}/${key}`, { method: 'DELETE' })).status).toBe(204);
    const again = await request('/media/photos/b/card.webp');
    expect(again.status).toBe(200);
    expect(again.body).toBe('kept bytes');
  });

  it("passes an instance's 503 on and keeps the instance in the balancer", async () => {
    reset();
    web[0]!.status = 503;
    const answers: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      const answer = await request('/busy');
      answers.push(`${answer.status} ${answer.body}`);
    }
    // Each 503 is web1's own answer, not retried on web2, and web1 keeps its turns.
    expect(answers.filter((a) => a === '503 web1').length).toBeGreaterThanOrEqual(3);
    expect(answers.filter((a) => a === '200 web2').length).toBeGreaterThanOrEqual(3);
    expect(web[1]!.seen.filter((seen) => seen.url === '/busy').length).toBe(
      answers.filter((a) => a === '200 web2').length,
    );
    web[0]!.status = 200;
  });
});

describe('the internal listener', () => {
  it("balances the API for the web servers, keeping the page's request id or making one", async () => {
    reset();
    const keep = await fetch(`http://127.0.0.1:${INTERNAL_PORT}/offers`, {
      headers: { 'x-request-id': 'page-request-1' },
    });
    expect(keep.status).toBe(200);
    await fetch(`http://127.0.0.1:${INTERNAL_PORT}/offers`);
    const seen = all;
    expect(seen.map((s) => s.url)).toEqual(['/offers', '/offers']);
    expect(seen[0]?.headers['x-request-id']).toBe('page-request-1');
    expect(seen[1]?.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
    expect(seen[0]?.from).toBe(PROXY_ADDRESS);
  });
});
