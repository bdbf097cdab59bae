import { Counter, Histogram, type Registry } from 'prom-client';

/** Request durations from 5 ms (a cached page) to 10 s (past every request's database limit). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The route label of a request no route matched (404s of any path: one series, not one per path). */
export const UNMATCHED_ROUTE = 'unmatched';

export interface HttpMetrics {
  /** Counts an answered request; `route` is the route's pattern (`/offers/:id`), never the URL. */
  observe(route: string, method: string, statusCode: number, seconds: number): void;
  /** Counts a request refused by a rate-limit budget, named by the first part of its key. */
  refused(budget: string): void;
}

/** The API's request metrics in `registry`. */
export function createHttpMetrics(registry: Registry): HttpMetrics {
  const requests = new Counter({
    name: 'estately_http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status code.',
    labelNames: ['route', 'method', 'status_code'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'estately_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by route pattern and method.',
    labelNames: ['route', 'method'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'estately_rate_limit_refusals_total',
    help:
      'Requests refused with 429 by a rate-limit budget, by budget (request: the per-visitor request rate; ' +
      'the others: per-action budgets). A request refused by two budgets at once counts for each.',
    labelNames: ['budget'] as const,
    registers: [registry],
  });
  return {
    observe(route, method, statusCode, seconds) {
      requests.inc({ route, method, status_code: String(statusCode) });
      duration.observe({ route, method }, seconds);
    },
    refused(budget) {
      refusals.inc({ budget });
    },
  };
}

/**
 * The budget a rate-limiter key belongs to: its part before the first ':'
 * (`auth.login:ip:203.0.113.5` is `auth.login`), a name written in the code, so the label
 * never carries an address or an account.
 */
export function budgetOfKey(key: string): string {
  const end = key.indexOf(':');
  const name = end === -1 ? key : key.slice(0, end);
  return /^[a-z0-9_.]{1,40}$/i.test(name) ? name : 'other';
}
