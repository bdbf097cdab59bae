// Production server of the web app: the built client assets and server rendering, on one port.
// Plain node:http with React Router's Node request listener: no framework, so the root start
// script and the browser tests can start it in-process through `startWeb`.
//
//   npm run build --workspace @estately/web && node apps/web/server.ts
//
// Configuration: WEB_PORT (3000), API_URL (http://localhost:3001), PUBLIC_API_URL, PUBLIC_WEB_URL,
// WEB_WORKERS (1).

import cluster from 'node:cluster';
import { createReadStream, existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative, sep } from 'node:path';
import type { Transform } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createGzip } from 'node:zlib';
import type { RouterContextProvider, ServerBuild } from 'react-router';
import {
  compressHtmlSync,
  createHtmlCompressor,
  htmlEncoding,
  varyOnAcceptEncoding,
} from './app/html-encoding.server.ts';
import {
  PageCache,
  type PageCacheOptions,
  pageCacheKey,
  type RenderedPage,
} from './app/page-cache.server.ts';
import {
  busyPage,
  busyPageLocale,
  RenderBusyError,
  RenderLimit,
  type RenderLimitOptions,
  renderLimitOptionsFromEnv,
} from './app/render-limit.server.ts';
import { needsDefaultMatcher, withRoutePatternMatching } from './app/routing/route-matching.server.ts';
import { withRouteModuleLookup } from './app/routing/route-modules.server.ts';
import { visitorAddressReader } from './app/visitor-address.server.ts';
import { readWebConfig, type WebConfig } from './app/web-config.ts';
import { runPrimary, webWorkersFromEnv, workerRenderLimitEnv } from './app/web-workers.server.ts';

// WEB_BUILD_DIR serves another copy of the build (`npm run bench:web` serves a snapshot, so a
// rebuild while it measures cannot change the files under it).
export const BUILD_DIR = process.env.WEB_BUILD_DIR ?? join(import.meta.dirname, 'build');
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
   * Bound of concurrent page renders (app/render-limit.server.ts): beyond it a render waits, and
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

interface StaticFile {
  path: string;
  size: number;
  type: string;
  immutable: boolean;
  /** The build's brotli twin (`x.js.br`, vite.config.ts), when there is one. */
  brotli?: { path: string; size: number };
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json)|image\/svg\+xml)/;

/** Every file of the client build by URL path: a lookup table leaves no room for path traversal. */
async function indexClientFiles(dir: string): Promise<Map<string, StaticFile>> {
  const files = new Map<string, StaticFile>();
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const urlPath = `/${relative(dir, path).split(sep).join('/')}`;
    const dot = entry.name.lastIndexOf('.');
    const type =
      CONTENT_TYPES[dot >= 0 ? entry.name.slice(dot).toLowerCase() : ''] ?? 'application/octet-stream';
    // Vite puts content-hashed files under /assets: their URL changes whenever they do.
    files.set(urlPath, {
      path,
      size: (await stat(path)).size,
      type,
      immutable: urlPath.startsWith('/assets/'),
    });
  }
  // A brotli twin is no URL of its own: it is sent for its original to browsers that accept br.
  for (const [urlPath, file] of files) {
    if (!urlPath.endsWith('.br')) continue;
    files.delete(urlPath);
    const original = files.get(urlPath.slice(0, -3));
    if (original) original.brotli = { path: file.path, size: file.size };
  }
  return files;
}

