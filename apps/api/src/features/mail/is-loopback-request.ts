import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  if (isIP(address) === 4) return address.startsWith('127.');
  if (isIP(address) !== 6) return false;
  let host: string;
  try {
    // The URL parser writes an IPv6 address in its one canonical form ([::1], [::ffff:7f00:1]).
    host = new URL(`http://[${address}]`).hostname;
  } catch {
    return false;
  }
  return host === '[::1]' || /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(host);
}

/**
 * Whether a request comes from this machine, for the dev mailbox (decision 013, addendum of
 * issue 37). Both addresses must be loopback:
 * - the connection's peer (`request.socket.remoteAddress`): with TRUST_PROXY a client could
 *   otherwise write `X-Forwarded-For: 127.0.0.1` and be taken for a local one;
 * - the client as TRUST_PROXY names it (`request.ip`): behind a proxy on this machine every
 *   connection is loopback, and the forwarded address tells whose request it is.
 * A request that carries forwarding headers while TRUST_PROXY is off came through a proxy the
 * API was not told about, so whose it is cannot be known: refused.
 */
export function isLoopbackRequest(
  request: Pick<FastifyRequest, 'ip' | 'headers' | 'socket'>,
  trustProxy: boolean | number | string[],
): boolean {
  if (!isLoopbackAddress(request.socket.remoteAddress) || !isLoopbackAddress(request.ip)) return false;
  const forwarded =
    request.headers['x-forwarded-for'] !== undefined ||
    request.headers.forwarded !== undefined ||
    request.headers['x-real-ip'] !== undefined;
  const proxied = trustProxy !== false && trustProxy !== 0;
  return proxied || !forwarded;
}
