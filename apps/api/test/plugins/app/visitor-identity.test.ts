import { randomInt, randomUUID } from 'node:crypto';
import { AUTH_RATE_LIMITS, INTERNAL_TOKEN_HEADER, VISITOR_ADDRESS_HEADER } from '@estately/domain';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgetAddress, headerAddress } from '../../../src/plugins/app/visitor.ts';
import { bearer, createUser } from '../../support/auth-helpers.ts';
import { buildTestApi, type TestApi } from '../../support/helpers.ts';
import { redisAnswers, TEST_REDIS_URL } from '../../support/redis.ts';

// Issue 36: each visitor is its own client end to end (docs/decisions/041). The web server
// renders pages for every visitor over its own connections, so it names the visitor of each
// call beside the shared internal token; the API believes that only with the token.

const TOKEN = `internal-${randomUUID()}-${randomUUID()}`;
const WEB_SERVER = '127.0.0.1';

/** A call as the web server makes it for `visitor` (or for itself without one). */
function viaWeb(api: TestApi, url: string, visitor?: string, extra: Record<string, string> = {}) {
  return api.app.inject({
    method: 'GET',
    url,
    remoteAddress: WEB_SERVER,
    headers: {
      [INTERNAL_TOKEN_HEADER]: TOKEN,
      ...(visitor === undefined ? {} : { [VISITOR_ADDRESS_HEADER]: visitor }),
      ...extra,
    },
  });
}

/** 1, 2, 3, ... on each call. */
function counter(): () => number {
  let n = 0;
  return () => {
    n += 1;
    return n;
  };
}

async function statuses(count: number, send: () => Promise<{ statusCode: number }>): Promise<number[]> {
  const seen: number[] = [];
  for (let i = 0; i < count; i += 1) seen.push((await send()).statusCode);
  return seen;
}

describe('the request budget is per visitor, not per web server', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await buildTestApi({ INTERNAL_API_TOKEN: TOKEN, RATE_LIMIT_MAX: '3' });
  });
  afterAll(() => api.close());

  it('charges each visitor the web server names its own budget', async () => {
    expect(await statuses(4, () => viaWeb(api, '/properties', '198.51.100.10'))).toEqual([
      200, 200, 200, 429,
    ]);
    const refused = await viaWeb(api, '/properties', '198.51.100.10');
    expect(refused.json()).toMatchObject({ code: 'too_many_requests' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another visitor of the same web server has a budget of its own.
    expect(await statuses(3, () => viaWeb(api, '/properties', '198.51.100.11'))).toEqual([200, 200, 200]);
  });

  it("never charges the web server's own calls (no visitor named)", async () => {
    expect(await statuses(8, () => viaWeb(api, '/properties'))).toEqual(Array(8).fill(200));
  });

  it('ignores a visitor header without the token: a browser forging it is counted by its connection', async () => {
    const next = counter();
    const forged = () =>
      api.app.inject({
        method: 'GET',
        url: '/properties',
        remoteAddress: '203.0.113.40',
        headers: { [VISITOR_ADDRESS_HEADER]: `192.0.2.${next()}` },
      });
    expect(await statuses(4, forged)).toEqual([200, 200, 200, 429]);
  });

  it('ignores a visitor header beside a wrong token, and a missing one does not exempt the caller', async () => {
    const next = counter();
    const wrongToken = () =>
      api.app.inject({
        method: 'GET',
        url: '/properties',
        remoteAddress: '203.0.113.41',
        headers: { [INTERNAL_TOKEN_HEADER]: `${TOKEN}x`, [VISITOR_ADDRESS_HEADER]: `192.0.2.${next()}` },
      });
    expect(await statuses(4, wrongToken)).toEqual([200, 200, 200, 429]);
    const wrongTokenNoVisitor = () =>
      api.app.inject({
        method: 'GET',
        url: '/properties',
        remoteAddress: '203.0.113.42',
        headers: { [INTERNAL_TOKEN_HEADER]: 'not-the-token' },
      });
    expect(await statuses(4, wrongTokenNoVisitor)).toEqual([200, 200, 200, 429]);
  });

  it('counts a signed-in visitor by account, wherever the calls come from', async () => {
    const user = await createUser(api.db);
    const auth = bearer(api.config, user.id);
    const addresses = ['198.51.100.20', '198.51.100.21', '198.51.100.22', '198.51.100.23'];
    const seen: number[] = [];
    for (const address of addresses) seen.push((await viaWeb(api, '/properties', address, auth)).statusCode);
    expect(seen).toEqual([200, 200, 200, 429]);
    // A guest at one of those addresses still has the address's own budget.
    expect((await viaWeb(api, '/properties', '198.51.100.23')).statusCode).toBe(200);
  });

  it('keys IPv6 visitors by their /64 network', async () => {
    const inNetwork = (host: number) => `2001:db8:7:9::${host.toString(16)}`;
    const host = counter();
    expect(await statuses(4, () => viaWeb(api, '/properties', inNetwork(host())))).toEqual([
      200, 200, 200, 429,
    ]);
    expect((await viaWeb(api, '/properties', '2001:db8:7:a::1')).statusCode).toBe(200);
  });

  it('lets health probes and media files through', async () => {
    expect(
      await statuses(6, () =>
        api.app.inject({ method: 'GET', url: '/health', remoteAddress: '203.0.113.43' }),
      ),
    ).toEqual(Array(6).fill(200));
    expect(
      await statuses(6, () =>
        api.app.inject({ method: 'GET', url: '/media/none.webp', remoteAddress: '203.0.113.44' }),
      ),
    ).toEqual(Array(6).fill(404));
  });
});

