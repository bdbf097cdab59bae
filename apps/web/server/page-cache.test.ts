import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import {
  PageCache,
  type PageCacheOptions,
  pageCacheKey,
  type RenderedPage,
  sharedMaxAge,
} from './page-cache.ts';
import { RenderBusyError } from './render-limit.ts';

// The micro-cache behind a real HTTP server, with a render function that counts its calls and
// answers what the test asks for (decision 021).

const LISTING = 'public, max-age=60, s-maxage=60, stale-while-revalidate=600';

interface Harness {
  url: string;
  renders: string[];
  cache: PageCache;
}

let server: Server | null = null;
afterEach(async () => {
  const running = server;
  server = null;
  if (running) await new Promise<void>((resolve) => running.close(() => resolve()));
});

async function start(
  page: (req: IncomingMessage, count: number) => Partial<RenderedPage> & { delayMs?: number; error?: Error },
  options: PageCacheOptions = {},
): Promise<Harness> {
  const cache = new PageCache(options);
  const renders: string[] = [];
  server = createServer((req, res) => {
    const key = pageCacheKey(req);
    const render = async (): Promise<RenderedPage> => {
      renders.push(req.url ?? '');
      const answer = page(req, renders.length);
      if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
      if (answer.error) throw answer.error;
      const headers =
        answer.headers ??
        new Headers({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': LISTING });
      return {
        status: answer.status ?? 200,
        headers,
        body: answer.body ?? Buffer.from(`render ${renders.length}`),
      };
    };
    if (key === null) {
      void render().then((rendered) => {
        res.writeHead(rendered.status, Object.fromEntries(rendered.headers));
        res.end(rendered.body);
      });
      return;
    }
    cache.serve(req, res, key, render).catch(() => {
      res.writeHead(500);
      res.end('failed');
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, renders, cache };
}

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  return {
    status: response.status,
    cache: response.headers.get('x-cache'),
    headers: response.headers,
    text: await response.text(),
  };
}

describe('page micro-cache', () => {
  it('answers the same anonymous URL from the cache and renders another URL anew', async () => {
    const h = await start(() => ({}));
    const first = await get(`${h.url}/en/property/1`);
    const second = await get(`${h.url}/en/property/1`);
    expect(first).toMatchObject({ status: 200, cache: 'MISS', text: 'render 1' });
    expect(second).toMatchObject({ status: 200, cache: 'HIT', text: 'render 1' });
    expect((await get(`${h.url}/en/property/1?page=2`)).text).toBe('render 2');
    expect(h.renders).toEqual(['/en/property/1', '/en/property/1?page=2']);
  });

  it('never serves a visitor with session or visitor cookies from it', async () => {
    const h = await start(() => ({}));
    await get(`${h.url}/en`);
    for (const cookie of ['token=abc', 'refresh_token=r', 'stats_token=s', 'currency=EUR; token=abc']) {
      const answer = await get(`${h.url}/en`, { cookie });
      expect(answer.cache).toBeNull();
    }
    expect(h.renders).toHaveLength(5);
    // An Authorization header and data requests of client navigations pass too.
    expect((await get(`${h.url}/en`, { authorization: 'Bearer x' })).cache).toBeNull();
    expect((await get(`${h.url}/en.data`)).cache).toBeNull();
  });

  it('keeps one entry per currency and locale cookie, and per Accept-Language without a locale prefix', async () => {
    const h = await start((req) => ({
      body: Buffer.from(`for ${req.headers.cookie ?? '-'} ${req.headers['accept-language'] ?? '-'}`),
    }));
    const eur = await get(`${h.url}/en/search`, { cookie: 'currency=EUR' });
    const czk = await get(`${h.url}/en/search`, { cookie: 'currency=CZK' });
    const eurAgain = await get(`${h.url}/en/search`, { cookie: 'currency=EUR; _ga=1' });
    expect([eur.cache, czk.cache, eurAgain.cache]).toEqual(['MISS', 'MISS', 'HIT']);
    expect(czk.text).toContain('currency=CZK');
    expect(eurAgain.text).toContain('currency=EUR');
    expect((await get(`${h.url}/en/search`, { cookie: 'locale=de' })).cache).toBe('MISS');
    // A prefixed path does not vary on Accept-Language; an unprefixed one does.
    expect((await get(`${h.url}/en/search`, { cookie: 'currency=EUR', 'accept-language': 'de' })).cache).toBe(
      'HIT',
    );
    expect((await get(`${h.url}/blog-feed`, { 'accept-language': 'de' })).cache).toBe('MISS');
    expect((await get(`${h.url}/blog-feed`, { 'accept-language': 'fr' })).cache).toBe('MISS');
    expect((await get(`${h.url}/blog-feed`, { 'accept-language': 'de' })).cache).toBe('HIT');
  });

  it('stores no page that sets a cookie, is no 200 or is not public', async () => {
    const h = await start((_req, count) => {
      if (count <= 2) {
        const headers = new Headers({ 'Content-Type': 'text/html', 'Cache-Control': LISTING });
        headers.append('Set-Cookie', `token=t${count}; HttpOnly`);
        return { headers };
      }
      if (count <= 4) return { status: 503 };
      return { headers: new Headers({ 'Content-Type': 'text/html', 'Cache-Control': 'private, no-cache' }) };
    });
    const a = await get(`${h.url}/en/a`);
    const b = await get(`${h.url}/en/a`);
    expect(a.headers.get('set-cookie')).toBe('token=t1; HttpOnly');
    expect(b.headers.get('set-cookie')).toBe('token=t2; HttpOnly');
    expect([a.cache, b.cache]).toEqual(['MISS', 'MISS']);
    expect((await get(`${h.url}/en/b`)).status).toBe(503);
    expect((await get(`${h.url}/en/b`)).status).toBe(503);
    await get(`${h.url}/en/c`);
    expect((await get(`${h.url}/en/c`)).cache).toBe('MISS');
    expect(h.renders).toHaveLength(6);
    expect(h.cache.size).toBe(0);
  });

  it('renders once for N parallel misses of one key', async () => {
    const h = await start(() => ({ delayMs: 150 }));
    const answers = await Promise.all(Array.from({ length: 12 }, () => get(`${h.url}/en/results`)));
    expect(h.renders).toHaveLength(1);
    expect(answers.every((answer) => answer.text === 'render 1' && answer.status === 200)).toBe(true);
    expect(answers.filter((answer) => answer.cache === 'MISS')).toHaveLength(1);
  });

  it('caps the life of an entry at maxTtlMs and the rule’s s-maxage', async () => {
    let now = 1_000;
    const h = await start(() => ({}), { maxTtlMs: 3_000, maxStaleMs: 0, now: () => now });
    await get(`${h.url}/en`);
    now += 2_999;
    expect((await get(`${h.url}/en`)).cache).toBe('HIT');
    now += 2;
    expect((await get(`${h.url}/en`)).cache).toBe('MISS');
    expect(sharedMaxAge(new Headers({ 'Cache-Control': 'public, max-age=300, s-maxage=3600' }))).toBe(3600);
    expect(sharedMaxAge(new Headers({ 'Cache-Control': 'no-store' }))).toBe(0);
  });

  it('serves an expired page stale while one render renews it, within the stale window only', async () => {
    let now = 1_000;
    const h = await start(
      (_req, count) => (count === 3 ? { status: 503 } : { delayMs: count === 2 ? 150 : 0 }),
      {
        maxTtlMs: 3_000,
        maxStaleMs: 10_000,
        now: () => now,
      },
    );
    await get(`${h.url}/en`);
    now += 3_001;
    const stale = await Promise.all([get(`${h.url}/en`), get(`${h.url}/en`)]);
    expect(stale.map((answer) => [answer.cache, answer.text])).toEqual([
      ['STALE', 'render 1'],
      ['STALE', 'render 1'],
    ]);
    await expect.poll(() => h.cache.size && h.renders.length).toBe(2);
    await expect.poll(async () => (await get(`${h.url}/en`)).text).toBe('render 2');
    // Renewing into a page that may not be stored drops the stale one.
    now += 3_001;
    expect((await get(`${h.url}/en`)).cache).toBe('STALE');
    await expect.poll(() => h.cache.size).toBe(0);
    expect((await get(`${h.url}/en`)).cache).toBe('MISS');
    // Past the stale window an entry is a miss.
    now += 3_000 + 10_001;
    expect((await get(`${h.url}/en`)).cache).toBe('MISS');
    expect(h.renders).toHaveLength(5);
  });

  it('keeps serving the stale page when the render limit refuses its renewal, and drops it when the render breaks', async () => {
    let now = 1_000;
    const h = await start(
      (_req, count) =>
        count === 2 ? { error: new RenderBusyError(2) } : count === 3 ? { error: new Error('broken') } : {},
      { maxTtlMs: 3_000, maxStaleMs: 10_000, now: () => now },
    );
    await get(`${h.url}/en`);
    now += 3_001;
    expect((await get(`${h.url}/en`)).cache).toBe('STALE');
    await expect.poll(() => h.renders.length).toBe(2);
    // Refused (busy): still there, still stale, and the next visitor triggers another renewal.
    const again = await get(`${h.url}/en`);
    expect([again.cache, again.text]).toEqual(['STALE', 'render 1']);
    await expect.poll(() => h.renders.length).toBe(3);
    // That renewal broke: the stale page is dropped and the next visitor renders.
    await expect.poll(() => h.cache.size).toBe(0);
    const fresh = await get(`${h.url}/en`);
    expect([fresh.cache, fresh.text]).toEqual(['MISS', 'render 4']);
  });

  it('evicts the least recently used pages beyond its byte budget', async () => {
    const h = await start(() => ({ body: Buffer.alloc(1000, 'a') }), { maxBytes: 3_200 });
    for (const path of ['/en/1', '/en/2', '/en/3']) await get(`${h.url}${path}`);
    await get(`${h.url}/en/1`); // 1 is now the most recent
    await get(`${h.url}/en/4`);
    expect(h.cache.bytes).toBeLessThanOrEqual(3_200);
    expect((await get(`${h.url}/en/1`)).cache).toBe('HIT');
    expect((await get(`${h.url}/en/2`)).cache).toBe('MISS');
  });

  it('keeps compressed bodies within its byte budget too', async () => {
    // Random text hardly compresses: each encoding's body is most of the page's size.
    const body = Buffer.from(randomBytes(1200).toString('base64'));
    const h = await start(() => ({ body }), { maxBytes: 3_600 });
    for (const encoding of ['zstd', 'br', 'gzip']) {
      await fetch(`${h.url}/en/a`, { headers: { 'accept-encoding': encoding } }).then((r) => r.arrayBuffer());
      expect(h.cache.bytes).toBeLessThanOrEqual(3_600);
    }
  });

  it('gives each answer a fresh CSP nonce and gzips for clients that accept it', async () => {
    const h = await start(() => ({
      headers: new Headers({
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': LISTING,
        'Content-Security-Policy': "script-src 'nonce-AAAAAAAAAAAAAAAAAAAAAA==' 'strict-dynamic'",
      }),
      body: Buffer.from(
        `<script nonce="AAAAAAAAAAAAAAAAAAAAAA==">1</script>${'x'.repeat(2000)}<script nonce="AAAAAAAAAAAAAAAAAAAAAA==">2</script>`,
      ),
    }));
    const first = await get(`${h.url}/en`);
    const response = await fetch(`${h.url}/en`, { headers: { 'accept-encoding': 'gzip' } });
    const raw = Buffer.from(await response.arrayBuffer());
    const nonces = [first, { headers: response.headers, text: '' }].map(
      (answer) => /'nonce-([^']+)'/.exec(answer.headers.get('content-security-policy') ?? '')?.[1],
    );
    expect(nonces[0]).not.toBe(nonces[1]);
    expect(nonces).not.toContain('AAAAAAAAAAAAAAAAAAAAAA==');
    expect(first.text.match(new RegExp(`nonce="${nonces[0]?.replace(/[+/=]/g, '\\$&')}"`, 'g'))).toHaveLength(
      2,
    );
    // fetch already decoded it when it said gzip; the second render was none.
    const html =
      response.headers.get('content-encoding') === 'gzip' ? raw.toString() : gunzipSync(raw).toString();
    expect(html).toContain(`nonce="${nonces[1]}"`);
    expect(h.renders).toHaveLength(1);
  });

  it('answers one stored page in the encoding each browser takes best, and keeps it compressed when it has no nonce', async () => {
    const body = `<!DOCTYPE html><p>${'offer '.repeat(1000)}</p>`;
    const h = await start(() => ({ body: Buffer.from(body) }));
    const raw = (encoding: string) =>
      new Promise<{ encoding: string | undefined; vary: string; body: Buffer }>((resolve, reject) => {
        const req = request(`${h.url}/en/results`, { headers: { 'accept-encoding': encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              encoding: res.headers['content-encoding'],
              vary: String(res.headers.vary),
              body: Buffer.concat(chunks),
            }),
          );
        });
        req.on('error', reject);
        req.end();
      });
    const zstd = await raw('gzip, deflate, br, zstd');
    const bytesAfterZstd = h.cache.bytes;
    const br = await raw('gzip, deflate, br');
    const gzip = await raw('gzip');
    const plain = await raw('identity');
    expect([zstd.encoding, br.encoding, gzip.encoding, plain.encoding]).toEqual([
      'zstd',
      'br',
      'gzip',
      undefined,
    ]);
    expect(zstdDecompressSync(zstd.body).toString()).toBe(body);
    expect(brotliDecompressSync(br.body).toString()).toBe(body);
    expect(gunzipSync(gzip.body).toString()).toBe(body);
    expect(plain.body.toString()).toBe(body);
    for (const answer of [zstd, br, gzip, plain]) expect(answer.vary).toContain('Accept-Encoding');
    expect(h.renders).toHaveLength(1);
    // Each encoding is compressed once and counted in the budget; a second answer reuses it.
    expect(h.cache.bytes).toBeGreaterThan(bytesAfterZstd);
    const bytes = h.cache.bytes;
    expect((await raw('gzip, deflate, br, zstd')).body.equals(zstd.body)).toBe(true);
    expect(h.cache.bytes).toBe(bytes);
  });
});
