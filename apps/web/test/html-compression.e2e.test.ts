// The web server compresses HTML documents (issue 9 performance: an uncompressed results page is
// about 110 KB, most of a mobile first view) in zstd, brotli or gzip, whichever the browser takes
// best (decision 040), and keeps streaming them; other answers pass through.
// The build's scripts go out as their brotli twins (vite.config.ts) to browsers that accept br.

import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deferredModuleHrefs } from '../app/document/deferred-code.server.ts';
import { BUILD_DIR, type RunningWeb, startWeb } from '../server/server.ts';
import { ensureWebBuild } from './browser-setup.ts';

let web: RunningWeb;

beforeAll(async () => {
  ensureWebBuild();
  // No API behind it: the pages render their error or fallback documents, which is HTML enough.
  web = await startWeb({ port: 0, host: '127.0.0.1', apiUrl: 'http://127.0.0.1:9', env: {} });
}, 180_000);

afterAll(async () => {
  await web?.close();
});

function get(path: string, encoding: string): Promise<{ headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${web.url}${path}`, { headers: { 'accept-encoding': encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('HTML compression', () => {
  it('sends documents in zstd, brotli or gzip, the best the client takes, and plain to others', async () => {
    const decoders = [
      ['gzip, deflate, br, zstd', 'zstd', zstdDecompressSync],
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['br;q=0, gzip', 'gzip', gunzipSync],
    ] as const;
    const pages: string[] = [];
    for (const [accepted, encoding, decode] of decoders) {
      const answer = await get('/en/no-such-page', accepted);
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(String(answer.headers.vary)).toContain('Accept-Encoding');
      const html = decode(answer.body).toString('utf8');
      expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
      expect(answer.body.length).toBeLessThan(html.length / 2);
      // Every answer has a nonce of its own: compare the pages without it.
      pages.push(html.replace(/nonce="[^"]*"/g, ''));
    }
    expect(new Set(pages).size).toBe(1);
    expect((await get('/en/no-such-page', 'gzip;q=0')).headers['content-encoding']).toBeUndefined();

    const zipped = await get('/en/no-such-page', 'gzip');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(String(zipped.headers.vary)).toContain('Accept-Encoding');
    const html = gunzipSync(zipped.body).toString('utf8');
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('</html>');
    expect(zipped.body.length).toBeLessThan(html.length / 2);
    // The length of the page before compression is not the answer's.
    expect(zipped.headers['content-length']).toBeUndefined();

    const plain = await get('/en/no-such-page', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    // A cache in front must still keep the plain copy apart from the compressed ones.
    expect(String(plain.headers.vary)).toContain('Accept-Encoding');
    expect(plain.body.toString('utf8').startsWith('<!DOCTYPE html>')).toBe(true);
    // A page rendered at once says its length (decision 034).
    expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
  });

  it('leaves answers that are no HTML alone', async () => {
    const health = await get('/health', 'gzip');
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(health.body.toString('utf8'))).toEqual({ status: 'ok' });
  });
});

describe('static files', () => {
  it("sends a script's brotli twin to browsers that accept br, gzip or the file itself to others", async () => {
    const page = await get('/en/no-such-page', 'identity');
    const script = deferredModuleHrefs(page.body.toString('utf8')).find((href) =>
      /^\/assets\/framework-[^/]+\.js$/.test(href),
    );
    expect(script).toBeDefined();
    const original = readFileSync(join(BUILD_DIR, 'client', script ?? ''));

    const br = await get(script ?? '', 'gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(brotliDecompressSync(br.body).equals(original)).toBe(true);
    // Quality 11 at build time: well below what gzip on the fly sends.
    const gzip = await get(script ?? '', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(original)).toBe(true);
    expect(br.body.length).toBeLessThan(gzip.body.length * 0.9);

    const plain = await get(script ?? '', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(original)).toBe(true);
    // The twin is no address of its own.
    const twin = await get(`${script}.br`, 'identity');
    expect(twin.body.toString('utf8')).toBe('Not Found');
  });

  it('asks the browser to compile the framework file as it downloads, and no other file', async () => {
    const page = await get('/en/no-such-page', 'identity');
    const scripts = deferredModuleHrefs(page.body.toString('utf8'));
    const firstLine = (href: string) =>
      readFileSync(join(BUILD_DIR, 'client', href), 'utf8').split('\n', 1)[0];
    const framework = scripts.filter((href) => /^\/assets\/framework-[^/]+\.js$/.test(href));
    expect(framework).toHaveLength(1);
    // On the first line, where it was measured to work (vite.config.ts); in the brotli twin too.
    expect(firstLine(framework[0] ?? '')).toBe('//# allFunctionsCalledOnLoad');
    const br = await get(framework[0] ?? '', 'br');
    expect(brotliDecompressSync(br.body).toString('utf8').startsWith('//# allFunctionsCalledOnLoad\n')).toBe(
      true,
    );
    const others = scripts.filter((href) => !framework.includes(href));
    expect(others.length).toBeGreaterThan(0);
    for (const href of others) expect(firstLine(href)).not.toContain('allFunctionsCalledOnLoad');
  });
});