describe('per-action budgets follow the visitor through the web server', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await buildTestApi({ INTERNAL_API_TOKEN: TOKEN });
  });
  afterAll(() => api.close());

  const login = (visitor: string, email: string) =>
    api.app.inject({
      method: 'POST',
      url: '/auth/login',
      remoteAddress: WEB_SERVER,
      headers: { [INTERNAL_TOKEN_HEADER]: TOKEN, [VISITOR_ADDRESS_HEADER]: visitor },
      payload: { email, password: 'Wrong-Password-1' },
    });

  it("one person's failed logins lock out that person's address, not everyone else on the website", async () => {
    const { ip } = AUTH_RATE_LIMITS.login;
    const next = counter();
    const attempts = await statuses(ip.max + 1, () => login('198.51.100.30', `guess-${next()}@example.com`));
    expect(attempts.slice(0, ip.max)).toEqual(Array(ip.max).fill(401));
    expect(attempts[ip.max]).toBe(429);
    // Another visitor signing in through the same web server is not refused.
    expect((await login('198.51.100.31', 'someone@example.com')).statusCode).toBe(401);
  });

  it('a forged visitor header from a client without the token does not reset the login budget', async () => {
    const { ip } = AUTH_RATE_LIMITS.login;
    const next = counter();
    const forged = () => {
      const n = next();
      return api.app.inject({
        method: 'POST',
        url: '/auth/login',
        remoteAddress: '203.0.113.45',
        headers: { [VISITOR_ADDRESS_HEADER]: `192.0.2.${n % 250}` },
        payload: { email: `forged-${n}@example.com`, password: 'Wrong-Password-1' },
      });
    };
    const attempts = await statuses(ip.max + 1, forged);
    expect(attempts[ip.max]).toBe(429);
  });

  it('the security log records the visitor, not the web server', async () => {
    const user = await createUser(api.db);
    const response = await api.app.inject({
      method: 'POST',
      url: '/auth/login',
      remoteAddress: WEB_SERVER,
      headers: { [INTERNAL_TOKEN_HEADER]: TOKEN, [VISITOR_ADDRESS_HEADER]: '198.51.100.32' },
      payload: { email: user.email, password: user.password },
    });
    expect(response.statusCode).toBe(200);
    const rows = await api.database.query<{ ip: string }>(
      'select host(ip) as ip from security_events where user_id = $1',
      [user.id],
    );
    expect(rows.map((row) => row.ip)).toContain('198.51.100.32');
  });
});

