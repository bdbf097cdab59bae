import { randomInt, randomUUID } from 'node:crypto';
import { AUTH_RATE_LIMITS } from '@estately/domain';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisRateLimiter } from '../../../src/lib/rate-limit-store.ts';
import { buildTestApi, type TestApi } from '../../support/helpers.ts';
import { redisAnswers, TEST_REDIS_URL } from '../../support/redis.ts';

// With REDIS_URL the authentication limits live in Redis, so every API instance spends the
// same budget (DESIGN 6). Runs against the local Redis (TEST_REDIS_URL or 127.0.0.1:6379).
const redisUrl = TEST_REDIS_URL;

describe.runIf(await redisAnswers())('authentication limits in Redis', () => {
  let api: TestApi;
  let redis: Redis;
  // Addresses and e-mails of this run only: windows of earlier runs may still be in Redis.
  const run = randomUUID().slice(0, 8);
  const address = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

  beforeAll(async () => {
    api = await buildTestApi({ REDIS_URL: redisUrl });
    redis = new Redis(redisUrl);
  });
  afterAll(async () => {
    const keys = await redis.keys(`estately:rl:*${run}*`);
    const addressKeys = await redis.keys(`estately:rl:*${address}`);
    if (keys.length + addressKeys.length > 0) await redis.del(...keys, ...addressKeys);
    await redis.quit();
    await api.close();
  });

  it('counts login attempts per e-mail in Redis, shared with any other instance', async () => {
    const email = `shared-${run}@example.com`;
    const rule = AUTH_RATE_LIMITS.login.account;
    for (let i = 0; i < rule.max - 1; i += 1) {
      const response = await api.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email, password: 'wrong-password' },
        remoteAddress: `10.1.${i}.${randomInt(1, 255)}`,
      });
      expect(response.statusCode).toBe(401);
    }
    expect(await redis.zcard(`estately:rl:auth.login:account:${email}`)).toBe(rule.max - 1);
    // Another instance takes the last attempt of the budget...
    const otherInstance = new RedisRateLimiter(redis);
    expect(await otherInstance.hit(`auth.login:account:${email}`, rule)).toEqual({ allowed: true });
    // ...so this one refuses the next.
    const refused = await api.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email, password: 'wrong-password' },
      remoteAddress: address,
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
  });

  it('counts per-address budgets there too', async () => {
    const rule = AUTH_RATE_LIMITS.refresh.ip;
    for (let i = 0; i < rule.max; i += 1) {
      await api.app.inject({
        method: 'POST',
        url: '/api/token/refresh',
        payload: {},
        remoteAddress: address,
      });
    }
    const refused = await api.app.inject({
      method: 'POST',
      url: '/api/token/refresh',
      payload: {},
      remoteAddress: address,
    });
    expect(refused.statusCode).toBe(429);
    expect(await redis.zcard(`estately:rl:auth.refresh:ip:${address}`)).toBe(rule.max);
  });
});
