import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { INTERNAL_TOKEN_HEADER, VISITOR_ADDRESS_HEADER } from '@estately/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';

/**
 * Who a request is for (docs/decisions/041). A browser or a script calling the API is its own
 * visitor: the connection's address (`request.ip`, which TRUST_PROXY lets a proxy in front
 * name). The web server renders pages for many visitors over its own connections, so it names
 * each call's visitor in `x-visitor-address`; that header counts only beside the shared
 * internal token (INTERNAL_API_TOKEN), and is ignored from anyone else, so a forged header
 * changes nothing.
 */
export interface Visitor {
  /** The address every per-address budget and the security log use. */
  address: string;
  /**
   * False for the web server's own calls (the featured list, a redirect lookup, a cache
   * renewal): they are made once for many visitors, so no visitor's budget pays for them.
   */
  charged: boolean;
}

/** An IPv4 address mapped into IPv6 (`::ffff:203.0.113.5`) is the IPv4 address. */
function plainAddress(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

/** The visitor address of a header, or null when it is not one IP address. */
export function headerAddress(value: string | string[] | undefined): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return isIP(text) === 0 ? null : plainAddress(text);
}

/**
 * The part of an address a budget is keyed by: an IPv4 address whole, an IPv6 address by its
 * /64 network, since one household or phone is given a whole /64 and could otherwise take a
 * fresh budget with every address of it.
 */
export function budgetAddress(address: string): string {
  if (isIP(address) !== 6) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const front = head === '' ? [] : head.split(':');
  const back = tail === '' ? [] : tail.split(':');
  const groups = address.includes('::')
    ? [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back]
    : front;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether `presented` is the internal token, compared in constant time. */
function isInternalToken(expected: Buffer | null, presented: string | string[] | undefined): boolean {
  if (expected === null || typeof presented !== 'string') return false;
  return timingSafeEqual(expected, digest(presented));
}

async function visitorPlugin(app: FastifyInstance, options: { config: Config }) {
  const expected = options.config.internalApiToken ? digest(options.config.internalApiToken) : null;
  app.decorateRequest('visitor', null as unknown as Visitor);
  app.addHook('onRequest', async (request) => {
    request.visitor = identifyVisitor(request, expected);
  });
}

function identifyVisitor(request: FastifyRequest, expected: Buffer | null): Visitor {
  const own = { address: plainAddress(request.ip), charged: true };
  if (!isInternalToken(expected, request.headers[INTERNAL_TOKEN_HEADER])) return own;
  const named = request.headers[VISITOR_ADDRESS_HEADER];
  if (named === undefined) return { address: own.address, charged: false };
  const address = headerAddress(named);
  if (address === null) {
    // The web tier sends what its socket said; anything else is a bug there, counted as the
    // web server itself rather than trusted.
    request.log.warn({ header: VISITOR_ADDRESS_HEADER }, 'visitor address is not an IP address');
    return own;
  }
  return { address, charged: true };
}

export default fp(visitorPlugin, { name: 'visitor', fastify: '5.x' });

declare module 'fastify' {
  interface FastifyRequest {
    /** Who the request is for (plugins/app/visitor.ts). */
    visitor: Visitor;
  }
}
