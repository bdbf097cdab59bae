import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import {
  notePageFailure,
  pageFailureOf,
  RETRY_AFTER_SECONDS,
  retryLaterAnswer,
  retryLaterOrRethrow,
  throwIfRetryLater,
  throwPageFailure,
} from './unavailable.server.ts';

/** What a loader threw: the status and data of a thrown `data()`, else the thrown value. */
function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('nothing was thrown');
}

const limited = new ApiError({ status: 429, code: 'too_many_requests', retryAfterSeconds: 42 });

describe('a page whose API refused or failed', () => {
  it('answers 429 with the API’s Retry-After, 503 with its own, 500 otherwise', () => {
    expect(pageFailureOf(limited)).toEqual({ status: 429, retryAfterSeconds: 42 });
    // A 429 without Retry-After waits a minute (the API's budgets are per minute).
    expect(pageFailureOf(new ApiError({ status: 429 }))).toEqual({ status: 429, retryAfterSeconds: 60 });
    for (const status of [0, 502, 503, 504]) {
      expect(pageFailureOf(new ApiError({ status }))).toEqual({
        status: 503,
        retryAfterSeconds: RETRY_AFTER_SECONDS,
      });
    }
    expect(pageFailureOf(new ApiError({ status: 500 }))).toEqual({ status: 500, retryAfterSeconds: null });
    expect(pageFailureOf(new Error('bug'))).toEqual({ status: 500, retryAfterSeconds: null });
  });

  it('throws the 429 page with the wait as its data, and notes it for the answer’s headers', () => {
    const context = new RouterContextProvider();
    const error = thrown(() => throwPageFailure(limited, context)) as {
      init: { status: number };
      data: unknown;
    };
    expect(error.init.status).toBe(429);
    expect(error.data).toEqual({ retryAfterSeconds: 42 });
    // The document or `.data` answer (a 429 from the router) gets the wait as Retry-After.
    expect(retryLaterAnswer(429, context)).toEqual({ status: 429, retryAfterSeconds: 42 });
  });

  it('leaves other failures to a loader that shows its own notice, unless asked for 429s only', () => {
    const context = new RouterContextProvider();
    expect(() => throwIfRetryLater(new ApiError({ status: 500 }), context)).not.toThrow();
    expect(() => throwIfRetryLater(new ApiError({ status: 0 }), context, 'limited')).not.toThrow();
    expect(retryLaterAnswer(200, context)).toEqual({ status: 200, retryAfterSeconds: null });
    const bug = new Error('bug');
    expect(thrown(() => retryLaterOrRethrow(context)(bug))).toBe(bug);
  });

  it('turns a 500 caused by a 429 a loader let through into that 429 (noted by handleError)', () => {
    const context = new RouterContextProvider();
    notePageFailure(context, pageFailureOf(new ApiError({ status: 503 })));
    notePageFailure(context, pageFailureOf(limited));
    notePageFailure(context, pageFailureOf(new Error('unrelated')));
    expect(retryLaterAnswer(500, context)).toEqual({ status: 429, retryAfterSeconds: 42 });
    // Without anything noted, a 503 (the results page's notice) still asks for a retry shortly.
    expect(retryLaterAnswer(503, new RouterContextProvider())).toEqual({
      status: 503,
      retryAfterSeconds: RETRY_AFTER_SECONDS,
    });
    expect(retryLaterAnswer(500, new RouterContextProvider())).toEqual({
      status: 500,
      retryAfterSeconds: null,
    });
  });
});
