import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken } from './jwt.ts';

const k1 = { kid: 'k1', secret: 'a'.repeat(32) };
const k2 = { kid: 'k2', secret: 'b'.repeat(40) };
const claims = { sub: 42, iat: 1_000, exp: 2_000, jti: 'token-1' };

describe('access tokens', () => {
  it('round-trips claims with the signing key id in the header', () => {
    const token = signAccessToken([k1, k2], claims);
    const header = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString());
    expect(header).toEqual({ alg: 'HS256', typ: 'at+jwt', kid: 'k1' });
    expect(verifyAccessToken([k1, k2], token, 1_500)).toEqual({
      ok: true,
      claims: { ...claims, aud: 'estately-api' },
    });
  });

  it('keeps verifying tokens of a retired signing key while it is still configured', () => {
    const token = signAccessToken([k1], claims);
    expect(verifyAccessToken([k2, k1], token, 1_500).ok).toBe(true);
    expect(verifyAccessToken([k2], token, 1_500)).toEqual({ ok: false, reason: 'unknown_key' });
  });

  it('refuses expired, tampered and unsigned tokens', () => {
    const token = signAccessToken([k1], claims);
    expect(verifyAccessToken([k1], token, 2_000)).toEqual({ ok: false, reason: 'expired' });
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 1 })).toString('base64url');
    expect(verifyAccessToken([k1], `${header}.${forged}.${signature}`, 1_500)).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    const none = Buffer.from(JSON.stringify({ alg: 'none', kid: 'k1' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    expect(verifyAccessToken([k1], `${none}.${payload}.`, 1_500)).toEqual({ ok: false, reason: 'malformed' });
    expect(verifyAccessToken([k1], 'not-a-token', 1_500)).toEqual({ ok: false, reason: 'malformed' });
  });
});
