// The visitor's address as this server sees it (docs/decisions/041), read once per request by
// server.ts and handed to the loaders in the router context, so every call they make to the API
// names the person, not this server. Plain Node (server.ts loads it directly).

import type { IncomingMessage } from 'node:http';
import type { TrustProxy } from '@estately/domain';
import proxyAddr from '@fastify/proxy-addr';

/** Reads a request's visitor address from its socket's address and its X-Forwarded-For. */
export type VisitorAddressReader = (
  socketAddress: string | undefined,
  forwardedFor: string | null | undefined,
) => string;

/** An address as one IP: IPv4 mapped into IPv6 (`::ffff:198.51.100.7`) as plain IPv4. */
function plain(address: string): string {
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(address) ? address.slice(7) : address;
}

/**
 * The reader for WEB_TRUST_PROXY. Without trusted proxies the socket's address is the visitor
 * and X-Forwarded-For is ignored (anyone can write it). Behind trusted proxies the visitor is the
 * right-most address of the chain that is not one of them: what the nearest untrusted hop
 * connected from, which a client cannot forge by writing entries to the left of it. The same
 * rule as the API's TRUST_PROXY (Fastify's proxy-addr).
 */
export function visitorAddressReader(trust: TrustProxy): VisitorAddressReader {
  if (trust === false) return (socketAddress) => plain(socketAddress ?? '');
  const trusted =
    trust === true
      ? () => true
      : typeof trust === 'number'
        ? (_address: string, hop: number) => hop < trust
        : proxyAddr.compile(trust);
  return (socketAddress, forwardedFor) => {
    const request = {
      socket: { remoteAddress: socketAddress },
      connection: { remoteAddress: socketAddress },
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    } as unknown as IncomingMessage;
    return plain(proxyAddr(request, trusted));
  };
}

/**
 * Whether the peer of a connection is one of the WEB_TRUST_PROXY proxies, by the rule above: only
 * then are its forwarded headers (X-Request-Id, X-Forwarded-Proto) believed. With a hop count the
 * nearest hop is trusted.
 */
export function trustedPeerReader(trust: TrustProxy): (socketAddress: string | undefined) => boolean {
  if (trust === false) return () => false;
  if (trust === true) return () => true;
  if (typeof trust === 'number') return () => trust > 0;
  const trusted = proxyAddr.compile(trust);
  return (socketAddress) => socketAddress !== undefined && trusted(socketAddress, 0);
}
