import { createHash, createHmac } from 'node:crypto';

/**
 * Keyed hash of a client address: lets us tell a guest from another (one open report per
 * reporter, view counting without a stats token) without storing the address itself.
 */
export function hashAddress(secret: string, address: string, extra = ''): string {
  return createHmac('sha256', secret).update(address).update('\0').update(extra).digest('base64url');
}

/** The stats token of the main client (spec 7, spec 9: a visitor for 3 hours): opaque, bounded. */
const STATS_TOKEN = /^[A-Za-z0-9._~+/=-]{8,200}$/;

/** The name of the stats-token request header. */
export const STATS_TOKEN_HEADER = 'x-stats-token';

/**
 * Who viewed an offer, as a fixed-length key: the stats token's hash, or without a (valid)
 * token a keyed hash of address and user agent, so reloading a page without cookies does not
 * count again either.
 */
export function visitorKey(options: {
  token: string | string[] | undefined;
  address: string;
  userAgent: string | undefined;
  secret: string;
}): string {
  const token = Array.isArray(options.token) ? options.token[0] : options.token;
  if (token && STATS_TOKEN.test(token)) return `t:${createHash('sha256').update(token).digest('base64url')}`;
  return `a:${hashAddress(options.secret, options.address, options.userAgent ?? '')}`;
}
