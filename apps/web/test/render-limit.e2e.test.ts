// The built web server's bound of concurrent renders (issue 11 check 14, apps/web/server/render-limit.ts):
// renders beyond it wait in arrival order, and one that finds the queue full is answered at once
// with 503, Retry-After and a small page in the visitor's language, without calling the API.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildPath } from '@estately/domain';
import { translate } from '@estately/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningWeb, startWeb } from '../server/server.ts';
import { ensureWebBuild } from './browser-setup.ts';

const API_DELAY_MS = 600;
let web: RunningWeb;
/** Offer ids the pages asked the API for, in arrival order, with the time of arrival. */
const calls: Array<{ id: string; at: number }> = [];
const api = createServer((req, res) => {
  const id = /^\/public\/offers\/(\d+)/.exec(req.url ?? '')?.[1];
  if (id) calls.push({ id, at: performance.now() });
  // A slow API that knows no offer: each page renders its 404 after the delay.
  setTimeout(() => {
    res.writeHead(404, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ code: 'not_found', message: '' }));
  }, API_DELAY_MS);
});

beforeAll(async () => {
  ensureWebBuild();
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  const apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  web = await startWeb({
    port: 0,
    host: '127.0.0.1',
    apiUrl,
    env: {},
    pageCache: {},
    renderLimit: { max: 1, maxQueue: 1, maxWaitMs: 10_000 },
  });
}, 180_000);

afterAll(async () => {
  await web?.close();
  api.closeAllConnections();
  await new Promise<void>((resolve) => api.close(() => resolve()));
});

async function get(path: string) {
  const started = performance.now();
  const response = await fetch(`${web.url}${path}`, {
    headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36' },
  });
  const html = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    html,
    at: started,
    ms: performance.now() - started,
  };
}

describe('render limit of the web server', () => {
  it('renders one page at a time, queues the next and refuses the one beyond the queue with a 503', async () => {
    const started = performance.now();
    const first = get(buildPath('propertyDetail', 'de', { id: 1 }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = get(buildPath('propertyDetail', 'de', { id: 2 }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const third = await get(buildPath('propertyDetail', 'de', { id: 3 }));

    // Refused at once, without a render or an API call, in the page's language.
    expect(third.status).toBe(503);
    expect(third.ms).toBeLessThan(API_DELAY_MS);
    expect(third.headers.get('retry-after')).toBe(String(web.renderLimit.retryAfterSeconds));
    expect(third.headers.get('cache-control')).toBe('no-store');
    expect(third.html).toContain('<html lang="de"');
    expect(third.html).toContain(translate('de', 'status.service_unavailable'));
    expect(third.html).toContain(translate('de', 'error.unavailable_text'));
    expect(third.html).not.toContain('<script');
    expect(web.renderLimit.refused).toBe(1);

    const [one, two] = await Promise.all([first, second]);
    expect([one.status, two.status]).toEqual([404, 404]);
    expect(calls.map((call) => call.id)).toEqual(['1', '2']);
    // The queued page started only once the first was done.
    const [callOne, callTwo] = calls;
    expect((callTwo?.at ?? 0) - (callOne?.at ?? 0)).toBeGreaterThanOrEqual(API_DELAY_MS - 50);
    expect(two.ms).toBeGreaterThanOrEqual(2 * API_DELAY_MS - 250);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(web.renderLimit.running).toBe(0);

    // Free again: the next page renders.
    expect((await get(buildPath('propertyDetail', 'en', { id: 4 }))).status).toBe(404);
  }, 30_000);
});
