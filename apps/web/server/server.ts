// Production server of the web app: the built client assets and server rendering, on one port.
// Plain node:http with React Router's Node request listener: no framework, so the root start
// script and the browser tests can start it in-process through `startWeb`.
//
//   npm run build --workspace @estately/web && node apps/web/server/server.ts
//
// Configuration: WEB_PORT (3000), API_URL (http://localhost:3001), PUBLIC_API_URL, PUBLIC_WEB_URL,
// WEB_WORKERS (1).

import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { RouterContextProvider, ServerBuild } from 'react-router';
import { needsDefaultMatcher, withRoutePatternMatching } from '../app/routing/route-matching.server.ts';
import { withRouteModuleLookup } from '../app/routing/route-modules.server.ts';
import { readWebConfig, type WebConfig } from '../app/web-config.ts';
import { compressHtml } from './compress-html.ts';
import { PageCache, type PageCacheOptions, pageCacheKey, type RenderedPage } from './page-cache.ts';
import {
  busyPage,
  busyPageLocale,
  RenderBusyError,
  RenderLimit,
  type RenderLimitOptions,
  renderLimitOptionsFromEnv,
} from './render-limit.ts';
import { indexClientFiles, serveStatic } from './static-files.ts';
import { visitorAddressReader } from './visitor-address.ts';
import { runPrimary, webWorkersFromEnv, workerRenderLimitEnv } from './web-workers.ts';

// WEB_BUILD_DIR serves another copy of the build (`npm run bench:web` serves a snapshot, so a
// rebuild while it measures cannot change the files under it).
export const BUILD_DIR = process.env.WEB_BUILD_DIR ?? join(import.meta.dirname, '..', 'build');
const SERVER_BUILD = join(BUILD_DIR, 'server', 'index.js');
const CLIENT_DIR = join(BUILD_DIR, 'client');

export interface StartWebOptions {
  /** Port to listen on; 0 picks a free one. Default: WEB_PORT or 3000. */
  port?: number;
  /** Host to bind; default all interfaces. */
  host?: string;
  /** API base URL for server-side loaders. Default: API_URL or http://localhost:3001. */
  apiUrl?: string;
  /** API base URL for the browser. Default: PUBLIC_API_URL or the apiUrl. */
  publicApiUrl?: string;
  /** Public origin for canonical URLs. Default: PUBLIC_WEB_URL or the request's origin. */
  publicWebUrl?: string;
  /** Environment to read defaults from. Default: process.env. */
  env?: Record<string, string | undefined>;
  /**
   * Build to serve. Default: apps/web/build. Browser tests may serve a private copy, so a build
   * started meanwhile (which replaces the content-hashed assets) cannot pull files from under them.
   */
  buildDir?: string;
  /**
   * The micro-cache of anonymous pages (decision 021): options, or false for none. Default none:
   * the product's start script and a direct run turn it on (WEB_PAGE_CACHE=off turns it off).
   */
  pageCache?: PageCacheOptions | false;
  /**
   * Bound of concurrent page renders (render-limit.ts): beyond it a render waits, and
   * one that cannot start in time answers 503 with Retry-After. Default: the limits of
   * WEB_RENDER_CONCURRENCY, WEB_RENDER_QUEUE and WEB_RENDER_WAIT_MS, else 16 at once, 256
   * waiting, 5 s.
   */
  renderLimit?: RenderLimitOptions;
}

export interface RunningWeb {
  url: string;
  port: number;
  config: WebConfig;
  server: Server;
  /** The micro-cache, when it is on. */
  pageCache: PageCache | null;
  /** The bound of concurrent renders. */
  renderLimit: RenderLimit;
  /**
   * Stops listening and resolves once every connection closed. `drainMs`: how long answers under
   * way may still finish (default 0: cut at once, as tests want).
   */
  close(options?: { drainMs?: number }): Promise<void>;
}

/**
 * How long a stopping web server lets answers under way finish: a photo upload passed on to the
 * API may wait for an image slot and be decoded (the API waits up to 30 s for its uploads).
 */
export const WEB_DRAIN_MS = 32_000;

/** The path of a request as it came, without its query. */
function pathnameOf(req: IncomingMessage): string {
  return (req.url ?? '/').split('?')[0] ?? '/';
}

function setSecurityHeaders(res: ServerResponse): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  res.setHeader('X-Frame-Options', 'SAMEORIGIN');
}

type LoadContextFactory = (config: WebConfig, visitor: string | null) => RouterContextProvider;

