// The web server's figures in the Prometheus text format (prom-client), served on their own port
// (metrics-listener.ts) when METRICS_PORT is set. Kept only then: without it the request path
// records nothing, so the one-command start and the page benchmarks pay nothing for them.
//
// Labels are bounded by design: the kind of answer, the screen of a page (from the domain route
// table, never the raw URL, whose ids and search words would make a series per address) and the
// status code.

import type { ServerResponse } from 'node:http';
import { matchPath } from '@estately/domain';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { RenderLimit } from './render-limit.ts';

/** What a request was answered as. */
export type RequestKind = 'static' | 'page' | 'data' | 'health' | 'other';

/** Seconds: from a cached page or an asset (a millisecond) to a render that waited for the API. */
const DURATION_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** React Router's data requests end in `.data`; `/_root.data` is the data of `/`. */
const DATA_SUFFIX = '.data';
/** React Router's lazy route discovery: the browser asks which routes serve the paths it links to. */
const MANIFEST_PATH = '/__manifest';

/**
 * The route label of a page or data request: the screen the domain route table names for its
 * path (`home`, `search`, `propertyDetail`…, the same in every locale), `map` for the results
 * map's files, `manifest` for route discovery, else `other` (screens outside the table, unknown
 * paths).
 */
export function routeLabel(pathname: string): string {
  if (pathname === MANIFEST_PATH) return 'manifest';
  let path = pathname;
  if (path.endsWith(DATA_SUFFIX)) {
    path = path.slice(0, -DATA_SUFFIX.length);
    if (path === '/_root') path = '/';
  }
  if (path.startsWith('/map/')) return 'map';
  return matchPath(path)?.screen ?? 'other';
}

/** The kind of a request that reached the renderer. */
export function renderedKind(pathname: string): RequestKind {
  return pathname.endsWith(DATA_SUFFIX) || pathname === MANIFEST_PATH ? 'data' : 'page';
}

export interface WebMetricsSources {
  renderLimit: RenderLimit;
}

/** One process's registry and the instruments server.ts records into. */
export class WebMetrics {
  readonly registry = new Registry();
  readonly #requests: Counter<'kind' | 'route' | 'status'>;
  readonly #duration: Histogram<'kind' | 'route'>;
  readonly #pageCache: Counter<'result'>;

  constructor(sources: WebMetricsSources) {
    const registers = [this.registry];
    this.#requests = new Counter({
      name: 'web_http_requests_total',
      help: 'Requests answered, by kind, route (the screen of a page) and status code.',
      labelNames: ['kind', 'route', 'status'],
      registers,
    });
    this.#duration = new Histogram({
      name: 'web_http_request_duration_seconds',
      help: 'Time from a request to the end of its answer, by kind and route.',
      labelNames: ['kind', 'route'],
      buckets: DURATION_BUCKETS,
      registers,
    });
    this.#pageCache = new Counter({
      name: 'web_page_cache_requests_total',
      help: 'Pages answered through the micro-cache of anonymous pages, by result (hit, stale, miss).',
      labelNames: ['result'],
      registers,
    });
    const limit = sources.renderLimit;
    new Gauge({
      name: 'web_render_in_flight',
      help: 'Page renders under way.',
      registers,
      collect() {
        this.set(limit.running);
      },
    });
    new Gauge({
      name: 'web_render_waiting',
      help: 'Page renders waiting for a slot of the render limit.',
      registers,
      collect() {
        this.set(limit.waiting);
      },
    });
    new Counter({
      name: 'web_render_refused_total',
      help: 'Page renders refused by the render limit (answered 503 with Retry-After).',
      registers,
      collect() {
        // The limit keeps the count; the counter shows it as it is at each scrape.
        this.reset();
        this.inc(limit.refused);
      },
    });
    // 1 in each process: summed over a server's workers (metrics-listener.ts), how many answered.
    new Gauge({
      name: 'web_processes',
      help: 'Web server processes whose figures are shown (each counts 1).',
      registers,
    }).set(1);
    // Memory, CPU, event-loop delay, garbage collection: the process's own figures.
    collectDefaultMetrics({ register: this.registry });
  }

  /** Records one answered request. */
  observe(kind: RequestKind, route: string, status: number, seconds: number): void {
    this.#requests.inc({ kind, route, status: status });
    this.#duration.observe({ kind, route }, seconds);
  }

  /** Records the micro-cache's answer to a page (its X-Cache header), when it had one. */
  observePageCache(res: ServerResponse): void {
    const state = res.getHeader('X-Cache');
    if (typeof state === 'string') this.#pageCache.inc({ result: state.toLowerCase() });
  }
}
