// A stopping web server lets answers under way finish (issue 37 point 8): with `npm start`, a
// browser's photo upload goes through the web server to the API, which waits for its uploads when
// it stops; the web server used to cut every connection at once, so the person saw a broken
// upload although the API stored the photo. Now close({ drainMs }) stops taking connections,
// closes the idle ones and gives the busy ones up to drainMs.

import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildPath } from '@estately/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningWeb, startWeb } from '../server/server.ts';
import { ensureWebBuild, PERSON_UA } from './browser-setup.ts';

const API_DELAY_MS = 1_500;
let web: RunningWeb;
let apiPort: number;
// An API that takes its time over every call, as over a large photo.
const api = createServer((_req, res) => {
  setTimeout(() => {
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code: 'not_found', message: '' }));
  }, API_DELAY_MS);
});

beforeAll(async () => {
  ensureWebBuild();
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiPort = (api.address() as AddressInfo).port;
  web = await startWeb({ port: 0, host: '127.0.0.1', apiUrl: `http://127.0.0.1:${apiPort}`, env: {} });
}, 180_000);

afterAll(async () => {
  api.closeAllConnections();
  await new Promise<void>((resolve) => api.close(() => resolve()));
});

/** A page that waits on the API, asked on a connection of its own. */
function slowPage(): Promise<{ status: number } | { error: string }> {
  return new Promise((resolve) => {
    const req = request(
      `${web.url}${buildPath('propertyDetail', 'en', { id: 77 })}`,
      { headers: { 'user-agent': PERSON_UA }, agent: false },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
        res.on('error', (error) => resolve({ error: error.message }));
      },
    );
    req.on('error', (error) => resolve({ error: error.message }));
    req.end();
  });
}

describe('stopping the web server', () => {
  it('answers the page under way, refuses new connections, and then closes', async () => {
    const underWay = slowPage();
    // The page is rendering, waiting on the API.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const closed = web.close({ drainMs: 10_000 });
    const late = await slowPage();
    expect('error' in late).toBe(true);
    // The answer under way arrives whole: the unknown offer's page, not a cut connection.
    expect(await underWay).toEqual({ status: 404 });
    await closed;
  });
});
