// Production server of the web app: the built client assets and server rendering, on one port.
// Plain node:http with React Router's Node request listener: no framework, so the root start
// script and the browser tests can start it in-process through `startWeb`.
//
//   npm run build --workspace @estately/web && node apps/web/server/server.ts
//
// Configuration: WEB_PORT (3000), WEB_HOST (all interfaces), API_URL (http://localhost:3001),
// PUBLIC_API_URL, PUBLIC_WEB_URL, WEB_WORKERS (1), WEB_TRUST_PROXY, METRICS_PORT and METRICS_HOST,
// WEB_ACCESS_LOG (docs/deploy.md).

import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { RouterContextProvider, ServerBuild } from 'react-router';
import { needsDefaultMatcher, withRoutePatternMatching } from '../app/routing/route-matching.server.ts';
import { withRouteModuleLookup } from '../app/routing/route-modules.server.ts';
import { readWebConfig, type WebConfig } from '../app/web-config.ts';
import { type Logger, webLog } from '../app/web-log.server.ts';
import { loggedPath } from './access-log.ts';
import { compressHtml } from './compress-html.ts';
import {
  clusterSource,
  type MetricsListener,
  registrySource,
  startMetricsListener,
} from './metrics-listener.ts';
import { PageCache, type PageCacheOptions, pageCacheKey, type RenderedPage } from './page-cache.ts';
import { ApiProbe, LIVE_PATH, READY_PATH, readiness } from './readiness.ts';
import {
  busyPage,
  busyPageLocale,
  RenderBusyError,
  RenderLimit,
  type RenderLimitOptions,
  renderLimitOptionsFromEnv,
} from './render-limit.ts';
import { REQUEST_ID_HEADER, requestIdOf } from './request-id.ts';
import { indexClientFiles, serveStatic } from './static-files.ts';
import { trustedPeerReader, visitorAddressReader } from './visitor-address.ts';
import { type RequestKind, renderedKind, routeLabel, WebMetrics } from './web-metrics.ts';
import { runPrimary, webWorkersFromEnv, workerRenderLimitEnv } from './web-workers.ts';

// WEB_BUILD_DIR serves another copy of the build (`npm run bench:web` serves a snapshot, so a
// rebuild while it measures cannot change the files under it).
export const BUILD_DIR = process.env.WEB_BUILD_DIR ?? join(import.meta.dirname, '..', 'build');
const SERVER_BUILD = join(BUILD_DIR, 'server', 'index.js');
const CLIENT_DIR = join(BUILD_DIR, 'client');

export interface StartWebOptions {
  /** Port to listen on; 0 picks a free one. Default: WEB_PORT or 3000. */
  port?: number;
  /**
   * Host to bind. Default: WEB_HOST, else all interfaces (the web server is the public face of
   * `npm start`; behind a balancer WEB_HOST=127.0.0.1 keeps it reachable through that only).
   */
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
  /** Where the server's JSON log lines go. Default: the process's log (standard output). */
  log?: Logger;
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
  /** The figures kept for /metrics, when METRICS_PORT is set. */
  metrics: WebMetrics | null;
  /**
   * The address of this server's own metrics listener; null when there is none (no METRICS_PORT,
   * or a cluster worker, whose figures the primary serves).
   */
  metricsUrl: string | null;
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

type LoadContextFactory = (
  config: WebConfig,
  visitor: string | null,
  requestId?: string | null,
) => RouterContextProvider;

/** The protocol the visitor used: a trusted proxy's X-Forwarded-Proto, else this connection's. */
function forwardedHttps(req: IncomingMessage): boolean {
  const proto = req.headers['x-forwarded-proto'];
  if (typeof proto !== 'string') return false;
  const first = proto.split(',')[0]?.trim().toLowerCase();
  return first === 'https';
}

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
  const { createRequestListener } = await import('@remix-run/node-fetch-server');
  const { createRequestHandler } = await import('react-router');
  const build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
  const createLoadContext = (build.entry.module as { createLoadContext?: LoadContextFactory })
    .createLoadContext;
  if (!createLoadContext) throw new Error('The server build does not export createLoadContext.');
  const files = await indexClientFiles(clientDir);
  // Every call the loaders make to the API names the visitor (docs/decisions/041).
  const visitorOf = visitorAddressReader(config.trustProxy);
  const trustedPeer = trustedPeerReader(config.trustProxy);
  const log = options.log ?? webLog();