describe('visitor addresses', () => {
  it('reads one IP address from the header, IPv4-mapped IPv6 as IPv4', () => {
    expect(headerAddress('203.0.113.5')).toBe('203.0.113.5');
    expect(headerAddress(' ::ffff:203.0.113.5 ')).toBe('203.0.113.5');
    expect(headerAddress('2001:db8::1')).toBe('2001:db8::1');
    expect(headerAddress('203.0.113.5, 10.0.0.1')).toBeNull();
    expect(headerAddress('example.com')).toBeNull();
    expect(headerAddress(['203.0.113.5', '203.0.113.6'])).toBeNull();
    expect(headerAddress(undefined)).toBeNull();
  });

  it('keys IPv4 whole and IPv6 by /64', () => {
    expect(budgetAddress('203.0.113.5')).toBe('203.0.113.5');
    expect(budgetAddress('2001:db8:7:9::1')).toBe('2001:db8:7:9::/64');
    expect(budgetAddress('2001:0db8:0007:0009:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:7:9::/64');
    expect(budgetAddress('::1')).toBe('0:0:0:0::/64');
    expect(budgetAddress('fe80::1:2:3:4')).toBe('fe80:0:0:0::/64');
  });
});

// With REDIS_URL every budget lives in Redis: two API instances share the request budget and the
// per-action budgets of a visitor. Runs against the local Redis (TEST_REDIS_URL or 127.0.0.1:6379).
const redisUrl = TEST_REDIS_URL;

describe.runIf(await redisAnswers())('two API instances share every budget in Redis', () => {
  let first: TestApi;
  let second: TestApi;
  let redis: Redis;
  // Addresses and e-mails of this run only: windows of earlier runs may still be in Redis.
  const run = randomUUID().slice(0, 8);
  const network = `10.${randomInt(256)}.${randomInt(256)}`;
  const visitor = `${network}.250`;

  beforeAll(async () => {
    const env = { INTERNAL_API_TOKEN: TOKEN, REDIS_URL: redisUrl, RATE_LIMIT_MAX: '4' };
    first = await buildTestApi(env);
    second = await buildTestApi(env);
    redis = new Redis(redisUrl);
  });
  afterAll(async () => {
    const keys = [
      ...(await redis.keys(`estately:rl:*${network}.*`)),
      ...(await redis.keys(`estately:rl:*${run}*`)),
    ];
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    await first.close();
    await second.close();
  });

  it('the request budget: calls spread over both instances count once', async () => {
    const seen: number[] = [];
    for (let i = 0; i < 5; i += 1)
      seen.push((await viaWeb(i % 2 === 0 ? first : second, '/properties', visitor)).statusCode);
    expect(seen).toEqual([200, 200, 200, 200, 429]);
    expect(await redis.zcard(`estately:rl:request:ip:${visitor}`)).toBe(4);
  });

  it('the per-action budgets: failed logins for one account on both instances add up', async () => {
    const { account } = AUTH_RATE_LIMITS.login;
    const email = `shared-${run}@example.com`;
    const seen: number[] = [];
    // Each attempt from another visitor of the web tier, alternating instances.
    for (let i = 0; i <= account.max; i += 1) {
      const api = i % 2 === 0 ? first : second;
      const response = await api.app.inject({
        method: 'POST',
        url: '/auth/login',
        remoteAddress: WEB_SERVER,
        headers: { [INTERNAL_TOKEN_HEADER]: TOKEN, [VISITOR_ADDRESS_HEADER]: `${network}.${i + 1}` },
        payload: { email, password: 'Wrong-Password-1' },
      });
      seen.push(response.statusCode);
    }
    expect(seen).toEqual([...Array(account.max).fill(401), 429]);
    expect(await redis.zcard(`estately:rl:auth.login:account:${email}`)).toBe(account.max);
    expect(await redis.zcard(`estately:rl:auth.login:ip:${network}.1`)).toBe(1);
  });
});