function serveStatic(req: IncomingMessage, res: ServerResponse, file: StaticFile): void {
  res.setHeader('Content-Type', file.type);
  res.setHeader(
    'Cache-Control',
    file.immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600, must-revalidate',
  );
  res.setHeader('Vary', 'Accept-Encoding');
  const accepted = req.headers['accept-encoding'] ?? '';
  if (file.brotli && /\bbr\b/.test(accepted)) {
    res.setHeader('Content-Encoding', 'br');
    res.setHeader('Content-Length', file.brotli.size);
    res.writeHead(200);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const stream = createReadStream(file.brotli.path);
    stream.on('error', () => res.destroy());
    stream.pipe(res);
    return;
  }
  const gzip = COMPRESSIBLE.test(file.type) && file.size > 1024 && /\bgzip\b/.test(accepted);
  if (gzip) res.setHeader('Content-Encoding', 'gzip');
  else res.setHeader('Content-Length', file.size);
  res.writeHead(200);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const stream = createReadStream(file.path);
  stream.on('error', () => res.destroy());
  if (gzip) stream.pipe(createGzip()).pipe(res);
  else stream.pipe(res);
}

/**
 * Compresses what the renderer writes when it is HTML (documents are 40-110 KB uncompressed, most
 * of a mobile first view's transfer), in the encoding the browser takes best (zstd, brotli or gzip:
 * html-encoding.server.ts). A page rendered at once (it says its length, decision 034) is
 * compressed in one go when it ends; a streamed one chunk by chunk, each flushed as it comes, so
 * it still arrives in pieces. Data requests and resources pass through untouched.
 */
function compressHtml(req: IncomingMessage, res: ServerResponse): void {
  const encoding = req.method === 'HEAD' ? null : htmlEncoding(req.headers['accept-encoding']);
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  /** A streamed document's compressor, or the pieces of a whole one until it ends. */
  let compressor: Transform | null = null;
  let whole: Buffer[] | null = null;
  const start = () => {
    const type = String(res.getHeader('content-type') ?? '');
    if (!type.startsWith('text/html') || res.getHeader('content-encoding')) return;
    varyOnAcceptEncoding(res);
    if (!encoding) return;
    res.setHeader('Content-Encoding', encoding);
    if (res.getHeader('content-length') !== undefined) {
      res.removeHeader('Content-Length');
      whole = [];
      return;
    }
    compressor = createHtmlCompressor(encoding);
    compressor.on('data', (chunk: Buffer) => write(chunk));
    compressor.on('end', () => end());
    compressor.on('error', () => res.destroy());
  };
  const bytes = (chunk: unknown) => (typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  res.writeHead = ((...args: unknown[]) => {
    // Headers given to writeHead itself count too: set them first, then decide.
    const headers = args.find((arg, index) => index > 0 && typeof arg === 'object' && arg !== null);
    // Raw header lists are passed on as they are, uncompressed.
    if (Array.isArray(headers)) return writeHead(...args);
    if (headers) {
      for (const [name, value] of Object.entries(headers as Record<string, string>))
        res.setHeader(name, value);
    }
    start();
    return writeHead(args[0], typeof args[1] === 'string' ? args[1] : undefined);
  }) as typeof res.writeHead;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (!res.headersSent) res.writeHead(res.statusCode);
    if (whole) whole.push(bytes(chunk));
    else if (compressor) compressor.write(bytes(chunk));
    else return write(chunk, ...rest);
    return true;
  }) as typeof res.write;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (!res.headersSent) res.writeHead(res.statusCode);
    if (!whole && !compressor) return end(chunk, ...rest);
    const last = chunk !== undefined && typeof chunk !== 'function' ? bytes(chunk) : null;
    if (whole && encoding) {
      if (last) whole.push(last);
      const body = whole.length === 1 ? (whole[0] as Buffer) : Buffer.concat(whole);
      whole = null;
      return end(compressHtmlSync(body, encoding));
    }
    if (last) compressor?.write(last);
    compressor?.end();
    return res;
  }) as typeof res.end;
}

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

// Run directly: `node apps/web/server.ts`, or as the web process of `npm start` (scripts/start.ts
// forks it: it reports its port over the IPC channel and stops when that channel closes, so it
// never outlives the process that started it). With WEB_WORKERS above 1 this process is the
// primary of that many worker processes sharing its port (app/web-workers.server.ts, decision
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