/** Starts the web server; resolves once it listens. */
export async function startWeb(options: StartWebOptions = {}): Promise<RunningWeb> {
  const overrides: Partial<WebConfig> = {};
  if (options.port !== undefined) overrides.port = options.port;
  if (options.apiUrl !== undefined) overrides.apiUrl = options.apiUrl;
  if (options.publicApiUrl !== undefined) overrides.publicApiUrl = options.publicApiUrl;
  if (options.publicWebUrl !== undefined) overrides.publicWebUrl = options.publicWebUrl;
  const config = readWebConfig(options.env ?? process.env, overrides);

  const serverBuild = options.buildDir ? join(options.buildDir, 'server', 'index.js') : SERVER_BUILD;
  const clientDir = options.buildDir ? join(options.buildDir, 'client') : CLIENT_DIR;
  if (!existsSync(serverBuild)) {
    throw new Error(`The web app is not built (${serverBuild} is missing): run npm run build first.`);
  }
  // React picks its development or production build from NODE_ENV when first loaded: set it before
  // anything imports React (hence the dynamic imports), so react and react-dom agree.
  process.env.NODE_ENV ??= 'production';
  const { createRequestListener } = await import('@react-router/node');
  const { createRequestHandler } = await import('react-router');
  const build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
  const createLoadContext = (build.entry.module as { createLoadContext?: LoadContextFactory })
    .createLoadContext;
  if (!createLoadContext) throw new Error('The server build does not export createLoadContext.');
  const files = await indexClientFiles(clientDir);
  // Every call the loaders make to the API names the visitor (docs/decisions/041).
  const visitorOf = visitorAddressReader(config.trustProxy);

  // Routes are matched by the route-pattern matcher, except on the few paths it reads otherwise
  // (app/routing/route-matching.server.ts, decision 027).
  const fastBuild = await withRoutePatternMatching(build);
  const listener = (serverBuild: ServerBuild) =>
    createRequestListener({
      build: serverBuild,
      mode: 'production',
      getLoadContext: (request, client) =>
        createLoadContext(config, visitorOf(client.address, request.headers.get('x-forwarded-for'))),
    });
  // Each request handler gets the build with the route modules looked up, not copied per page
  // (app/routing/route-modules.server.ts, decision 034).
  const renderFast = listener(withRouteModuleLookup(fastBuild));
  const renderDefault = listener(build);
  const render = (req: IncomingMessage, res: ServerResponse) =>
    needsDefaultMatcher(pathnameOf(req)) ? renderDefault(req, res) : renderFast(req, res);

  const pageCache = options.pageCache ? new PageCache(options.pageCache) : null;
  const renderLimit = new RenderLimit(
    options.renderLimit ?? renderLimitOptionsFromEnv(options.env ?? process.env),
  );
  const handleFast = createRequestHandler(withRouteModuleLookup(fastBuild), 'production');
  const handleDefault = createRequestHandler(build, 'production');
  // A cached page is rendered whole, then stored: no client signal, since the render may answer
  // several coalesced visitors (the loaders' own API timeouts bound it). A miss is rendered for
  // the visitor who missed (a script walking uncached pages pays for them); a renewal of a
  // stored page is the server's own, for whoever comes next.
  const renderWhole = async (req: IncomingMessage, forVisitor: boolean): Promise<RenderedPage> => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (name.startsWith(':') || value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
    }
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    const handle = needsDefaultMatcher(pathnameOf(req)) ? handleDefault : handleFast;
    const visitor = forVisitor
      ? visitorOf(req.socket.remoteAddress, req.headers['x-forwarded-for']?.toString())
      : null;
    const response = await handle(
      new Request(url, { method: 'GET', headers }),
      createLoadContext(config, visitor),
    );
    return {
      status: response.status,
      headers: response.headers,
      body: Buffer.from(await response.arrayBuffer()),
    };
  };

  const fail = (req: IncomingMessage, res: ServerResponse, error: unknown) => {
    if (error instanceof RenderBusyError) {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const pathname = (req.url ?? '/').split('?')[0] ?? '/';
      const page = busyPage(
        busyPageLocale(pathname, req.headers['accept-language']),
        error.retryAfterSeconds,
      );
      res.writeHead(page.status, { ...page.headers, 'Content-Length': page.body.length });
      res.end(req.method === 'HEAD' ? undefined : page.body);
      return;
    }
    console.error('[web] request failed:', error);
    if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('Internal Server Error');
  };

  const server = createServer((req, res) => {
    setSecurityHeaders(res);
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    if (req.method === 'GET' || req.method === 'HEAD') {
      if (pathname === '/health') {
        res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : '{"status":"ok"}');
        return;
      }
      const file = files.get(pathname);
      if (file) {
        serveStatic(req, res, file);
        return;
      }
      // A stale or mistyped asset URL: a plain 404 costs less than rendering the error page.
      if (pathname.startsWith('/assets/')) {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Not Found');
        return;
      }
    }
    const key = pageCache ? pageCacheKey(req) : null;
    if (pageCache && key !== null) {
      // Hits never wait; a miss or a renewal renders within the limit.
      pageCache
        .serve(req, res, key, (forVisitor) => renderLimit.run(() => renderWhole(req, forVisitor)))
        .catch((error: unknown) => fail(req, res, error));
      return;
    }
    // A streamed render holds its slot until its answer is complete or the client went away.
    renderLimit.acquire().then(
      (release) => {
        res.once('close', release);
        if (res.destroyed) {
          release();
          return;
        }
        compressHtml(req, res);
        Promise.resolve(render(req, res)).catch((error: unknown) => fail(req, res, error));
      },
      (error: unknown) => {
        // The body of a refused request (a form post) is not read: the connection closes after.
        if (req.method !== 'GET' && req.method !== 'HEAD') res.setHeader('Connection', 'close');
        fail(req, res, error);
      },
    );
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://localhost:${port}`;
  return {
    url,
    port,
    config: { ...config, port },
    server,
    pageCache,
    renderLimit,
    close: (options = {}) =>
      new Promise<void>((resolve, reject) => {
        const drainMs = options.drainMs ?? 0;
        // Answers under way may finish within `drainMs` (an upload, a slow page); kept-alive
        // connections with nothing under way close at once, and as each answer ends.
        const idle = setInterval(() => server.closeIdleConnections(), 200);
        const cut = setTimeout(() => server.closeAllConnections(), drainMs);
        server.close((error) => {
          clearInterval(idle);
          clearTimeout(cut);
          if (error) reject(error);
          else resolve();
        });
        server.closeIdleConnections();
        if (drainMs === 0) server.closeAllConnections();
      }),
  };
}

