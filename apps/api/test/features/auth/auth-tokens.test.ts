import { refreshTokens, securityEvents, users } from '@estately/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAccessToken } from '../../../src/lib/jwt.ts';
import { createUser } from '../../support/auth-helpers.ts';
import { buildTestApi, type TestApi } from '../../support/helpers.ts';

// Login, token refresh with rotation and reuse detection, logout (spec 7, DESIGN 4, issue 5).
let api: TestApi;
let address = 0;

beforeAll(async () => {
  api = await buildTestApi({}, (app) => {
    app.get('/test/who-am-i', { preHandler: app.authenticate }, async (request) => ({
      id: request.user?.id,
    }));
  });
});
afterAll(() => api.close());

/** Each test its own client address, so the per-address budgets of one test leave the others alone. */
function nextAddress(): string {
  address += 1;
  return `198.51.100.${address}`;
}

function post(url: string, payload: unknown, remoteAddress = nextAddress()) {
  return api.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, remoteAddress });
}

async function login(email: string, password: string) {
  const response = await post('/auth/login', { email, password });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { token: string; refresh_token: string };
}

function whoAmI(token: string) {
  return api.app.inject({
    method: 'GET',
    url: '/test/who-am-i',
    headers: { authorization: `Bearer ${token}` },
  });
}

