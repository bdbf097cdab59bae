import { apiKeys } from '@estately/db';
import {
  type ApiKey,
  ApiKeyListResponseSchema,
  ApiKeySchema,
  CreatedApiKeyResponseSchema,
  FEED_LIMITS,
} from '@estately/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPartnerKey } from '../../../src/lib/partner-key.ts';
import { bearer, createUser, type TestUser } from '../../support/auth-helpers.ts';
import { buildTestApi, type TestApi } from '../../support/helpers.ts';

// Partner API keys of a company account (issue 42): created with a name and scopes, shown once
// and stored as a hash, listed by prefix, revoked and kept; a person's account has none.

let api: TestApi;

beforeAll(async () => {
  api = await buildTestApi();
});
afterAll(async () => {
  await api?.close();
});

const company = () =>
  createUser(api.db, { verified: true, accountType: 'company', companyName: 'Realitka Vltava s.r.o.' });

function call(method: 'GET' | 'POST' | 'DELETE', url: string, user: TestUser | null, payload?: unknown) {
  return api.app.inject({
    method,
    url,
    headers: user ? bearer(api.config, user.id) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const create = (user: TestUser, body: unknown = { name: 'CRM', scopes: ['listings:write'] }) =>
  call('POST', '/users/me/api-keys', user, body);

describe('API keys', () => {
  it('creates a key shown once, stores only its hash and lists it by prefix', async () => {
    const owner = await company();
    const response = await create(owner, { name: 'Our CRM', scopes: ['listings:write', 'listings:read'] });
    expect(response.statusCode, response.body).toBe(201);
    const created = CreatedApiKeyResponseSchema.parse(response.json());
    expect(created.secret).toMatch(/^est_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(created.secret.slice(4), 'base64url')).toHaveLength(32);
    expect(created.key).toMatchObject({
      name: 'Our CRM',
      prefix: created.secret.slice(0, 12),
      // In the catalogue's order, whatever the body's.
      scopes: ['listings:read', 'listings:write'],
      lastUsedAt: null,
      revokedAt: null,
    });

    const [row] = await api.db.select().from(apiKeys).where(eq(apiKeys.id, created.key.id));
    expect(row!.keyHash).toBe(hashPartnerKey(created.secret));
    expect(row!.keyHash).toMatch(/^[0-9a-f]{64}$/);
    // The key itself is nowhere in the row.
    expect(JSON.stringify(row)).not.toContain(created.secret.slice(12));

    const listed = await call('GET', '/users/me/api-keys', owner);
    expect(listed.statusCode).toBe(200);
    const { keys } = ApiKeyListResponseSchema.parse(listed.json());
    expect(keys).toEqual([created.key]);
    expect(listed.body).not.toContain(created.secret);
  });

  it('gives each key its own secret and lists the newest first, only the account’s own', async () => {
    const owner = await company();
    const stranger = await company();
    const first = CreatedApiKeyResponseSchema.parse(
      (await create(owner, { name: 'A', scopes: ['listings:read'] })).json(),
    );
    const second = CreatedApiKeyResponseSchema.parse(
      (await create(owner, { name: 'B', scopes: ['listings:read'] })).json(),
    );
    await create(stranger);
    expect(first.secret).not.toBe(second.secret);
    const { keys } = ApiKeyListResponseSchema.parse((await call('GET', '/users/me/api-keys', owner)).json());
    expect(keys.map((key) => key.name)).toEqual(['B', 'A']);
  });

  it('revokes a key, keeps it with revokedAt, and frees its place', async () => {
    const owner = await company();
    const keys: ApiKey[] = [];
    for (let i = 0; i < FEED_LIMITS.apiKeysMax; i += 1) {
      const response = await create(owner, { name: `Key ${i}`, scopes: ['listings:read'] });
      expect(response.statusCode, response.body).toBe(201);
      keys.push(CreatedApiKeyResponseSchema.parse(response.json()).key);
    }
    const over = await create(owner);
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({
      code: 'validation_errors',
      errors: { keys: ['validation.too_many_keys'] },
    });
    expect(await api.db.select().from(apiKeys).where(eq(apiKeys.ownerId, owner.id))).toHaveLength(
      FEED_LIMITS.apiKeysMax,
    );

    const revoked = await call('DELETE', `/users/me/api-keys/${keys[0]!.id}`, owner);
    expect(revoked.statusCode, revoked.body).toBe(200);
    const view = ApiKeySchema.parse(revoked.json());
    expect(view.revokedAt).not.toBeNull();
    // Again: nothing changes, the first revocation's time stays.
    const again = await call('DELETE', `/users/me/api-keys/${keys[0]!.id}`, owner);
    expect(ApiKeySchema.parse(again.json()).revokedAt).toBe(view.revokedAt);

    const listed = ApiKeyListResponseSchema.parse((await call('GET', '/users/me/api-keys', owner)).json());
    expect(listed.keys).toHaveLength(FEED_LIMITS.apiKeysMax);
    expect(listed.keys.find((key) => key.id === keys[0]!.id)?.revokedAt).toBe(view.revokedAt);
    expect((await create(owner)).statusCode).toBe(201);
  });

  it('answers 404 for another company’s key and an unknown id, revoking nothing', async () => {
    const owner = await company();
    const stranger = await company();
    const key = CreatedApiKeyResponseSchema.parse((await create(owner)).json()).key;
    for (const url of [
      `/users/me/api-keys/${key.id}`,
      '/users/me/api-keys/987654321',
      '/users/me/api-keys/x',
    ]) {
      const response = await call('DELETE', url, stranger);
      expect(response.statusCode, url).toBe(404);
    }
    const [row] = await api.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.revokedAt).toBeNull();
  });

  it('refuses bad names and scopes with message keys, storing nothing', async () => {
    const owner = await company();
    for (const [body, field] of [
      [{ name: ' ', scopes: ['listings:read'] }, 'name'],
      [{ name: 'x'.repeat(101), scopes: ['listings:read'] }, 'name'],
      [{ name: 'CRM', scopes: [] }, 'scopes'],
      [{ name: 'CRM', scopes: ['listings:delete'] }, 'scopes.0'],
      [{ name: 'CRM', scopes: ['listings:read'], secret: 'est_mine' }, 'body'],
    ] as const) {
      const response = await create(owner, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.json().errors), JSON.stringify(body)).toContain(field);
    }
    expect(await api.db.select().from(apiKeys).where(eq(apiKeys.ownerId, owner.id))).toEqual([]);
  });

  it("answers a person's account 403 company_only on every call, and a guest 401", async () => {
    const person = await createUser(api.db, { verified: true });
    for (const [method, url] of [
      ['GET', '/users/me/api-keys'],
      ['POST', '/users/me/api-keys'],
      ['DELETE', '/users/me/api-keys/1'],
    ] as const) {
      const payload = method === 'POST' ? { name: 'CRM', scopes: ['listings:read'] } : undefined;
      const refused = await call(method, url, person, payload);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'forbidden',
        errors: { account: ['company.error.company_only'] },
      });
      const guest = await call(method, url, null, payload);
      expect(guest.statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await api.db.select().from(apiKeys).where(eq(apiKeys.ownerId, person.id))).toEqual([]);
  });
});