// Run directly: `node apps/web/server/server.ts`, or as the web process of `npm start` (scripts/start.ts
// forks it: it reports its port over the IPC channel and stops when that channel closes, so it
// never outlives the process that started it). With WEB_WORKERS above 1 this process is the
// primary of that many worker processes sharing its port (web-workers.ts, decision
// 028); each worker runs the server below.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const workers = cluster.isPrimary ? webWorkersFromEnv(process.env) : 1;
  if (workers > 1) runWorkersPrimary(workers);
  else runServer();
}

/** This process as the web server (alone, or as one cluster worker). */
function runServer(): void {
  const forked = typeof process.send === 'function';
  let stop: () => void = () => process.exit(0);
  if (forked) process.once('disconnect', () => stop());
  startWeb({ pageCache: process.env.WEB_PAGE_CACHE === 'off' ? false : {} }).then(
    (web) => {
      let stopping = false;
      stop = () => {
        if (stopping) return;
        stopping = true;
        const force = setTimeout(() => process.exit(1), WEB_DRAIN_MS + 3_000);
        force.unref();
        web.close({ drainMs: WEB_DRAIN_MS }).then(
          () => process.exit(0),
          () => process.exit(1),
        );
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      if (!web.config.internalApiToken) {
        console.warn(
          '[web] INTERNAL_API_TOKEN is not set: the API counts every visitor of this server as one client.',
        );
      }
      if (!forked) console.log(`[web] listening on ${web.url} (API ${web.config.apiUrl})`);
      else if (process.connected) process.send?.({ type: 'web-listening', port: web.port, url: web.url });
      else stop();
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}

/** This process as the primary of `count` web workers on one port. */
function runWorkersPrimary(count: number): void {
  const forked = typeof process.send === 'function';
  let stopping = false;
  const primary = runPrimary({
    workers: count,
    workerEnv: workerRenderLimitEnv(process.env, count),
    onListening: ({ port, url }) => {
      if (!forked) console.log(`[web] ${count} workers listening on ${url}`);
      else if (process.connected) process.send?.({ type: 'web-listening', port, url });
      else stop(0);
    },
    onFailure: (message) => {
      console.error(`[web] ${message}`);
      stop(1);
    },
  });
  function stop(code: number): void {
    if (stopping) return;
    stopping = true;
    primary.stop().then(
      () => process.exit(code),
      () => process.exit(1),
    );
  }
  if (forked) process.once('disconnect', () => stop(0));
  process.once('SIGINT', () => stop(0));
  process.once('SIGTERM', () => stop(0));
}
