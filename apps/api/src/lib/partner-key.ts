import { createHash, randomBytes } from 'node:crypto';

// Partner API keys (issue 42): `est_` and 32 random bytes in base64url. Only the key's sha256
// is stored; with 256 random bits a fast hash is enough (nothing to guess from a leaked hash),
// and the hash is what both the lookup and the per-key request budget go by. The rate limiter
// (plugins/app) and the key's feature both read keys, so the format lives here.

export const PARTNER_KEY_PREFIX = 'est_';
/** How many of the key's first characters are kept in clear to tell keys apart in a list. */
export const PARTNER_KEY_SHOWN_LENGTH = 12;

/** `est_` and 43 base64url characters: the only shape a key has. */
const KEY_SHAPE = /^est_[A-Za-z0-9_-]{43}$/;

/** A new key: the secret (shown once), its hash (stored) and its prefix (shown in lists). */
export function generatePartnerKey(): { secret: string; hash: string; prefix: string } {
  const secret = `${PARTNER_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { secret, hash: hashPartnerKey(secret), prefix: secret.slice(0, PARTNER_KEY_SHOWN_LENGTH) };
}

/** The stored form of a key: sha256, hex. */
export function hashPartnerKey(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/**
 * The key of `Authorization: Bearer est_...`, or null when the header holds anything else (no
 * header, another scheme, an access token, a malformed key).
 */
export function partnerKeyOf(authorization: string | undefined): string | null {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  return token !== undefined && KEY_SHAPE.test(token) ? token : null;
}
