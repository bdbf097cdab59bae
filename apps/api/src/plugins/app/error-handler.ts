import { STATUS_CODES } from 'node:http';
import type { ErrorBody, ErrorCode } from '@estately/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type AppError, isAppError, STATUS_BY_CODE, statusLabel } from '../../lib/app-error.ts';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  isDatabaseUnavailable,
  isStorageFull,
  STORAGE_FULL_MESSAGE,
} from './database-errors.ts';

// Every failure leaves the API as `{code, message, errors?}` (DESIGN 4, spec 8). Only
// messages we wrote reach the client: an unexpected error is logged with its stack and
// answered with a bare 500, so no SQL, paths or stack traces leak.

interface ValidationIssue {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** A message that is already a translation key (e.g. `validation.price_currency_required`), not an English sentence. */
const MESSAGE_KEY = /^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/;

/**
 * The message key of the domain's validation catalogue (packages/domain validation-messages.ts)
 * for a zod issue that carries no key of its own.
 */
export function messageKeyOf(issue: ValidationIssue): string {
  if (issue.message && MESSAGE_KEY.test(issue.message)) return issue.message;
  const params = issue.params ?? {};
  const numeric = params.origin === 'number' || params.origin === 'bigint';
  switch (issue.keyword) {
    case 'invalid_type':
      if (params.expected === 'number') return 'validation.invalid_number';
      if (params.expected === 'int') return 'validation.invalid_integer';
      if (params.expected === 'boolean') return 'validation.invalid_boolean';
      return 'validation.invalid_value';
    case 'too_small':
      if (!numeric) return 'validation.invalid_value';
      return params.minimum === 0 && params.inclusive === false
        ? 'validation.number_not_positive'
        : 'validation.number_too_small';
    case 'too_big':
      return numeric ? 'validation.number_too_large' : 'validation.invalid_value';
    case 'invalid_format':
      return params.format === 'date' ? 'validation.invalid_date' : 'validation.invalid_value';
    default:
      return 'validation.invalid_value';
  }
}

/**
 * Turns schema validation issues into `{field: [messageKey, ...]}`. The field is the dotted
 * path inside the validated part (`currency`, `price.min`); issues about the part as a whole
 * are keyed by the part (`body`, `querystring`). Keys, not sentences, because clients
 * translate them into 30 locales (CONVENTIONS habit 5).
 */
export function validationErrors(
  issues: readonly ValidationIssue[],
  context: string | undefined,
): Record<string, string[]> {
  // A Map, not an object literal: field names come from the client's body, and a field called
  // `toString`, `constructor` or `__proto__` must not find (or replace) Object.prototype's
  // members (issue 11: such a body answered 500).
  const errors = new Map<string, string[]>();
  for (const issue of issues) {
    const path = (issue.instancePath ?? '').split('/').filter(Boolean).join('.');
    const field = path || context || 'request';
    const key = messageKeyOf(issue);
    const list = errors.get(field) ?? [];
    if (!list.includes(key)) list.push(key);
    errors.set(field, list);
  }
  return Object.fromEntries(errors);
}

function codeForStatus(status: number): ErrorCode {
  const entry = Object.entries(STATUS_BY_CODE).find(([, value]) => value === status);
  if (entry) return entry[0] as ErrorCode;
  return status >= 500 ? 'internal_error' : 'bad_request';
}

function send(reply: FastifyReply, status: number, body: ErrorBody) {
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

export function notFoundBody(): ErrorBody {
  return { code: 'not_found', message: statusLabel(404) };
}

async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler(
    (error: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply) => {
      if (isAppError(error)) {
        if (error.retryAfterSeconds !== undefined)
          reply.header('retry-after', String(error.retryAfterSeconds));
        // A refusal to queue more work (503 with Retry-After) is load shedding, not a failure.
        if (error.statusCode >= 500 && error.retryAfterSeconds === undefined)
          request.log.error({ err: error }, 'request failed');
        return send(reply, error.statusCode, error.toBody());
      }

      const fastifyError = error as FastifyError;
      if (Array.isArray(fastifyError.validation)) {
        return send(reply, 422, {
          code: 'validation_errors',
          message: statusLabel(422),
          errors: validationErrors(
            fastifyError.validation as ValidationIssue[],
            fastifyError.validationContext,
          ),
        });
      }

      // Client errors raised by Fastify itself (malformed JSON, body too large, unsupported
      // media type...) keep their status; their text is generic.
      const status = fastifyError.statusCode;
      if (typeof status === 'number' && status >= 400 && status < 500) {
        return send(reply, status, {
          code: codeForStatus(status),
          message:
            statusLabel(status) === 'An error occurred'
              ? (STATUS_CODES[status] ?? 'Bad Request')
              : statusLabel(status),
        });
      }

      if (isStorageFull(error)) {
        request.log.error({ err: error }, 'storage full');
        reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS * 12));
        return send(reply, 503, { code: 'service_unavailable', message: STORAGE_FULL_MESSAGE });
      }

      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        return send(reply, 503, { code: 'service_unavailable', message: statusLabel(503) });
      }

      request.log.error({ err: error }, 'unhandled error');
      return send(reply, 500, { code: 'internal_error', message: statusLabel(500) });
    },
  );

  app.setNotFoundHandler((_request, reply) => send(reply, 404, notFoundBody()));
}

export default fp(errorHandler, { name: 'error-handler', fastify: '5.x' });
