// The built web server in front of an API that stalls, refuses or fails (issue 11 check 14): a
// page whose API call times out or answers 503 is a 503 with Retry-After and the localized
// unavailable page (routing/unavailable.server.ts), a failing API stays a 500; and the
// micro-cache of anonymous pages (decision 021) in the server as `npm start` runs it.

import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildPath } from '@estately/domain';
import { translate } from '@estately/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SSR_API_TIMEOUT_MS } from '../app/request-state.server.ts';
import { RETRY_AFTER_SECONDS } from '../app/routing/unavailable.server.ts';
import { type RunningWeb, startWeb } from '../server/server.ts';
import { ensureWebBuild } from './browser-setup.ts';

let web: RunningWeb;
const stalled = new Set<ServerResponse>();
let articleCalls = 0;
const api = createServer((req, res) => {
  const path = (req.url ?? '').split('?')[0];
  // Offer 1 and every search stall: the API is overloaded.
  if (path === '/public/offers/1' || path?.startsWith('/public/offers/facets') || path === '/public/offers') {
    stalled.add(res);
    return;
  }
  if (path === '/content/articles/terms') {
    articleCalls += 1;
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(
      JSON.stringify({
        key: 'terms',
        locale: 'en',
        title: 'Terms',
        body: '## Use\n\nBe kind.',
        updated_at: '2026-01-01T00:00:00Z',
      }),
    );
    return;
  }
  const status = path === '/public/offers/2' ? 503 : path === '/public/offers/3' ? 500 : 404;
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ code: status === 404 ? 'not_found' : 'error', message: '' }));
});

beforeAll(async () => {
  ensureWebBuild();
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  const apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  web = await startWeb({ port: 0, host: '127.0.0.1', apiUrl, env: {}, pageCache: {} });
}, 180_000);

afterAll(async () => {
  await web?.close();
  for (const res of stalled) res.destroy();
  api.closeAllConnections();
  await new Promise<void>((resolve) => api.close(() => resolve()));
});

async function get(path: string, headers: Record<string, string> = {}) {
  const started = performance.now();
  // A browser's user agent: crawlers get a bare status line for errors (spec 2).
  const response = await fetch(`${web.url}${path}`, {
    headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36', ...headers },
  });
  const html = await response.text();
  return { status: response.status, headers: response.headers, html, ms: performance.now() - started };
}

describe('pages whose API is unavailable', () => {
  it('answer 503 with Retry-After and the localized server-error page when the API call times out', async () => {
    const page = await get(buildPath('propertyDetail', 'de', { id: 1 }));
    expect(page.status).toBe(503);
    expect(page.ms).toBeGreaterThanOrEqual(SSR_API_TIMEOUT_MS - 100);
    expect(page.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.html).toContain('data-testid="unavailable"');
    expect(page.html).toContain(translate('de', 'status.service_unavailable'));
    expect(page.html).toContain(translate('de', 'error.unavailable_text'));
    // Never kept by the micro-cache.
    expect(page.headers.get('x-cache')).toBe('MISS');
  }, 20_000);

  it('answer 503 when the API says it is unavailable, 500 when it fails', async () => {
    const unavailable = await get(buildPath('propertyDetail', 'en', { id: 2 }));
    expect(unavailable.status).toBe(503);
    expect(unavailable.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    expect(unavailable.html).toContain(translate('en', 'error.unavailable_text'));
    const failing = await get(buildPath('propertyDetail', 'en', { id: 3 }));
    expect(failing.status).toBe(500);
    expect(failing.headers.get('retry-after')).toBeNull();
    expect((await get(buildPath('propertyDetail', 'en', { id: 4 }))).status).toBe(404);
  });

  it('keep the results frame with its notice, as a 503 with Retry-After', async () => {
    const page = await get(buildPath('results', 'en'));
    expect(page.status).toBe(503);
    expect(page.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    expect(page.html).toContain('data-testid="results-unavailable"');
    expect(page.html).toContain(translate('en', 'home.offers_unavailable'));
  }, 20_000);
});

describe('micro-cache of anonymous pages', () => {
  it('serves a public page again from the cache, with a fresh nonce, but never to a signed-in visitor', async () => {
    const path = buildPath('articleTerms', 'en');
    const first = await get(path);
    const second = await get(path, { 'accept-encoding': 'gzip' });
    expect(first.status).toBe(200);
    expect(articleCalls).toBe(1);
    expect(first.headers.get('cache-control')).toMatch(/^public/);
    expect([first.headers.get('x-cache'), second.headers.get('x-cache')]).toEqual(['MISS', 'HIT']);
    const nonce = (answer: { headers: Headers }) =>
      /'nonce-([^']+)'/.exec(answer.headers.get('content-security-policy') ?? '')?.[1];
    expect(nonce(first)).toBeTruthy();
    expect(nonce(second)).not.toBe(nonce(first));
    expect(second.html).toContain(`nonce="${nonce(second)}"`);
    expect(second.html).not.toContain(`nonce="${nonce(first)}"`);
    expect(second.html.replaceAll(nonce(second) ?? '', 'N')).toBe(
      first.html.replaceAll(nonce(first) ?? '', 'N'),
    );

    expect(articleCalls).toBe(1);
    const signedIn = await get(path, { cookie: 'token=abc' });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('x-cache')).toBeNull();
    expect(signedIn.headers.get('cache-control')).toBe('private, no-cache');
    expect(articleCalls).toBe(2);
    // Another currency is another entry.
    expect((await get(path, { cookie: 'currency=EUR' })).headers.get('x-cache')).toBe('MISS');
    expect((await get(path, { cookie: 'currency=EUR' })).headers.get('x-cache')).toBe('HIT');
    expect(web.pageCache?.size).toBeGreaterThanOrEqual(2);
  });
});
