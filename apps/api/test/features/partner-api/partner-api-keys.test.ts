import { randomInt } from 'node:crypto';
import { apiKeys, feedListings, jobs } from '@estately/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.ts';
import { PARTNER_LISTING_JOB } from '../../../src/features/partner-api/partner-listing-job.ts';
import { bearer } from '../../support/auth-helpers.ts';
import { buildTestApi, type TestApi } from '../../support/helpers.ts';
import { redisAnswers, TEST_REDIS_URL } from '../../support/redis.ts';
import { keyOf, LISTING, makePerson, partnerWithKey } from './support.ts';

// Who may call the partner API (issue 42): an API key only (never an access token), its
// scopes, its account still a company's; last use recorded to the minute; each key its own
// request budget, in process or in Redis; and the calls in the OpenAPI with their scheme.

let api: TestApi;

beforeAll(async () => {
  api = await buildTestApi();
});
afterAll(async () => {
  await api?.close();
});

const ROUTES = [
  ['PUT', '/v1/partner/listings/flat-1'],
  ['GET', '/v1/partner/listings/flat-1'],
  ['DELETE', '/v1/partner/listings/flat-1'],
  ['GET', '/v1/partner/listings'],
] as const;

function call(
  target: TestApi,
  method: 'GET' | 'PUT' | 'DELETE',
  url: string,
  authorization: string | null,
  payload?: unknown,
) {
  return target.app.inject({
    method,
    url,
    headers: authorization === null ? {} : { authorization },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const key = (secret: string) => `Bearer ${secret}`;

describe('partner API authentication', () => {
  it('answers 401 invalid_key without a key, for an access token, an unknown or a revoked key, reading no body', async () => {
    const partner = await partnerWithKey(api);
    const revoked = await keyOf(api, partner.user);
    const gone = await api.app.inject({
      method: 'DELETE',
      url: `/users/me/api-keys/${revoked.keyId}`,
      headers: bearer(api.config, partner.user.id),
    });
    expect(gone.statusCode).toBe(200);
    const unknown = `est_${Buffer.alloc(32, 7).toString('base64url')}`;
    for (const authorization of [
      null,
      bearer(api.config, partner.user.id).authorization,
      key(unknown),
      key(revoked.secret),
      `Basic ${Buffer.from(`x:${partner.secret}`).toString('base64')}`,
      partner.secret,
    ]) {
      for (const [method, url] of ROUTES) {
        // A bad body too: a refused caller learns no field rules.
        const response = await call(
          api,
          method,
          url,
          authorization,
          method === 'PUT' ? { price: -1 } : undefined,
        );
        expect(response.statusCode, `${method} ${url} with ${authorization}`).toBe(401);
        expect(response.json()).toMatchObject({
          code: 'unauthorized',
          errors: { authorization: ['partner.error.invalid_key'] },
        });
        expect(response.headers['www-authenticate']).toBe('Bearer realm="partner"');
      }
    }
    // A session cookie is no key either.
    const cookie = await api.app.inject({
      method: 'GET',
      url: '/v1/partner/listings',
      headers: { cookie: `estately_session=${partner.secret}` },
    });
    expect(cookie.statusCode).toBe(401);
    expect(await api.db.select().from(feedListings)).toEqual([]);
  });

  it('answers 403 scope for a key without the call’s scope, and lets the scope through', async () => {
    const reader = await partnerWithKey(api, ['listings:read']);
    const writer = await keyOf(api, reader.user, ['listings:write']);
    for (const [method, url] of ROUTES) {
      const needsWrite = method !== 'GET';
      const refused = await call(
        api,
        method,
        url,
        key(needsWrite ? reader.secret : writer.secret),
        needsWrite ? LISTING : undefined,
      );
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'forbidden',
        errors: { authorization: ['partner.error.scope'] },
      });
    }
    const listed = await call(api, 'GET', '/v1/partner/listings', key(reader.secret));
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toMatchObject({ listings: [], meta: { total: 0 } });
    const none = await call(api, 'DELETE', '/v1/partner/listings/flat-1', key(writer.secret));
    expect(none.statusCode, none.body).toBe(404);
  });

  it('answers 403 company_only once the key’s account is no longer a company’s', async () => {
    const partner = await partnerWithKey(api);
    expect((await call(api, 'GET', '/v1/partner/listings', key(partner.secret))).statusCode).toBe(200);
    await makePerson(api, partner.user.id);
    const response = await call(api, 'GET', '/v1/partner/listings', key(partner.secret));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ errors: { account: ['company.error.company_only'] } });
  });

  it('records when a key was last used, at most once a minute', async () => {
    const partner = await partnerWithKey(api);
    const lastUsed = async () =>
      (await api.db.select({ at: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, partner.keyId)))[0]
        ?.at;
    expect(await lastUsed()).toBeNull();
    await call(api, 'GET', '/v1/partner/listings', key(partner.secret));
    const first = await lastUsed();
    expect(first).toBeInstanceOf(Date);
    await call(api, 'GET', '/v1/partner/listings', key(partner.secret));
    expect(await lastUsed()).toEqual(first);
    const earlier = new Date(Date.now() - 61_000);
    await api.db.update(apiKeys).set({ lastUsedAt: earlier }).where(eq(apiKeys.id, partner.keyId));
    await call(api, 'GET', '/v1/partner/listings', key(partner.secret));
    expect((await lastUsed())!.getTime()).toBeGreaterThan(earlier.getTime() + 30_000);
    // The account sees it in its list.
    const listed = await api.app.inject({
      method: 'GET',
      url: '/users/me/api-keys',
      headers: bearer(api.config, partner.user.id),
    });
    expect(listed.json().keys[0].lastUsedAt).toBe((await lastUsed())!.toISOString());
  });

  it('documents every partner call in the OpenAPI with the API key scheme', async () => {
    const document = (await api.app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(document.components.securitySchemes.partnerKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const [method, url] of ROUTES) {
      const path = url.replace('flat-1', '{externalId}');
      const operation = document.paths[path]?.[method.toLowerCase()];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation.security).toEqual([{ partnerKey: [] }]);
      expect(operation.tags).toEqual(['partner']);
    }
    expect(document.paths['/v1/partner/listings/{externalId}'].put.requestBody).toBeDefined();
  });
});