  // Routes are matched by the route-pattern matcher, except on the few paths it reads otherwise
  // (app/routing/route-matching.server.ts, decision 027).
  const fastBuild = await withRoutePatternMatching(build);
  // React Router's request handler behind Node's request listener (what @react-router/node's
  // createRequestListener does), with one difference: the request's URL says https when a trusted
  // proxy took the visitor's request over TLS (X-Forwarded-Proto), so the session's cookies are
  // set Secure behind the balancer as they are on a direct https connection.
  const listeners = (serverBuild: ServerBuild) => {
    const handle = createRequestHandler(serverBuild, 'production');
    const handler = (request: Request, client: { address: string }) =>
      handle(
        request,
        createLoadContext(
          config,
          visitorOf(client.address, request.headers.get('x-forwarded-for')),
          request.headers.get(REQUEST_ID_HEADER),
        ),
      );
    // React Router answers its own errors (entry.server.tsx handleError logs them with the
    // request's id); what reaches here is a request that could not be read (a Host header at odds
    // with :authority) or a broken handler: answered 500, logged as JSON like the rest.
    const onError = (error: unknown) => {
      log.error({ err: error }, 'request failed');
    };
    return {
      plain: createRequestListener(handler, { onError }),
      https: createRequestListener(handler, { protocol: 'https:', onError }),
    };
  };
  // Each request handler gets the build with the route modules looked up, not copied per page
  // (app/routing/route-modules.server.ts, decision 034).
  const renderFast = listeners(withRouteModuleLookup(fastBuild));
  const renderDefault = listeners(build);
  const render = (req: IncomingMessage, res: ServerResponse, https: boolean) => {
    const pair = needsDefaultMatcher(pathnameOf(req)) ? renderDefault : renderFast;
    return (https ? pair.https : pair.plain)(req, res);
  };

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
  const renderWhole = async (
    req: IncomingMessage,
    forVisitor: boolean,
    https: boolean,
  ): Promise<RenderedPage> => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (name.startsWith(':') || value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
    }
    const url = new URL(req.url ?? '/', `${https ? 'https' : 'http'}://${req.headers.host ?? 'localhost'}`);
    const handle = needsDefaultMatcher(pathnameOf(req)) ? handleDefault : handleFast;
    const visitor = forVisitor
      ? visitorOf(req.socket.remoteAddress, req.headers['x-forwarded-for']?.toString())
      : null;
    const response = await handle(
      new Request(url, { method: 'GET', headers }),
      createLoadContext(config, visitor, req.headers[REQUEST_ID_HEADER] as string),
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
    log.error({ reqId: req.headers[REQUEST_ID_HEADER], err: error }, 'request failed');
    if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('Internal Server Error');
  };

  // Figures and the access log cost a listener per request; they are kept only when asked for.
  const metrics = config.metrics ? new WebMetrics({ renderLimit }) : null;
  const tracked = metrics !== null || config.accessLog;
  const track = (req: IncomingMessage, res: ServerResponse, pathname: string, kind: RequestKind) => {
    const start = performance.now();
    res.once('close', () => {
      const ms = performance.now() - start;
      const status = res.statusCode;
      if (metrics) {
        const route = kind === 'page' || kind === 'data' ? routeLabel(pathname) : kind;
        metrics.observe(kind, route, status, ms / 1000);
        if (kind === 'page') metrics.observePageCache(res);
      }
      // The path without its query or tokens (access-log.ts). Health probes
      // (the balancer's, twice a second) are counted but not logged: they would drown the rest.
      if (config.accessLog && kind !== 'health') {
        log.info(
          {
            reqId: req.headers[REQUEST_ID_HEADER],
            method: req.method,
            path: loggedPath(pathname),
            status,
            ms: Math.round(ms * 10) / 10,
          },
          'request',
        );
      }
    });
  };
  const probe = new ApiProbe(config.apiUrl);
  let stopping = false;

