import { type ErrorBody, type ErrorCode, STATUS_LABELS } from '@estately/domain';

// Errors are values with codes, mapped to HTTP once, at the edge (CONVENTIONS habit 11).
// Operations throw `new AppError('not_found')`; the error handler turns it into the spec 8 body.

export const STATUS_BY_CODE: Readonly<Record<ErrorCode, number>> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  gone: 410,
  conflict: 409,
  precondition_failed: 412,
  unsupported_media_type: 415,
  validation_errors: 422,
  too_many_requests: 429,
  internal_error: 500,
  service_unavailable: 503,
};

const EXTRA_LABELS: Readonly<Record<number, string>> = { 409: 'Conflict', 429: 'Too Many Requests' };

/** The spec 8 status label of a status code ("Validation Error" for 422). */
export function statusLabel(status: number): string {
  return STATUS_LABELS[status] ?? EXTRA_LABELS[status] ?? 'An error occurred';
}

export interface AppErrorOptions {
  /** Overrides the status label as the message. Must be safe to show to any client. */
  message?: string;
  /** Per-field message keys (validation failures). */
  errors?: Record<string, string[]>;
  /** Sent as `Retry-After` (seconds): when a refused request (429, 503) may be tried again. */
  retryAfterSeconds?: number;
  cause?: unknown;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly errors: Record<string, string[]> | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    const statusCode = STATUS_BY_CODE[code];
    super(options.message ?? statusLabel(statusCode), { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.statusCode = statusCode;
    this.errors = options.errors;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  toBody(): ErrorBody {
    return this.errors
      ? { code: this.code, message: this.message, errors: this.errors }
      : { code: this.code, message: this.message };
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
