import { describe, expect, it } from 'vitest';
import { readWebConfig } from '../app/web-config.ts';
import { visitorAddressReader } from './visitor-address.ts';

describe('visitorAddressReader', () => {
  it('without trusted proxies, the socket is the visitor and X-Forwarded-For is ignored', () => {
    const read = visitorAddressReader(false);
    expect(read('198.51.100.7', '203.0.113.9')).toBe('198.51.100.7');
    expect(read('::ffff:198.51.100.7', null)).toBe('198.51.100.7');
    expect(read('2001:db8::5', undefined)).toBe('2001:db8::5');
  });

  it('behind one trusted hop, the right-most forwarded address; entries a client wrote to its left change nothing', () => {
    const read = visitorAddressReader(1);
    expect(read('10.0.0.2', '203.0.113.9')).toBe('203.0.113.9');
    expect(read('10.0.0.2', '1.2.3.4, 203.0.113.9')).toBe('203.0.113.9');
    // No header from the proxy: the proxy itself.
    expect(read('10.0.0.2', null)).toBe('10.0.0.2');
  });

  it('behind named proxies, the first address from the right that is not one of them', () => {
    const read = visitorAddressReader(['10.0.0.0/8', '127.0.0.1']);
    expect(read('127.0.0.1', '203.0.113.9, 10.1.1.1')).toBe('203.0.113.9');
    expect(read('127.0.0.1', '1.2.3.4, 203.0.113.9, 10.1.1.1')).toBe('203.0.113.9');
    // A connection from an untrusted address is the visitor, whatever it forwards.
    expect(read('198.51.100.8', '203.0.113.9')).toBe('198.51.100.8');
  });
});

describe('WEB_TRUST_PROXY and INTERNAL_API_TOKEN', () => {
  it('reads hop counts, lists and the token; 1 is one hop, never every hop', () => {
    expect(readWebConfig({}).trustProxy).toBe(false);
    expect(readWebConfig({ WEB_TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(readWebConfig({ WEB_TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(readWebConfig({ WEB_TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    expect(readWebConfig({}).internalApiToken).toBeNull();
    expect(readWebConfig({ INTERNAL_API_TOKEN: 'k'.repeat(40) }).internalApiToken).toBe('k'.repeat(40));
  });

  it('lists a bad value and a short token as problems', () => {
    const read = () => readWebConfig({ WEB_TRUST_PROXY: 'proxy.example', INTERNAL_API_TOKEN: 'short' });
    expect(read).toThrow(/WEB_TRUST_PROXY must be true, false, a hop count/);
    expect(read).toThrow(/INTERNAL_API_TOKEN must be a random secret of at least 32 characters/);
  });
});
