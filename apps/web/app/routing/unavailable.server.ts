import { createContext, data, type RouterContextProvider } from 'react-router';
import {
  ApiError,
  DEFAULT_RETRY_WAIT_SECONDS,
  isTooManyRequests,
  retryWaitSeconds,
} from '../api/api-error.ts';

// A page whose API could not answer in time (a timeout, a refused connection, a 502/503/504) is
// the API's overload or outage, not a bug of the page: it answers 503 with Retry-After, so
// browsers, crawlers and caches try again shortly rather than take it for a broken page. A page
// whose API refused the visitor for asking too often (429) answers 429 with the API's own
// Retry-After, and the page says how long to wait (issue 36 point 3). Other failures stay 500.
//
// The error page of both shows the wait (shell/error-page.tsx reads it from the thrown data), and
// entry.server.tsx sets Retry-After on the document and on the `.data` answer of a client
// navigation from what the loader noted in the request's context here.

/** Seconds a client is asked to wait before trying a 503 page again. */
export const RETRY_AFTER_SECONDS = 5;

/** True when the API did not answer (status 0: unreachable or timed out) or said it is unavailable. */
export function isApiUnavailable(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504)
  );
}

/** What a page answers when an API call it cannot do without failed with `error`. */
export interface PageFailure {
  status: 429 | 503 | 500;
  /** Retry-After of the answer (seconds); null for a 500. */
  retryAfterSeconds: number | null;
}

/** The data of a thrown 429 or 503 page, as the error page reads it. */
export interface RetryLaterData {
  retryAfterSeconds: number;
}

export function pageFailureOf(error: unknown): PageFailure {
  if (isTooManyRequests(error)) return { status: 429, retryAfterSeconds: retryWaitSeconds(error) };
  if (isApiUnavailable(error)) return { status: 503, retryAfterSeconds: RETRY_AFTER_SECONDS };
  return { status: 500, retryAfterSeconds: null };
}

/** The status a page answers when its main API call failed with `error`. */
export function pageFailureStatus(error: unknown): PageFailure['status'] {
  return pageFailureOf(error).status;
}

// The failure of this request's page, noted by the loader that threw it (or by entry.server.tsx's
// handleError for an ApiError a loader let through). Read with a default, so the request's
// context needs no entry for it up front.
const pageFailureContext = createContext<PageFailure | null>(null);

/** The 429 or 503 a loader of this request answered with, if one did. */
export function notedPageFailure(context: Readonly<RouterContextProvider> | undefined): PageFailure | null {
  return context?.get(pageFailureContext) ?? null;
}

/**
 * Notes the failure of the page being answered when it asks to retry later (429, 503): a 429
 * wins over a 503 (the visitor's own wait), and the longer wait over the shorter.
 */
export function notePageFailure(context: Readonly<RouterContextProvider>, failure: PageFailure): void {
  if (failure.retryAfterSeconds === null) return;
  const noted = context.get(pageFailureContext);
  const wins =
    noted === null ||
    (failure.status === 429 && noted.status !== 429) ||
    (failure.status === noted.status && failure.retryAfterSeconds > (noted.retryAfterSeconds ?? 0));
  if (wins) context.set(pageFailureContext, failure);
}

/**
 * The status and Retry-After of a page or `.data` answer: a 429 or 503 answers with the wait its
 * loader noted; a 500 that came from a 429 or an unavailable API a loader let through becomes that
 * status. Anything else keeps its status and asks for no wait.
 */
export function retryLaterAnswer(
  status: number,
  context: Readonly<RouterContextProvider> | undefined,
): { status: number; retryAfterSeconds: number | null } {
  const noted = notedPageFailure(context);
  if (noted && (status === noted.status || status === 500)) return noted;
  if (status === 503) return { status, retryAfterSeconds: RETRY_AFTER_SECONDS };
  if (status === 429) return { status, retryAfterSeconds: DEFAULT_RETRY_WAIT_SECONDS };
  return { status, retryAfterSeconds: null };
}

/** Throws the error page with the status of `error`: the 429 or 503 page with the wait, else a 500. */
export function throwPageFailure(error: unknown, context: Readonly<RouterContextProvider>): never {
  throwIfRetryLater(error, context);
  throw data(null, { status: 500 });
}

/**
 * For a loader that shows its own notice when the API fails: a 429 or an unavailable API is still
 * the page to try again later (429 or 503), thrown here; anything else returns to the loader.
 */
export function throwIfRetryLater(
  error: unknown,
  context: Readonly<RouterContextProvider>,
  only: 'limited' | 'limited-or-unavailable' = 'limited-or-unavailable',
): void {
  const failure = pageFailureOf(error);
  if (failure.retryAfterSeconds === null) return;
  if (only === 'limited' && failure.status !== 429) return;
  notePageFailure(context, failure);
  throw data({ retryAfterSeconds: failure.retryAfterSeconds } satisfies RetryLaterData, {
    status: failure.status,
  });
}

/**
 * A `.catch` handler for a loader's API call: a 429 (or, unless `only` says otherwise, an
 * unavailable API) becomes the page to try again later; any other error is thrown on as it is.
 */
export function retryLaterOrRethrow(
  context: Readonly<RouterContextProvider>,
  only: 'limited' | 'limited-or-unavailable' = 'limited-or-unavailable',
): (error: unknown) => never {
  return (error) => {
    throwIfRetryLater(error, context, only);
    throw error;
  };
}
