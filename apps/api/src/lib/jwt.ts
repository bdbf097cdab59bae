import { createHmac, timingSafeEqual } from 'node:crypto';

// Access tokens are compact JWTs signed with HMAC-SHA256 (RFC 7519). The key id travels in the
// header (`kid`): the first configured key signs, every configured key verifies, so keys rotate
// without logging anyone out (issue 5, DESIGN 4). Written on node:crypto rather than a library
// because HS256 with a fixed algorithm is a few lines and leaves no `alg: none` door open.
//
// The header's `typ` is `at+jwt` and the payload's `aud` names this API (RFC 9068, issue 11):
// the keys also sign other things (unsubscribe links), and a token minted for another purpose
// or audience must never pass as an access token, even with a valid signature.

/** A signing key of access tokens (config.ts reads them from JWT_SECRETS or the data folder). */
export interface JwtKey {
  /** Key id written into the token header (`kid`), so keys can rotate without logging everyone out. */
  kid: string;
  secret: string;
}

/** Header `typ` of an access token (RFC 9068 section 2.1). */
export const ACCESS_TOKEN_TYPE = 'at+jwt';
/** `aud` of an access token: the API, not the web app or a third party. */
export const ACCESS_TOKEN_AUDIENCE = 'estately-api';
/**
 * How far in the future an `iat` may lie and still be accepted: the clocks of several API
 * instances may drift apart by a few seconds, never by a minute (issue 37, decision 008). A
 * later `iat` would outlive `users.not_before`, which revocation compares it with.
 */
export const MAX_CLOCK_SKEW_SECONDS = 60;

// Family ids are random UUIDs (issue-token-pair.ts) and the column that holds them is `uuid`.
const FAMILY_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AccessClaims {
  /** User id. */
  sub: number;
  /** Issued at, seconds since the epoch. */
  iat: number;
  /** Expires at, seconds since the epoch. */
  exp: number;
  /** Token id: unique per issued token (audit logs). */
  jti: string;
  /**
   * Refresh-token family (the session) the token was issued with; logout and a reused refresh
   * token revoke it. Required: a token without one could not be revoked before it expires.
   */
  fam: string;
  /** Audience; always ACCESS_TOKEN_AUDIENCE (set by signAccessToken). */
  aud?: typeof ACCESS_TOKEN_AUDIENCE;
}

export type VerifyResult =
  | { ok: true; claims: AccessClaims }
  | {
      ok: false;
      reason: 'malformed' | 'wrong_type' | 'unknown_key' | 'bad_signature' | 'expired' | 'issued_in_future';
    };

function base64url(input: Buffer | string): string {
  return Buffer.from(input).toString('base64url');
}

function sign(secret: string, data: string): Buffer {
  return createHmac('sha256', secret).update(data).digest();
}

export function signAccessToken(keys: readonly JwtKey[], claims: Omit<AccessClaims, 'aud'>): string {
  const key = keys[0];
  if (!key) throw new Error('no signing key configured');
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: ACCESS_TOKEN_TYPE, kid: key.kid }));
  const payload = base64url(JSON.stringify({ ...claims, aud: ACCESS_TOKEN_AUDIENCE }));
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
  let header: { alg?: unknown; typ?: unknown; kid?: unknown; crit?: unknown };
  let claims: Partial<AccessClaims>;
  try {
    header = JSON.parse(Buffer.from(headerPart, 'base64url').toString('utf8'));
    claims = JSON.parse(Buffer.from(payloadPart, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (typeof header !== 'object' || header === null || typeof claims !== 'object' || claims === null) {
    return { ok: false, reason: 'malformed' };
  }
  // Only HS256, and no critical extensions: we implement none (RFC 7515 section 4.1.11).
  if (header.alg !== 'HS256' || typeof header.kid !== 'string' || header.crit !== undefined) {
    return { ok: false, reason: 'malformed' };
  }
  const key = keys.find((candidate) => candidate.kid === header.kid);
  if (!key) return { ok: false, reason: 'unknown_key' };
  // Compared as text, not as decoded bytes: base64url decoding skips characters outside the
  // alphabet and ignores the spare bits of the last one, so byte comparison would accept
  // altered spellings of a valid signature.
  const expected = Buffer.from(base64url(sign(key.secret, `${headerPart}.${payloadPart}`)));
  const given = Buffer.from(signaturePart);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'bad_signature' };
  }
  if (header.typ !== ACCESS_TOKEN_TYPE || claims.aud !== ACCESS_TOKEN_AUDIENCE) {
    return { ok: false, reason: 'wrong_type' };
  }
  if (
    typeof claims.sub !== 'number' ||
    !Number.isSafeInteger(claims.sub) ||
    typeof claims.iat !== 'number' ||
    typeof claims.exp !== 'number' ||
    typeof claims.jti !== 'string' ||
    typeof claims.fam !== 'string' ||
    !FAMILY_ID.test(claims.fam)
  ) {
    return { ok: false, reason: 'malformed' };
  }
  if (claims.exp <= nowSeconds) return { ok: false, reason: 'expired' };
  // Issue 37: revocation by `not_before` compares `iat`, so a token dated ahead would survive a
  // password change or reset issued before that date.
  if (claims.iat > nowSeconds + MAX_CLOCK_SKEW_SECONDS) return { ok: false, reason: 'issued_in_future' };
  return { ok: true, claims: claims as AccessClaims };
}
