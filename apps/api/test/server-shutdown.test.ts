import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPglite, migrate, propertyMedia } from '@estately/db';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { SHUTDOWN_FORCE_EXIT_MS, UPLOAD_DRAIN_MS } from '../src/plugins/app/upload-drain.ts';
import { bearer } from './support/auth-helpers.ts';
import { insertOffer, insertOwner } from './support/helpers.ts';
import { multipart } from './support/multipart.ts';

// Issue 37 point 8: `node apps/api/src/server.ts` receives SIGTERM while a photo upload is under
// way. The upload is answered (it used to be cut when the process forced its exit after 10 s),
// an upload arriving after the signal is refused with 503 and Retry-After, and the process then
// exits on its own.
// Issue 41 (check 17's rolling restart): a request that reaches the closing server on a
// connection still in use is answered, not refused with 503.

const serverFile = fileURLToPath(new URL('../src/server.ts', import.meta.url));
const pinnedNode = fileURLToPath(new URL('../../../node_modules/.bin/node', import.meta.url));
const node24 = existsSync(pinnedNode) ? pinnedNode : process.execPath;
const dataDir = mkdtempSync(path.join(tmpdir(), 'estately-shutdown-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  exited: Promise<number | null>;
  /** What the process printed so far. */
  output: string;
}

/** `node apps/api/src/server.ts` on a free port with `env`, once /health answers. */
async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(node24, [serverFile], {
    env: {
      PATH: process.env.PATH,
      ...env,
      API_PORT: String(port),
      JOBS_IN_PROCESS: 'false',
      RATE_LIMIT_MAX: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const server: ServerProcess = {
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    exited: new Promise((resolve) => child.on('exit', (code) => resolve(code))),
    output: '',
  };
  child.stdout?.on('data', (chunk) => (server.output += chunk));
  child.stderr?.on('data', (chunk) => (server.output += chunk));
  for (let i = 0; ; i++) {
    const ok = await fetch(`${server.url}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return server;
    if (i > 300 || child.exitCode !== null) throw new Error(`the API did not start: ${server.output}`);
    await sleep(100);
  }
}

/** Posts `body`, sending it in `chunks` pieces `everyMs` apart: an upload over a slow line. */
function slowPost(
  url: string,
  headers: Record<string, string>,
  body: Buffer,
  chunks: number,
  everyMs: number,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', headers: { ...headers, 'content-length': body.length } },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    const size = Math.ceil(body.length / chunks);
    let sent = 0;
    const next = () => {
      req.write(body.subarray(sent, sent + size));
      sent += size;
      if (sent >= body.length) req.end();
      else setTimeout(next, everyMs);
    };
    next();
  });
}

describe('stopping the API with an upload under way', () => {
  it('answers the upload, refuses new ones with 503 and Retry-After, then exits', async () => {
    // The bound derives from the image limits and outlasts the old 10 s.
    expect(UPLOAD_DRAIN_MS).toBe(30_000);
    expect(SHUTDOWN_FORCE_EXIT_MS).toBeGreaterThan(UPLOAD_DRAIN_MS);

    const env = {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      JWT_SECRETS: 'shutdown-test:0123456789abcdef0123456789abcdef0123456789',
    };
    const config = loadConfig(env);
    const handle = await createPglite(path.join(dataDir, 'pglite'));
    await migrate(handle);
    const ownerId = await insertOwner(handle.db);
    const propertyId = await insertOffer(handle.db, { ownerId, publishedAt: null, state: 'draft' });
    await handle.close();

    const server = await startServer(env);
    const { url, child, exited } = server;
    const output = () => server.output;
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3366aa' } })
      .jpeg()
      .toBuffer();
    const form = () =>
      multipart([
        { name: 'property_id', data: String(propertyId) },
        { name: 'file', filename: 'photo.jpg', contentType: 'image/jpeg', data: photo },
      ]);
    const headers = (contentType: string) => ({ ...bearer(config, ownerId), 'content-type': contentType });

    // The body arrives over 12 s, longer than the 10 s after which the process used to exit.
    const slow = form();
    const underWay = slowPost(
      `${url}/v1/property-media/save`,
      headers(slow.contentType),
      slow.payload,
      13,
      1_000,
    );
    await sleep(500);
    child.kill('SIGTERM');
    await sleep(500);

    const late = form();
    const refused = await fetch(`${url}/v1/property-media/save`, {
      method: 'POST',
      headers: headers(late.contentType),
      body: new Uint8Array(late.payload),
    });
    expect(refused.status, output()).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('10');
    expect(await refused.json()).toMatchObject({ code: 'service_unavailable' });

    const answered = await underWay;
    expect(answered.status, `${answered.body}\n${output()}`).toBe(200);
    expect(JSON.parse(answered.body)).toMatchObject({ id: expect.any(Number) });
    expect(await exited, output()).toBe(0);

    // The photo is stored with its row.
    const reopened = await createPglite(path.join(dataDir, 'pglite'));
    try {
      expect(await reopened.db.select().from(propertyMedia)).toHaveLength(1);
    } finally {
      await reopened.close();
    }
  }, 90_000);
});

describe("stopping the API while a balancer's connection is in use", () => {
  it('answers a request that arrives on that connection after the signal, with Connection: close, then exits', async () => {
    const ownDir = path.join(dataDir, 'kept-alive');
    const env = {
      NODE_ENV: 'test',
      DATA_DIR: ownDir,
      JWT_SECRETS: 'shutdown-test:0123456789abcdef0123456789abcdef0123456789',
    };
    const handle = await createPglite(path.join(ownDir, 'pglite'));
    await migrate(handle);
    await insertOffer(handle.db, {
      ownerId: await insertOwner(handle.db),
      publishedAt: new Date('2026-11-01T00:00:00Z'),
    });
    await handle.close();
    const server = await startServer(env);

    // One connection, as nginx keeps to an instance: a sign-in whose body is still arriving when
    // the signal comes, then a search sent on the same connection once the close has begun.
    const socket = connect(server.port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    const login = JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' });
    socket.write(
      `POST /auth/login HTTP/1.1\r\nHost: api\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(login)}\r\n\r\n${login.slice(0, 10)}`,
    );
    await sleep(300);
    server.child.kill('SIGTERM');
    await sleep(1_000);
    socket.write(
      `${login.slice(10)}GET /public/offers?country_code=CZ HTTP/1.1\r\nHost: api\r\nConnection: keep-alive\r\n\r\n`,
    );
    await Promise.race([ended, sleep(15_000)]);
    socket.destroy();

    const answers = [...received.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => Number(match[1]));
    expect(answers, `${received}\n${server.output}`).toHaveLength(2);
    expect(answers[0], received).toBe(401);
    // The old server answered 503 "refusing to accept new requests as server is closing".
    expect(answers[1], `${received}\n${server.output}`).toBe(200);
    const search = received.slice(received.lastIndexOf('HTTP/1.1 '));
    expect(search).toMatch(/^connection: close\r$/im);
    expect(search).toContain('"total":1');
    expect(
      await Promise.race([server.exited, sleep(10_000).then(() => 'still running')]),
      server.output,
    ).toBe(0);
  }, 60_000);
});
