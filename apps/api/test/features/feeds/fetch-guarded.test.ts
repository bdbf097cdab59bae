import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addressAllowed,
  allowedNetworks,
  fetchGuarded,
  GuardedFetchError,
} from '../../../src/features/feeds/fetch-guarded.ts';
import { startServer } from './feed-sync-support.ts';

// The address guard of feed and photo fetches (docs/decisions/062): private ranges refused
// unless allowed, every redirect checked again, at most three, and a deadline.

let server: Awaited<ReturnType<typeof startServer>>;
const loopback = allowedNetworks(['127.0.0.1']);

beforeAll(async () => {
  server = await startServer({
    '/ok': (_request, response) => response.writeHead(200).end('fine'),
    '/to-ok': (_request, response) => response.writeHead(302, { location: '/ok' }).end(),
    '/to-ipv6-loopback': (_request, response) =>
      response.writeHead(302, { location: 'http://[::1]/ok' }).end(),
    '/to-metadata': (_request, response) =>
      response.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
    '/loop': (_request, response) => response.writeHead(302, { location: '/loop' }).end(),
    '/slow': () => {},
  });
});
afterAll(() => server?.close());

async function failure(promise: Promise<unknown>): Promise<GuardedFetchError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(GuardedFetchError);
  return error as GuardedFetchError;
}

describe('fetchGuarded', () => {
  it('refuses private, loopback, link-local, unique-local and multicast addresses unless allowed', () => {
    const none = allowedNetworks([]);
    for (const address of [
      '10.1.2.3',
      '127.0.0.1',
      '169.254.169.254',
      '172.20.0.1',
      '192.168.1.1',
      '100.64.0.1',
      '224.0.0.1',
      '0.0.0.0',
      '::1',
      'fd12::1',
      'fe80::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '64:ff9b::a00:1',
    ]) {
      expect(addressAllowed(address, none), address).toBe(false);
    }
    for (const address of ['93.184.216.34', '2606:2800:220:1::1'])
      expect(addressAllowed(address, none)).toBe(true);
    expect(addressAllowed('127.0.0.1', loopback)).toBe(true);
    expect(addressAllowed('::ffff:127.0.0.1', loopback)).toBe(true);
    expect(addressAllowed('127.0.0.2', loopback)).toBe(false);
    expect(addressAllowed('10.9.9.9', allowedNetworks(['10.0.0.0/8']))).toBe(true);
  });

  it('follows a redirect and checks the address it leads to again', async () => {
    const ok = await fetchGuarded({
      url: server.url('/to-ok'),
      allowed: loopback,
      timeoutMs: 5000,
      maxBytes: 100,
    });
    expect(ok.body.toString()).toBe('fine');
    expect(
      (
        await failure(
          fetchGuarded({
            url: server.url('/to-ipv6-loopback'),
            allowed: loopback,
            timeoutMs: 5000,
            maxBytes: 100,
          }),
        )
      ).reason,
    ).toBe('address_refused');
    expect(
      (
        await failure(
          fetchGuarded({
            url: server.url('/to-metadata'),
            allowed: loopback,
            timeoutMs: 5000,
            maxBytes: 100,
          }),
        )
      ).reason,
    ).toBe('address_refused');
    const loops = await failure(
      fetchGuarded({ url: server.url('/loop'), allowed: loopback, timeoutMs: 5000, maxBytes: 100 }),
    );
    expect(loops).toMatchObject({ reason: 'fetch_failed', detail: 'too many redirects' });
    expect(server.hits.get('/loop')).toBe(4);
  });

  it('gives up at its deadline and past its byte limit, and refuses other schemes', async () => {
    expect(
      (
        await failure(
          fetchGuarded({ url: server.url('/slow'), allowed: loopback, timeoutMs: 300, maxBytes: 100 }),
        )
      ).reason,
    ).toBe('timeout');
    expect(
      (
        await failure(
          fetchGuarded({ url: server.url('/ok'), allowed: loopback, timeoutMs: 5000, maxBytes: 2 }),
        )
      ).reason,
    ).toBe('too_large');
    expect(
      (
        await failure(
          fetchGuarded({ url: 'file:///etc/passwd', allowed: loopback, timeoutMs: 5000, maxBytes: 100 }),
        )
      ).reason,
    ).toBe('fetch_failed');
    expect(
      (
        await failure(
          fetchGuarded({
            url: server.url('/ok'),
            allowed: allowedNetworks([]),
            timeoutMs: 5000,
            maxBytes: 100,
          }),
        )
      ).reason,
    ).toBe('address_refused');
  });
});
