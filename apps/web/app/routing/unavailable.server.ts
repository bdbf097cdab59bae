import { data } from 'react-router';
import { ApiError } from '../api/api-error.ts';

// A page whose API could not answer in time (a timeout, a refused connection, a 502/503/504) is
// the API's overload or outage, not a bug of the page: it answers 503 with Retry-After (set by
// entry.server.tsx for every 503), so browsers, crawlers and caches try again shortly rather than
// take it for a broken page. Other failures stay 500.

/** Seconds a client is asked to wait before trying a 503 page again. */
export const RETRY_AFTER_SECONDS = 5;

/** True when the API did not answer (status 0: unreachable or timed out) or said it is unavailable. */
export function isApiUnavailable(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504)
  );
}

/** The status a page answers when its main API call failed with `error`. */
export function pageFailureStatus(error: unknown): 503 | 500 {
  return isApiUnavailable(error) ? 503 : 500;
}

/** Throws the error page (server-error variant) with the status of `error`. */
export function throwPageFailure(error: unknown): never {
  throw data(null, { status: pageFailureStatus(error) });
}