  const server = createServer((req, res) => {
    // One id per request: the balancer's (a trusted proxy), else a new one (request-id.ts). Written
    // back into the request's headers, so the render reads the same id as this server's lines.
    const trusted = trustedPeer(req.socket.remoteAddress);
    const requestId = requestIdOf(trusted, req.headers[REQUEST_ID_HEADER]);
    req.headers[REQUEST_ID_HEADER] = requestId;
    res.setHeader('X-Request-Id', requestId);
    setSecurityHeaders(res);
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    if (req.method === 'GET' || req.method === 'HEAD') {
      if (pathname === '/health' || pathname === LIVE_PATH) {
        if (tracked) track(req, res, pathname, 'health');
        res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : '{"status":"ok"}');
        return;
      }
      if (pathname === READY_PATH) {
        if (tracked) track(req, res, pathname, 'health');
        void readiness(probe, stopping).then((state) => {
          res.writeHead(state.ready ? 200 : 503, {
            'Content-Type': 'application/json',
            'Cache-Control': 'no-store',
          });
          const body = state.ready
            ? '{"status":"ready"}'
            : JSON.stringify({ status: 'not_ready', reasons: state.reasons });
          res.end(req.method === 'HEAD' ? undefined : body);
        });
        return;
      }
      const file = files.get(pathname);
      if (file) {
        if (tracked) track(req, res, pathname, 'static');
        serveStatic(req, res, file);
        return;
      }
      // A stale or mistyped asset URL: a plain 404 costs less than rendering the error page.
      if (pathname.startsWith('/assets/')) {
        if (tracked) track(req, res, pathname, 'static');
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Not Found');
        return;
      }
    }
    if (tracked) track(req, res, pathname, renderedKind(pathname));
    const https = trusted && forwardedHttps(req);
    const key = pageCache ? pageCacheKey(req) : null;
    if (pageCache && key !== null) {
      // Hits never wait; a miss or a renewal renders within the limit.
      pageCache
        .serve(req, res, key, (forVisitor) => renderLimit.run(() => renderWhole(req, forVisitor, https)))
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
        Promise.resolve(render(req, res, https)).catch((error: unknown) => fail(req, res, error));
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
    server.listen(config.port, options.host ?? ((options.env ?? process.env).WEB_HOST || undefined), () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://localhost:${port}`;
  // A cluster worker's figures are served by the primary (server.ts runWorkersPrimary), summed
  // with the other workers'; a server alone serves its own.
  let metricsListener: MetricsListener | null = null;
  if (metrics && config.metrics) {
    if (cluster.isWorker) clusterSource(metrics.registry);
    else {
      try {
        metricsListener = await startMetricsListener(
          registrySource(metrics.registry),
          config.metrics.port,
          config.metrics.host,
          (error) => log.error({ err: error }, 'metrics failed'),
        );
      } catch (error) {
        server.close();
        server.closeAllConnections();
        throw error;
      }
    }
  }
  return {
    url,
    port,
    config: { ...config, port },
    server,
    pageCache,
    renderLimit,
    metrics,
    metricsUrl: metricsListener?.url ?? null,
    close: (options = {}) =>
      new Promise<void>((resolve, reject) => {
        // Readiness answers 503 from now on, so a balancer that polls it stops sending visitors.
        stopping = true;
        const metricsClosed = metricsListener?.close() ?? Promise.resolve();
        const drainMs = options.drainMs ?? 0;
        // Answers under way may finish within `drainMs` (an upload, a slow page); kept-alive
        // connections with nothing under way close at once, and as each answer ends.
        const idle = setInterval(() => server.closeIdleConnections(), 200);
        const cut = setTimeout(() => server.closeAllConnections(), drainMs);
        server.close((error) => {
          clearInterval(idle);
          clearTimeout(cut);
          if (error) reject(error);
          else metricsClosed.then(() => resolve(), reject);
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
        webLog().info('web server stopping');
        const force = setTimeout(() => process.exit(1), WEB_DRAIN_MS + 3_000);
        force.unref();
        web.close({ drainMs: WEB_DRAIN_MS }).then(
          () => process.exit(0),
          () => process.exit(1),
        );
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      const log = webLog();
      if (!web.config.internalApiToken) {
        log.warn('INTERNAL_API_TOKEN is not set: the API counts every visitor of this server as one client.');
      }
      log.info(
        { url: web.url, api: web.config.apiUrl, metrics: web.metricsUrl ?? undefined },
        'web server listening',
      );
      if (!forked) return;
      if (process.connected) process.send?.({ type: 'web-listening', port: web.port, url: web.url });
      else stop();
    },
    (error: unknown) => {
      webLog().fatal({ err: error }, 'web server did not start');
      process.exit(1);
    },
  );
}

/** This process as the primary of `count` web workers on one port. */
function runWorkersPrimary(count: number): void {
  const forked = typeof process.send === 'function';
  let stopping = false;
  const log = webLog();
  // The figures of every worker, summed, on the one METRICS_PORT of this server.
  const metricsAt = readWebConfig(process.env).metrics;
  let metrics: MetricsListener | null = null;
  const primary = runPrimary({
    workers: count,
    workerEnv: workerRenderLimitEnv(process.env, count),
    onListening: ({ port, url }) => {
      const listening = () => {
        log.info({ url, workers: count, metrics: metrics?.url }, 'web server listening');
        if (!forked) return;
        if (process.connected) process.send?.({ type: 'web-listening', port, url });
        else stop(0);
      };
      if (!metricsAt) return listening();
      startMetricsListener(clusterSource(), metricsAt.port, metricsAt.host, (error) =>
        log.error({ err: error }, 'metrics failed'),
      ).then(
        (listener) => {
          metrics = listener;
          listening();
        },
        (error: unknown) => {
          log.fatal({ err: error }, 'metrics listener did not start');
          stop(1);
        },
      );
    },
    onFailure: (message) => {
      log.error(message);
      stop(1);
    },
  });
  function stop(code: number): void {
    if (stopping) return;
    stopping = true;
    log.info('web server stopping');
    void metrics?.close();
    primary.stop().then(
      () => process.exit(code),
      () => process.exit(1),
    );
  }
  if (forked) process.once('disconnect', () => stop(0));
  process.once('SIGINT', () => stop(0));
  process.once('SIGTERM', () => stop(0));
}
