import { createHmac, timingSafeEqual } from 'node:crypto';
import type { JwtKey } from '../config.ts';

// Access tokens are compact JWTs signed with HMAC-SHA256 (RFC 7519). The key id travels in the
// header (`kid`): the first configured key signs, every configured key verifies, so keys rotate
// without logging anyone out (issue 5, DESIGN 4). Written on node:crypto rather than a library
// because HS256 with a fixed algorithm is a few lines and leaves no `alg: none` door open.

export interface AccessClaims {
  /** User id. */
  sub: number;
  /** Issued at, seconds since the epoch. */
  iat: number;
  /** Expires at, seconds since the epoch. */
  exp: number;
  /** Token id: unique per issued token (audit logs). */
  jti: string;
  /** Refresh-token family the token was issued with; logout revokes it. */
  fam?: string;
}

export type VerifyResult =
  | { ok: true; claims: AccessClaims }
  | { ok: false; reason: 'malformed' | 'unknown_key' | 'bad_signature' | 'expired' };

function base64url(input: Buffer | string): string {
  return Buffer.from(input).toString('base64url');
}

function sign(secret: string, data: string): Buffer {
  return createHmac('sha256', secret).update(data).digest();
}

export function signAccessToken(keys: readonly JwtKey[], claims: AccessClaims): string {
  const key = keys[0];
  if (!key) throw new Error('no signing key configured');
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT', kid: key.kid }));
  const payload = base64url(JSON.stringify(claims));
  const signature = base64url(sign(key.secret, `${header}.${payload}`));
  return `${header}.${payload}.${signature}`;
}

export function verifyAccessToken(
  keys: readonly JwtKey[],
  token: string,
  nowSeconds: number = Math.floor(Date.now() / 1000),
): VerifyResult {
  const parts = token.split('.');
  if (parts.length !== 3 || token.length > 4096) return { ok: false, reason: 'malformed' };
  const [headerPart = '', payloadPart = '', signaturePart = ''] = parts;
  let header: { alg?: unknown; kid?: unknown };
  let claims: Partial<AccessClaims>;
  try {
    header = JSON.parse(Buffer.from(headerPart, 'base64url').toString('utf8'));
    claims = JSON.parse(Buffer.from(payloadPart, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (header.alg !== 'HS256' || typeof header.kid !== 'string') return { ok: false, reason: 'malformed' };
  const key = keys.find((candidate) => candidate.kid === header.kid);
  if (!key) return { ok: false, reason: 'unknown_key' };
  const expected = sign(key.secret, `${headerPart}.${payloadPart}`);
  const given = Buffer.from(signaturePart, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'bad_signature' };
  }
  if (
    typeof claims.sub !== 'number' ||
    !Number.isSafeInteger(claims.sub) ||
    typeof claims.iat !== 'number' ||
    typeof claims.exp !== 'number' ||
    typeof claims.jti !== 'string'
  ) {
    return { ok: false, reason: 'malformed' };
  }
  if (claims.exp <= nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, claims: claims as AccessClaims };
}
