import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { INTERNAL_TOKEN_HEADER, type TrustProxy } from '@estately/domain';
import proxyAddr from '@fastify/proxy-addr';

/** The header a request id arrives in and is echoed in. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * An id taken from a request: letters, digits and `._:+/=-`, at most 128 characters. nginx's
 * $request_id (32 hex digits) and UUIDs fit; anything else (a line break, a quote, a megabyte)
 * never reaches a log line or a response header.
 */
const ACCEPTED_ID = /^[A-Za-z0-9._:+/=-]{1,128}$/;

/** Whether `peer` (the socket's address) is one of the proxies TRUST_PROXY names, by Fastify's rule. */
function peerTrust(trust: TrustProxy): (peer: string) => boolean {
  if (trust === true) return () => true;
  if (trust === false) return () => false;
  // A hop count trusts the nearest `trust` hops, the socket's peer first (app.ts).
  if (typeof trust === 'number') return () => trust > 0;
  const trusted = proxyAddr.compile(trust);
  return (peer) => trusted(peer, 0);
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Fastify's `genReqId` (docs/decisions/060): the `X-Request-Id` a request carries when it comes
 * from a proxy TRUST_PROXY trusts (nginx names every request it passes on) or beside the
 * internal token (the web server passes its own request's id, decision 041), so one id follows a
 * visitor's request through every log; from anyone else the header is ignored, as a client
 * could otherwise write another request's id, or a misleading one, into the logs. Otherwise, and
 * for an id outside the accepted form, a random UUID.
 */
export function requestIdGenerator(options: {
  trustProxy: TrustProxy;
  internalApiToken: string | undefined;
}): (request: IncomingMessage) => string {
  const trusted = peerTrust(options.trustProxy);
  const token = options.internalApiToken ? digest(options.internalApiToken) : null;
  const internal = (presented: string | string[] | undefined) =>
    token !== null && typeof presented === 'string' && timingSafeEqual(token, digest(presented));
  return (request) => {
    const offered = request.headers[REQUEST_ID_HEADER];
    if (typeof offered === 'string' && ACCEPTED_ID.test(offered)) {
      const peer = request.socket?.remoteAddress;
      if ((peer !== undefined && trusted(peer)) || internal(request.headers[INTERNAL_TOKEN_HEADER]))
        return offered;
    }
    return randomUUID();
  };
}
