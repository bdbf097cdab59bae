// The id of one request, carried from the load balancer through this server to the API and into
// every log line of the request (X-Request-Id). A trusted proxy's id is kept, so one search in
// the logs finds the balancer's, the web server's and the API's lines; anyone else's is replaced,
// since a client could otherwise plant ids that collide with another visitor's or smuggle text
// into the logs.

import { randomUUID } from 'node:crypto';

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Ids we take from a proxy: nginx's `$request_id` (32 hex digits), a UUID, or any other token of
 * letters, digits and `._:+/=-` up to 128 characters (the form the API accepts too); nothing that
 * could break a log line or a header.
 */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:+/=-]{1,128}$/;

export function isSafeRequestId(value: string): boolean {
  return SAFE_REQUEST_ID.test(value);
}

/**
 * The request's id: the proxy's when the peer is trusted and the id is well formed, else a new
 * UUID. `header` is the request's X-Request-Id as Node reads it.
 */
export function requestIdOf(trustedPeer: boolean, header: string | string[] | undefined): string {
  if (trustedPeer && typeof header === 'string' && isSafeRequestId(header)) return header;
  return randomUUID();
}
