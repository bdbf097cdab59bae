import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MAX_CLOCK_SKEW_SECONDS, signAccessToken, verifyAccessToken } from './jwt.ts';

const k1 = { kid: 'k1', secret: 'a'.repeat(32) };
const k2 = { kid: 'k2', secret: 'b'.repeat(40) };
const claims = {
  sub: 42,
  iat: 1_000,
  exp: 2_000,
  jti: 'token-1',
  fam: '0b6a3c9e-1f4d-4c2a-9e8b-5d7f1a2b3c4d',
};

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

  // Issue 37: `not_before` compares `iat`, so a token dated ahead outlived a password change.
  it('refuses an iat later than now plus the clock skew, and accepts one within it', () => {
    const now = 1_500;
    const dated = (iat: number) => signAccessToken([k1], { ...claims, iat, exp: iat + 3_600 });
    expect(MAX_CLOCK_SKEW_SECONDS).toBe(60);
    expect(verifyAccessToken([k1], dated(now + MAX_CLOCK_SKEW_SECONDS), now).ok).toBe(true);
    for (const ahead of [MAX_CLOCK_SKEW_SECONDS + 1, 3_600, 365 * 24 * 3_600]) {
      expect(verifyAccessToken([k1], dated(now + ahead), now)).toEqual({
        ok: false,
        reason: 'issued_in_future',
      });
    }
  });

  // Issue 37: logout revokes a family; a token without one could not be revoked before expiry.
  it('refuses a token without a family id, or with one that is not a session id', () => {
    const { fam: _fam, ...withoutFamily } = claims;
    const unsigned = (payload: object) => {
      const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'at+jwt', kid: 'k1' })).toString(
        'base64url',
      );
      const body = Buffer.from(JSON.stringify({ ...payload, aud: 'estately-api' })).toString('base64url');
      const signature = createHmac('sha256', k1.secret).update(`${header}.${body}`).digest('base64url');
      return `${header}.${body}.${signature}`;
    };
    expect(verifyAccessToken([k1], unsigned(claims), 1_500).ok).toBe(true);
    for (const payload of [
      withoutFamily,
      { ...claims, fam: null },
      { ...claims, fam: '' },
      { ...claims, fam: 'family-1' },
      { ...claims, fam: `${claims.fam}x` },
      { ...claims, fam: 7 },
    ]) {
      expect(verifyAccessToken([k1], unsigned(payload), 1_500)).toEqual({ ok: false, reason: 'malformed' });
    }
  });
});
