// Which proxies in front of a server may name the client in X-Forwarded-For: the API's
// TRUST_PROXY and the web server's WEB_TRUST_PROXY read the same forms (docs/decisions/041).

/** false (none), true (every hop), a hop count, or addresses/CIDR ranges (IPv4 or IPv6). */
export type TrustProxy = boolean | number | string[];

export const TRUST_PROXY_FORMS = 'true, false, a hop count, or comma-separated addresses/CIDR ranges';

/**
 * Reads a trust setting, or null when it is none of the forms. A number is a hop count, `1`
 * included: reading `1` as "trust every hop" would let a client behind one proxy forge
 * X-Forwarded-For and reset every per-address limit. Blank is false.
 */
export function parseTrustProxy(value: string): TrustProxy | null {
  const text = value.trim().toLowerCase();
  if (text === '' || text === 'false' || text === '0') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  const list = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  // As Fastify's proxy-addr accepts them.
  if (list.length > 0 && list.every((item) => /^[0-9a-f.:]+(\/\d{1,3})?$/.test(item))) return list;
  return null;
}
