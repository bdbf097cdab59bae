import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiFetch } from './api-fetch.server.ts';

let server: Server;
let base = '';
const connections = new Set<number>();
let dropKeptSeen = 0;

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    connections.add(req.socket.remotePort ?? 0);
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/echo') {
      const body = await bodyOf(req);
      res.writeHead(200, { 'content-type': 'application/json', etag: '"v1"' });
      res.end(
        JSON.stringify({
          method: req.method,
          query: url.search,
          headers: req.headers,
          body: body || null,
          text: 'Žluťoučký kůň',
        }),
      );
      return;
    }
    if (url.pathname === '/cookies') {
      res.setHeader('set-cookie', ['a=1; Path=/', 'b=2; Path=/']);
      res.writeHead(204);
      res.end();
      return;
    }
    if (url.pathname === '/missing') {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"error":"not_found"}');
      return;
    }
    if (url.pathname === '/slow') {
      setTimeout(() => res.end('late'), 2_000).unref();
      return;
    }
    if (url.pathname === '/drop-kept') {
      // The second request on a kept-alive connection finds it closed under it, as when the API
      // closed an idle connection just as the request went out.
      dropKeptSeen++;
      const socket = req.socket as typeof req.socket & { served?: number };
      socket.served = (socket.served ?? 0) + 1;
      if (socket.served > 1) {
        socket.destroy();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(`answer ${dropKeptSeen}`);
      return;
    }
    if (url.pathname === '/cut') {
      res.writeHead(200, { 'content-length': '100' });
      res.write('only part');
      setTimeout(() => res.destroy(), 20);
      return;
    }
    res.writeHead(500);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('createApiFetch', () => {
  const apiFetch = createApiFetch(300);

  it('sends the method, headers, query and text body, and answers with what the clients read', async () => {
    const response = await apiFetch(`${base}/echo?page=2&currency=EUR`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json', 'x-stats-token': 'tok' },
      body: '{"name":"Jana Nováková"}',
    });
    expect(response.status).toBe(200);
    expect(response.ok).toBe(true);
    expect(response.headers.get('etag')).toBe('"v1"');
    const echoed = (await response.json()) as {
      method: string;
      query: string;
      headers: Record<string, string>;
      body: string;
      text: string;
    };
    expect(echoed.method).toBe('POST');
    expect(echoed.query).toBe('?page=2&currency=EUR');
    expect(echoed.headers['x-stats-token']).toBe('tok');
    expect(echoed.headers['content-length']).toBe(String(Buffer.byteLength('{"name":"Jana Nováková"}')));
    expect(JSON.parse(echoed.body)).toEqual({ name: 'Jana Nováková' });
    expect(echoed.text).toBe('Žluťoučký kůň');
  });

  it('keeps the connection for the next call', async () => {
    connections.clear();
    for (let i = 0; i < 5; i++) await (await apiFetch(`${base}/echo`)).text();
    expect(connections.size).toBe(1);
  });

  it('passes error statuses and every Set-Cookie header through, and no body where the status has none', async () => {
    const missing = await apiFetch(`${base}/missing`);
    expect(missing.status).toBe(404);
    expect(missing.ok).toBe(false);
    expect(await missing.json()).toEqual({ error: 'not_found' });
    const cookies = await apiFetch(`${base}/cookies`);
    expect(cookies.status).toBe(204);
    expect(await cookies.text()).toBe('');
    expect(cookies.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
  });

  it('gives up after its time limit with a TimeoutError', async () => {
    const started = performance.now();
    await expect(apiFetch(`${base}/slow`)).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(performance.now() - started).toBeLessThan(1_500);
  });

  it('stops when the caller aborts, with the abort reason', async () => {
    const controller = new AbortController();
    const pending = apiFetch(`${base}/slow`, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('visitor left')), 20);
    await expect(pending).rejects.toThrow('visitor left');
    const aborted = AbortSignal.abort(new Error('already gone'));
    await expect(apiFetch(`${base}/echo`, { signal: aborted })).rejects.toThrow('already gone');
  });

  it('sends a GET again, once, when its kept-alive connection was closed under it; never a POST', async () => {
    const fresh = createApiFetch(1_000);
    dropKeptSeen = 0;
    expect(await (await fresh(`${base}/drop-kept`)).text()).toBe('answer 1');
    // The kept connection is dropped when the second GET arrives: sent again on a new one.
    expect(await (await fresh(`${base}/drop-kept`)).text()).toBe('answer 3');
    expect(dropKeptSeen).toBe(3);
    // A POST that met the same fate is not sent twice.
    const other = createApiFetch(1_000);
    dropKeptSeen = 0;
    await (await other(`${base}/drop-kept`)).text();
    await expect(other(`${base}/drop-kept`, { method: 'POST', body: '{}' })).rejects.toThrow();
    expect(dropKeptSeen).toBe(2);
  });

  it('refuses what it cannot send as asked, sending nothing', async () => {
    connections.clear();
    await expect(apiFetch('ftp://127.0.0.1/echo')).rejects.toThrow(TypeError);
    await expect(apiFetch('not a url')).rejects.toThrow(TypeError);
    // A body other than text, from a caller outside the types.
    const bytes = new Uint8Array([1, 2, 3]) as unknown as string;
    await expect(apiFetch(`${base}/echo`, { method: 'POST', body: bytes })).rejects.toThrow(TypeError);
    expect(connections.size).toBe(0);
  });

  it('fails when the answer is cut off, and when nothing listens', async () => {
    await expect(apiFetch(`${base}/cut`)).rejects.toThrow();
    await expect(apiFetch('http://127.0.0.1:1/echo')).rejects.toThrow();
  });
});