async function budgetsOf(target: TestApi) {
  const first = await partnerWithKey(target);
  const second = await keyOf(target, first.user);
  const other = await partnerWithKey(target);
  const list = (secret: string) => call(target, 'GET', '/v1/partner/listings', key(secret));
  // RATE_LIMIT_MAX is 3 in these apps.
  for (let i = 0; i < 3; i += 1) expect((await list(first.secret)).statusCode).toBe(200);
  const refused = await list(first.secret);
  expect(refused.statusCode).toBe(429);
  expect(refused.json()).toMatchObject({ code: 'too_many_requests' });
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
  // A write is refused as well, before its body is read, and writes nothing.
  const write = await call(target, 'PUT', '/v1/partner/listings/flat-1', key(first.secret), LISTING);
  expect(write.statusCode).toBe(429);
  expect(await target.db.select().from(jobs).where(eq(jobs.kind, PARTNER_LISTING_JOB))).toEqual([]);
  // The company's second key and another company's key each have their own budget, from the same address.
  for (let i = 0; i < 3; i += 1) expect((await list(second.secret)).statusCode).toBe(200);
  expect((await list(second.secret)).statusCode).toBe(429);
  expect((await list(other.secret)).statusCode).toBe(200);

  // Unknown keys spend the address's budget, then the address's partner calls stop before any lookup.
  const guess = (n: number) => key(`est_${Buffer.alloc(32, n).toString('base64url')}`);
  // An address of this run only: windows of earlier runs may still be in Redis.
  const from = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  const statuses: number[] = [];
  for (let n = 1; n <= 4; n += 1) {
    statuses.push(
      (
        await target.app.inject({
          method: 'GET',
          url: '/v1/partner/listings',
          headers: { authorization: guess(n) },
          remoteAddress: from,
        })
      ).statusCode,
    );
  }
  expect(statuses).toEqual([401, 401, 401, 429]);
  // Another address's keys are not affected.
  expect((await list(other.secret)).statusCode).toBe(200);
}

describe('partner API budget per key', () => {
  it('refuses a key past RATE_LIMIT_MAX a minute with 429 and Retry-After; keys do not share budgets', async () => {
    const limited = await buildTestApi({ RATE_LIMIT_MAX: '3' });
    try {
      await budgetsOf(limited);
    } finally {
      await limited.close();
    }
  });

  it('counts the same budgets in Redis when REDIS_URL is set', async (context) => {
    if (!(await redisAnswers())) {
      context.skip();
      return;
    }
    const env = { RATE_LIMIT_MAX: '3', REDIS_URL: TEST_REDIS_URL };
    const first = await buildTestApi(env);
    // A second instance of the API on the same database and Redis.
    const second = await buildApp({ config: first.config, db: first.database, logger: false });
    try {
      await budgetsOf(first);
      // Two instances on one Redis count each key's calls together.
      const partner = await partnerWithKey(first);
      const seen: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const target = i % 2 === 0 ? first.app : second;
        const response = await target.inject({
          method: 'GET',
          url: '/v1/partner/listings',
          headers: { authorization: key(partner.secret) },
        });
        seen.push(response.statusCode);
      }
      expect(seen).toEqual([200, 200, 200, 429]);
    } finally {
      await second.close();
      await first.close();
    }
  });
});
