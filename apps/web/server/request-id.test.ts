import { describe, expect, it } from 'vitest';
import { isSafeRequestId, requestIdOf } from './request-id.ts';
import { trustedPeerReader } from './visitor-address.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NGINX_ID = '0f1e2d3c4b5a69788796a5b4c3d2e1f0';

describe('requestIdOf', () => {
  it("keeps a trusted proxy's id", () => {
    expect(requestIdOf(true, NGINX_ID)).toBe(NGINX_ID);
    expect(requestIdOf(true, '5d2b6c1e-3f4a-4b5c-8d9e-0a1b2c3d4e5f')).toBe(
      '5d2b6c1e-3f4a-4b5c-8d9e-0a1b2c3d4e5f',
    );
  });

  it('replaces an id from anyone else with a new UUID', () => {
    const id = requestIdOf(false, NGINX_ID);
    expect(id).not.toBe(NGINX_ID);
    expect(id).toMatch(UUID);
  });

  it('makes one when there is none, or when the proxy sent one that could break a log line', () => {
    expect(requestIdOf(true, undefined)).toMatch(UUID);
    expect(requestIdOf(true, ['a', 'b'])).toMatch(UUID);
    for (const bad of ['', 'a b', 'x\r\nSet-Cookie: y=1', '"quoted"', 'é', 'a'.repeat(129)]) {
      expect(isSafeRequestId(bad)).toBe(false);
      expect(requestIdOf(true, bad)).toMatch(UUID);
    }
    expect(isSafeRequestId('a'.repeat(128))).toBe(true);
    // Two requests never share a made id.
    expect(requestIdOf(false, undefined)).not.toBe(requestIdOf(false, undefined));
  });
});

describe('trustedPeerReader (WEB_TRUST_PROXY, as the visitor address reads it)', () => {
  it('trusts no peer by default, every peer with true, the nearest hop with a count', () => {
    expect(trustedPeerReader(false)('127.0.0.1')).toBe(false);
    expect(trustedPeerReader(true)('203.0.113.9')).toBe(true);
    expect(trustedPeerReader(1)('203.0.113.9')).toBe(true);
    expect(trustedPeerReader(0)('203.0.113.9')).toBe(false);
  });

  it('with addresses, exactly those (IPv4 mapped into IPv6 too)', () => {
    const trusted = trustedPeerReader(['127.0.1.1']);
    expect(trusted('127.0.1.1')).toBe(true);
    expect(trusted('::ffff:127.0.1.1')).toBe(true);
    expect(trusted('127.0.0.1')).toBe(false);
    expect(trusted(undefined)).toBe(false);
    const range = trustedPeerReader(['10.0.0.0/8']);
    expect(range('10.1.2.3')).toBe(true);
    expect(range('11.1.2.3')).toBe(false);
  });
});
