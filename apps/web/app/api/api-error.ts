// API failures as values (CONVENTIONS habit 11). No runtime imports but a constant's: this module
// reaches the browser.

import type { ApiResponse } from './api-response.ts';
import { DEFAULT_RETRY_WAIT_SECONDS } from './retry-default.ts';

export { DEFAULT_RETRY_WAIT_SECONDS } from './retry-default.ts';

/** Status labels of spec 8, the fallback text of an error without a message of its own. */
export const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  415: 'Unsupported Media Type',
  422: 'Validation Error',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** The last resort of spec 8's toast text. */
export const GENERIC_ERROR_TEXT = 'An error occurred';

export class ApiError extends Error {
  /** HTTP status; 0 when the server could not be reached. */
  readonly status: number;
  /** The API's error code (`not_found`, `validation_errors`, ...), when it sent one. */
  readonly code: string | null;
  /** The server's message from the error body, when it sent one. */
  readonly serverMessage: string | null;
  /** Field errors of a 422 `validation_errors` answer: message keys by field. */
  readonly errors: Readonly<Record<string, readonly string[]>> | null;
  /** A text chosen by the caller for this failure (spec 8 "the error text"), e.g. 'Profile update failed'. */
  readonly text: string | null;
  /** Seconds the API asked the client to wait (its `Retry-After`), on a 429 or 503 that sent one. */
  readonly retryAfterSeconds: number | null;

  constructor(init: {
    status: number;
    code?: string | null;
    serverMessage?: string | null;
    errors?: Record<string, readonly string[]> | null;
    text?: string | null;
    retryAfterSeconds?: number | null;
  }) {
    super(init.text ?? init.serverMessage ?? STATUS_TEXT[init.status] ?? `HTTP ${init.status}`);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code ?? null;
    this.serverMessage = init.serverMessage ?? null;
    this.errors = init.errors ?? null;
    this.text = init.text ?? null;
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
  }

  /** Spec 8: a response with code validation_errors and an errors field is a validation failure. */
  get isValidation(): boolean {
    return this.code === 'validation_errors' && this.errors !== null;
  }
}

/** Builds the ApiError of a failed response from its JSON error body, when it has one. */
export async function apiErrorFrom(response: ApiResponse): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy's HTML page): the status alone describes the failure.
  }
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  return new ApiError({
    status: response.status,
    code: typeof record.code === 'string' ? record.code : null,
    serverMessage: typeof record.message === 'string' && record.message !== '' ? record.message : null,
    errors:
      record.errors && typeof record.errors === 'object'
        ? (record.errors as Record<string, readonly string[]>)
        : null,
    retryAfterSeconds: retryAfterSecondsOf(response.headers.get('retry-after')),
  });
}

/**
 * Seconds of a `Retry-After` header (RFC 9110 10.2.3): delay-seconds as the API sends them, or an
 * HTTP date; null when there is none or it cannot be read.
 */
export function retryAfterSecondsOf(value: string | null, now = Date.now()): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/** A refusal for asking too often (429): the wait it asked for, in seconds. */
export function isTooManyRequests(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 429;
}

/** The wait of a 429 in seconds: the API's Retry-After, else a minute (i18n/error-text.ts names it). */
export function retryWaitSeconds(error: ApiError): number {
  return error.retryAfterSeconds ?? DEFAULT_RETRY_WAIT_SECONDS;
}

/**
 * Toast text of a failure (spec 8): the error's own text, else the server's message, else the
 * status text, else 'An error occurred'. `statusText` lets the caller translate the labels.
 */
export function errorToastText(
  error: unknown,
  labels: {
    statusText?: (status: number) => string | undefined;
    generic?: string;
    /** "Too many requests, try again in …" in the visitor's language, given the wait in seconds. */
    tooManyRequests?: (seconds: number) => string;
    /** False where the visitor's language is known: the API's message is English (issue 39). */
    serverMessage?: boolean;
  } = {},
): string {
  const generic = labels.generic ?? GENERIC_ERROR_TEXT;
  // A refusal for asking too often says how long to wait, never the API's own (English) words.
  if (isTooManyRequests(error) && labels.tooManyRequests)
    return labels.tooManyRequests(retryWaitSeconds(error));
  if (error instanceof ApiError) {
    if (error.text) return error.text;
    if (error.serverMessage && labels.serverMessage !== false) return error.serverMessage;
    const status = labels.statusText?.(error.status) ?? STATUS_TEXT[error.status];
    return status ?? generic;
  }
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error !== '') return error;
  return generic;
}
