import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

// Entity tags and `If-Match` (RFC 9110 8.8.3 and 13.1.1) for optimistic concurrency: a client
// sends back the tag it read, and a write based on an older version answers 412 instead of
// silently overwriting someone else's change (issue 11 item 10, docs/decisions/014).

/** A strong entity tag (quoted) from the given parts, which must be JSON-serialisable. */
export function strongEtag(prefix: string, parts: unknown): string {
  const digest = createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 27);
  return `"${prefix}-${digest}"`;
}

/**
 * The tags of the request's `If-Match`, `'*'` for any, or null when the header is absent
 * (If-Match stays optional: clients that do not send it get last-write-wins).
 */
export function ifMatchOf(request: FastifyRequest): string[] | '*' | null {
  const raw = request.headers['if-match'];
  if (raw === undefined) return null;
  const value = (Array.isArray(raw) ? raw.join(',') : raw).trim();
  if (value === '*') return '*';
  // A list of entity tags; weak ones (W/"...") never match under the strong comparison If-Match
  // uses, so they are kept with their prefix and fail the comparison.
  const tags = value.match(/(?:W\/)?"[^"]*"/g) ?? [];
  return tags.length > 0 ? tags : [value];
}

export const PRECONDITION_FAILED_MESSAGE =
  'The resource changed since it was read (If-Match does not match its current ETag): read it again and reapply the change.';

/** Throws 412 `precondition_failed` unless `current` satisfies the request's If-Match. */
export function assertIfMatch(ifMatch: string[] | '*' | null, current: string): void {
  if (ifMatch === null || ifMatch === '*') return;
  if (!ifMatch.includes(current)) {
    throw new AppError('precondition_failed', { message: PRECONDITION_FAILED_MESSAGE });
  }
}
