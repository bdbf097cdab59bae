import { refreshTokens, users } from '@estately/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../../src/lib/jwt.ts';
import { bearer, createUser } from '../../support/auth-helpers.ts';
import { buildTestApi, type TestApi } from '../../support/helpers.ts';

// The bearer-token check every signed-in route relies on (plugins/app/authentication.ts).
let api: TestApi;

beforeAll(async () => {
  api = await buildTestApi({}, (app) => {
    app.get('/test/who-am-i', { preHandler: app.authenticate }, async (request) => ({
      id: request.user?.id,
    }));
    app.get('/test/maybe', { preHandler: app.identify }, async (request) => ({
      id: request.user?.id ?? null,
    }));
    app.get('/test/admin', { preHandler: app.requireAdmin }, async () => ({ ok: true }));
  });
});
afterAll(() => api.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  api.app.inject({ method: 'GET', url, headers });

describe('authentication', () => {
  it('lets a valid access token through and names its user', async () => {
    const user = await createUser(api.db);
    const response = await get('/test/who-am-i', bearer(api.config, user.id));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: user.id });
  });

  it('answers 401 without a token, with a malformed or forged one, or an expired one', async () => {
    const user = await createUser(api.db);
    expect((await get('/test/who-am-i')).json()).toEqual({ code: 'unauthorized', message: 'Unauthorized' });
    expect((await get('/test/who-am-i', { authorization: 'Bearer nonsense' })).statusCode).toBe(401);
    expect((await get('/test/who-am-i', { authorization: 'Basic abc' })).statusCode).toBe(401);
    const forged = signAccessToken([{ kid: 'dev', secret: 'x'.repeat(40) }], {
      sub: user.id,
      iat: Math.floor(Date.now() / 1000),
      exp: Math.floor(Date.now() / 1000) + 60,
      jti: 'forged',
      fam: crypto.randomUUID(),
    });
    expect((await get('/test/who-am-i', { authorization: `Bearer ${forged}` })).statusCode).toBe(401);
    const expired = bearer(api.config, user.id, { iat: 1_000, exp: 2_000 });
    expect((await get('/test/who-am-i', expired)).statusCode).toBe(401);
  });

  it('refuses tokens of a deleted user and tokens issued before not_before', async () => {
    const user = await createUser(api.db);
    const early = bearer(api.config, user.id, { iat: Math.floor(Date.now() / 1000) - 120 });
    await api.db
      .update(users)
      .set({ notBefore: new Date(Date.now() - 60_000) })
      .where(eq(users.id, user.id));
    expect((await get('/test/who-am-i', early)).statusCode).toBe(401);
    expect((await get('/test/who-am-i', bearer(api.config, user.id))).statusCode).toBe(200);
    await api.db.delete(users).where(eq(users.id, user.id));
    expect((await get('/test/who-am-i', bearer(api.config, user.id))).statusCode).toBe(401);
  });

  it('refuses an access token whose refresh-token family was revoked', async () => {
    const user = await createUser(api.db);
    const familyId = crypto.randomUUID();
    const now = Math.floor(Date.now() / 1000);
    const token = signAccessToken(api.config.jwt.keys, {
      sub: user.id,
      iat: now,
      exp: now + 60,
      jti: 'a',
      fam: familyId,
    });
    await api.db.insert(refreshTokens).values({
      userId: user.id,
      familyId,
      tokenHash: `hash-${familyId}`,
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect((await get('/test/who-am-i', { authorization: `Bearer ${token}` })).statusCode).toBe(200);
    await api.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(eq(refreshTokens.familyId, familyId));
    expect((await get('/test/who-am-i', { authorization: `Bearer ${token}` })).statusCode).toBe(401);
  });

  it('identifies optionally and keeps admin routes for admins', async () => {
    const user = await createUser(api.db);
    const admin = await createUser(api.db, { isAdmin: true });
    expect((await get('/test/maybe')).json()).toEqual({ id: null });
    expect((await get('/test/maybe', bearer(api.config, user.id))).json()).toEqual({ id: user.id });
    expect((await get('/test/admin', bearer(api.config, user.id))).statusCode).toBe(403);
    expect((await get('/test/admin', bearer(api.config, admin.id))).statusCode).toBe(200);
    expect((await get('/test/admin')).statusCode).toBe(401);
  });
});
