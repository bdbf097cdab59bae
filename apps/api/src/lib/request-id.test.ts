import type { IncomingMessage } from 'node:http';
import { INTERNAL_TOKEN_HEADER, type TrustProxy } from '@estately/domain';
import { describe, expect, it } from 'vitest';
import { requestIdGenerator } from './request-id.ts';

const ID = 'a3f1c09d7e2b44c8b1f0e6d5c4b3a291';

/** The id a request from `peer` carrying `headers` gets under `trustProxy`. */
function idFor(trustProxy: TrustProxy, peer: string, headers: Record<string, string> = {}): string {
  const generate = requestIdGenerator({ trustProxy, internalApiToken: 'x'.repeat(40) });
  return generate({
    socket: { remoteAddress: peer },
    headers: { 'x-request-id': ID, ...headers },
  } as unknown as IncomingMessage);
}

describe('requestIdGenerator', () => {
  it('trusts the socket peer by the forms TRUST_PROXY takes, as Fastify does for request.ip', () => {
    expect(idFor(false, '127.0.1.1')).not.toBe(ID);
    expect(idFor(true, '203.0.113.9')).toBe(ID);
    // A hop count trusts the nearest hops, the peer first.
    expect(idFor(1, '203.0.113.9')).toBe(ID);
    expect(idFor(0, '203.0.113.9')).not.toBe(ID);
    expect(idFor(['127.0.1.1'], '127.0.1.1')).toBe(ID);
    expect(idFor(['127.0.1.1'], '127.0.0.1')).not.toBe(ID);
    expect(idFor(['10.0.0.0/8'], '10.20.30.40')).toBe(ID);
    expect(idFor(['10.0.0.0/8'], '11.0.0.1')).not.toBe(ID);
    // An IPv4 peer on a dual-stack socket.
    expect(idFor(['127.0.1.1'], '::ffff:127.0.1.1')).toBe(ID);
  });

  it('trusts the internal token from any peer, compared whole', () => {
    expect(idFor(false, '203.0.113.9', { [INTERNAL_TOKEN_HEADER]: 'x'.repeat(40) })).toBe(ID);
    expect(idFor(false, '203.0.113.9', { [INTERNAL_TOKEN_HEADER]: 'x'.repeat(39) })).not.toBe(ID);
    const tokenless = requestIdGenerator({ trustProxy: false, internalApiToken: undefined });
    const request = {
      socket: { remoteAddress: '203.0.113.9' },
      headers: { 'x-request-id': ID, [INTERNAL_TOKEN_HEADER]: '' },
    };
    expect(tokenless(request as unknown as IncomingMessage)).not.toBe(ID);
  });
});