describe('POST /auth/login', () => {
  it('answers an access token for the user and a refresh token, and records the login', async () => {
    const user = await createUser(api.db, { email: 'login-ok@example.com' });
    const response = await post('/auth/login', { email: '  Login-OK@Example.com ', password: user.password });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      token_type: 'Bearer',
      expires_in: api.config.tokens.accessTtlSeconds,
      refresh_expires_in: api.config.tokens.refreshTtlSeconds,
    });
    expect(body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const verified = verifyAccessToken(api.config.jwt.keys, body.token);
    expect(verified.ok).toBe(true);
    if (!verified.ok) return;
    expect(verified.claims.sub).toBe(user.id);
    expect(verified.claims.exp - verified.claims.iat).toBe(604_800);
    expect((await whoAmI(body.token)).json()).toEqual({ id: user.id });

    const [row] = await api.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(row?.familyId).toBe(verified.claims.fam);
    // Only the hash is stored.
    expect(row?.tokenHash).not.toContain(body.refresh_token);
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const [account] = await api.db
      .select({ lastLoginAt: users.lastLoginAt })
      .from(users)
      .where(eq(users.id, user.id));
    expect(account?.lastLoginAt).toBeInstanceOf(Date);
    const events = await api.db.select().from(securityEvents).where(eq(securityEvents.userId, user.id));
    expect(events.map((event) => event.kind)).toContain('login_succeeded');
  });

  it('lets an unverified account sign in', async () => {
    const user = await createUser(api.db, { verified: false });
    await login(user.email, user.password);
  });

  it('answers a wrong password and an unknown e-mail alike, and logs both', async () => {
    const user = await createUser(api.db);
    const wrong = await post('/auth/login', { email: user.email, password: 'not-the-password' });
    const unknown = await post('/auth/login', {
      email: 'nobody-here@example.com',
      password: 'not-the-password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json()).toEqual({ code: 'unauthorized', message: 'Invalid e-mail or password' });
    const failures = await api.db
      .select({ email: securityEvents.email, details: securityEvents.details, userId: securityEvents.userId })
      .from(securityEvents)
      .where(eq(securityEvents.kind, 'login_failed'));
    expect(failures).toEqual(
      expect.arrayContaining([
        { email: user.email, userId: user.id, details: { reason: 'wrong_password' } },
        { email: 'nobody-here@example.com', userId: null, details: { reason: 'unknown_email' } },
      ]),
    );
  });

  it('spends comparable time on an unknown e-mail as on a wrong password (dummy hash)', async () => {
    const user = await createUser(api.db);
    const time = async (email: string) => {
      const started = performance.now();
      await post('/auth/login', { email, password: 'not-the-password' });
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      known.push(await time(user.email));
      unknown.push(await time(`ghost-${i}@example.com`));
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[1] ?? 0;
    // Both verify an argon2 hash (several milliseconds); without the dummy an unknown e-mail
    // would answer after one indexed lookup. Generous bounds: the machine is shared.
    expect(median(unknown)).toBeGreaterThan(median(known) / 4);
  });

  it('answers 422 with message keys for missing or malformed fields', async () => {
    const response = await post('/auth/login', { email: 'not-an-email' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'validation_errors',
      message: 'Validation Error',
      errors: { email: ['validation.invalid_email'], password: ['validation.required'] },
    });
  });

  it('refuses further attempts on one account with 429 and Retry-After, whatever the address', async () => {
    const user = await createUser(api.db);
    for (let i = 0; i < 10; i += 1) {
      expect((await post('/auth/login', { email: user.email, password: 'wrong-password!' })).statusCode).toBe(
        401,
      );
    }
    const refused = await post('/auth/login', { email: user.email, password: user.password });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'too_many_requests', message: 'Too Many Requests' });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
  });

  it('refuses one address trying many accounts with 429', async () => {
    const from = nextAddress();
    for (let i = 0; i < 20; i += 1) {
      expect(
        (await post('/auth/login', { email: `spray-${i}@example.com`, password: 'guess-guess' }, from))
          .statusCode,
      ).toBe(401);
    }
    const refused = await post(
      '/auth/login',
      { email: 'spray-x@example.com', password: 'guess-guess' },
      from,
    );
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('POST /api/token/refresh', () => {
  it('rotates: a new pair of the same family, the old refresh token spent', async () => {
    const user = await createUser(api.db);
    const first = await login(user.email, user.password);
    const response = await post('/api/token/refresh', { refresh_token: first.refresh_token });
    expect(response.statusCode).toBe(200);
    const second = response.json();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    const claims = (token: string) => {
      const result = verifyAccessToken(api.config.jwt.keys, token);
      if (!result.ok) throw new Error(result.reason);
      return result.claims;
    };
    expect(claims(second.token).fam).toBe(claims(first.token).fam);
    expect((await whoAmI(second.token)).statusCode).toBe(200);
    // The first access token stays valid: rotation is not a revocation.
    expect((await whoAmI(first.token)).statusCode).toBe(200);
    const rows = await api.db
      .select({ usedAt: refreshTokens.usedAt, parentId: refreshTokens.parentId, id: refreshTokens.id })
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, user.id))
      .orderBy(refreshTokens.id);
    expect(rows).toHaveLength(2);
    expect(rows[0]?.usedAt).toBeInstanceOf(Date);
    expect(rows[1]?.usedAt).toBeNull();
    expect(rows[1]?.parentId).toBe(rows[0]?.id);
    // Neither answer carries a stored secret.
    const [account] = await api.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.id, user.id));
    for (const body of [JSON.stringify(first), response.body]) {
      expect(body).not.toContain(account?.hash);
      expect(body).not.toContain('$argon2');
      const hashes = await api.db
        .select({ hash: refreshTokens.tokenHash })
        .from(refreshTokens)
        .where(eq(refreshTokens.userId, user.id));
      for (const { hash } of hashes) expect(body).not.toContain(hash);
    }
  });

  it('answers 401 "No refresh token available" without a token', async () => {
    for (const payload of [{}, { refresh_token: '' }, { refresh_token: null }]) {
      const response = await post('/api/token/refresh', payload);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: 'unauthorized', message: 'No refresh token available' });
    }
    const bare = await api.app.inject({
      method: 'POST',
      url: '/api/token/refresh',
      remoteAddress: nextAddress(),
    });
    expect(bare.statusCode).toBe(401);
    expect(bare.json().message).toBe('No refresh token available');
  });

  it('answers 401 to a forged and to an expired token', async () => {
    const user = await createUser(api.db);
    const forged = await post('/api/token/refresh', { refresh_token: 'A'.repeat(43) });
    expect(forged.statusCode).toBe(401);
    const pair = await login(user.email, user.password);
    await api.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(refreshTokens.userId, user.id));
    expect((await post('/api/token/refresh', { refresh_token: pair.refresh_token })).statusCode).toBe(401);
  });

  it('revokes the whole family when a spent token comes back, and its access tokens stop working', async () => {
    const user = await createUser(api.db);
    const other = await login(user.email, user.password); // another device, another family
    const first = await login(user.email, user.password);
    const second = (await post('/api/token/refresh', { refresh_token: first.refresh_token })).json();
    // The spent token is presented again later (a copy was stolen), beyond the concurrency grace.
    await api.db
      .update(refreshTokens)
      .set({ usedAt: sql`now() - interval '1 minute'` })
      .where(and(eq(refreshTokens.userId, user.id), sql`${refreshTokens.usedAt} is not null`));
    const reuse = await post('/api/token/refresh', { refresh_token: first.refresh_token });
    expect(reuse.statusCode).toBe(401);
    // The thief's and the user's latest tokens of that family are dead now.
    expect((await post('/api/token/refresh', { refresh_token: second.refresh_token })).statusCode).toBe(401);
    expect((await whoAmI(second.token)).statusCode).toBe(401);
    expect((await whoAmI(first.token)).statusCode).toBe(401);
    // The other device's family is untouched.
    expect((await whoAmI(other.token)).statusCode).toBe(200);
    expect((await post('/api/token/refresh', { refresh_token: other.refresh_token })).statusCode).toBe(200);
    const [event] = await api.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, user.id), eq(securityEvents.kind, 'refresh_token_reused')));
    expect(event?.details).toMatchObject({ revokedTokens: 2 });
  });

  it('gives exactly one of two concurrent refreshes with one token a new pair', async () => {
    const user = await createUser(api.db);
    const pair = await login(user.email, user.password);
    const from = nextAddress();
    const responses = await Promise.all([
      post('/api/token/refresh', { refresh_token: pair.refresh_token }, from),
      post('/api/token/refresh', { refresh_token: pair.refresh_token }, from),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 401]);
    const winner = responses.find((response) => response.statusCode === 200)?.json();
    // A race is not a theft: the winner's tokens keep working.
    expect((await whoAmI(winner.token)).statusCode).toBe(200);
    expect((await post('/api/token/refresh', { refresh_token: winner.refresh_token })).statusCode).toBe(200);
    const rows = await api.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(rows).toHaveLength(3);
  });

  it('is rate limited per address', async () => {
    const from = nextAddress();
    for (let i = 0; i < 60; i += 1) await post('/api/token/refresh', {}, from);
    const refused = await post('/api/token/refresh', {}, from);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('POST /auth/logout', () => {
  it("revokes this login's family: its refresh and access tokens stop working, others stay", async () => {
    const user = await createUser(api.db);
    const here = await login(user.email, user.password);
    const elsewhere = await login(user.email, user.password);
    const response = await post('/auth/logout', { refresh_token: here.refresh_token });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await whoAmI(here.token)).statusCode).toBe(401);
    expect((await post('/api/token/refresh', { refresh_token: here.refresh_token })).statusCode).toBe(401);
    expect((await whoAmI(elsewhere.token)).statusCode).toBe(200);
  });

  it('answers 204 for unknown or missing tokens and changes nothing', async () => {
    const user = await createUser(api.db);
    const pair = await login(user.email, user.password);
    expect((await post('/auth/logout', { refresh_token: 'B'.repeat(43) })).statusCode).toBe(204);
    expect((await post('/auth/logout', {})).statusCode).toBe(204);
    expect((await whoAmI(pair.token)).statusCode).toBe(200);
  });
});
