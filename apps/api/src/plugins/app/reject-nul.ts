import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error.ts';

// PostgreSQL `text` and `jsonb` cannot hold U+0000: a string carrying it reached the database
// and answered 500 (issue 11). One hook for every route rejects it before validation, so no
// feature has to remember it: 422 `validation_errors` with `validation.nul_character` on the
// field, nothing written.

export const NUL_MESSAGE_KEY = 'validation.nul_character';

const NUL = '\u0000';
/** Deep enough for any request body this API accepts; deeper input is not walked further. */
const MAX_DEPTH = 32;

/**
 * A parsed JSON object or query string: its prototype is Object.prototype, null, or (Fastify's
 * query string parser) an object without a prototype. Buffers, streams and dates are not.
 */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}

/**
 * Dotted paths (`name`, `filters.locality`, `tags.2`) of the strings in `value` that contain
 * U+0000, the same field naming as schema validation errors. A key carrying it is reported at
 * its parent (`fallback` at the top). Buffers and streams (multipart files) are not walked.
 */
export function nulFields(
  value: unknown,
  fallback: string,
  path: string[] = [],
  depth = 0,
  seen: WeakSet<object> = new WeakSet(),
): string[] {
  const here = path.length > 0 ? path.join('.') : fallback;
  if (typeof value === 'string') return value.includes(NUL) ? [here] : [];
  if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return [];
  // Parsed JSON has no cycles, but a body set by a plugin might: each object is walked once.
  if (seen.has(value)) return [];
  seen.add(value);
  const found: string[] = [];
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      found.push(...nulFields(item, fallback, [...path, String(index)], depth + 1, seen));
    });
  } else if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes(NUL)) found.push(here);
      else found.push(...nulFields(item, fallback, [...path, key], depth + 1, seen));
    }
  }
  return [...new Set(found)];
}

/** The `errors` of a request whose body, query or path parameters carry U+0000, or null. */
export function nulErrors(request: Pick<FastifyRequest, 'body' | 'query' | 'params'>) {
  const fields = [
    ...nulFields(request.params, 'params'),
    ...nulFields(request.query, 'querystring'),
    ...nulFields(request.body, 'body'),
  ];
  if (fields.length === 0) return null;
  const errors = new Map<string, string[]>();
  for (const field of fields) errors.set(field, [NUL_MESSAGE_KEY]);
  return Object.fromEntries(errors);
}

async function rejectNul(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const errors = nulErrors(request);
    if (errors) throw new AppError('validation_errors', { errors });
  });
}

export default fp(rejectNul, { name: 'reject-nul' });
