import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import {
  checkAll,
  hitAll,
  MemoryRateLimiter,
  RedisRateLimiter,
  recordAll,
} from '../../src/lib/rate-limit-store.ts';
import { redisAnswers, TEST_REDIS_URL } from '../support/redis.ts';

const rule = { max: 3, windowMs: 60_000 };

describe('MemoryRateLimiter', () => {
  it('allows max hits in the window, then refuses with the wait until the oldest leaves it', async () => {
    let now = 1_000_000;
    const limiter = new MemoryRateLimiter({ now: () => now });
    for (let i = 0; i < 3; i += 1) {
      expect(await limiter.hit('login:ip:a', rule)).toEqual({ allowed: true });
      now += 10_000;
    }
    // Oldest hit at 1_000_000 leaves the window at 1_060_000; now is 1_030_000.
    expect(await limiter.hit('login:ip:a', rule)).toEqual({ allowed: false, retryAfterSeconds: 30 });
    // Other keys have their own windows.
    expect(await limiter.hit('login:ip:b', rule)).toEqual({ allowed: true });
    now = 1_060_001;
    expect(await limiter.hit('login:ip:a', rule)).toEqual({ allowed: true });
  });

  it('does not count refused hits, so waiting out Retry-After is enough', async () => {
    let now = 0;
    const limiter = new MemoryRateLimiter({ now: () => now });
    for (let i = 0; i < 3; i += 1) await limiter.hit('k', rule);
    for (let i = 0; i < 10; i += 1) {
      now += 1_000;
      expect((await limiter.hit('k', rule)).allowed).toBe(false);
    }
    now = 60_001;
    expect((await limiter.hit('k', rule)).allowed).toBe(true);
  });

  it('forgets the least recently hit keys beyond maxKeys', async () => {
    const limiter = new MemoryRateLimiter({ maxKeys: 2, now: () => 5 });
    const one = { max: 1, windowMs: 60_000 };
    await limiter.hit('a', one);
    await limiter.hit('b', one);
    await limiter.hit('c', one);
    expect((await limiter.hit('a', one)).allowed).toBe(true);
    expect((await limiter.hit('c', one)).allowed).toBe(false);
  });

  it('hitAll answers the longest wait of the refused budgets and counts every budget', async () => {
    let now = 0;
    const limiter = new MemoryRateLimiter({ now: () => now });
    const short = { max: 1, windowMs: 10_000 };
    const long = { max: 1, windowMs: 100_000 };
    expect(
      await hitAll(limiter, [
        { key: 'ip', rule: short },
        { key: 'account', rule: long },
      ]),
    ).toEqual({ allowed: true });
    now = 1_000;
    expect(
      await hitAll(limiter, [
        { key: 'ip', rule: short },
        { key: 'account', rule: long },
      ]),
    ).toEqual({ allowed: false, retryAfterSeconds: 99 });
  });
});

describe('check and record', () => {
  it('check answers without counting; record counts whatever the window holds', async () => {
    let now = 0;
    const limiter = new MemoryRateLimiter({ now: () => now });
    const two = { max: 2, windowMs: 1_000 };
    expect(await limiter.check('x', two)).toEqual({ allowed: true });
    expect(await limiter.check('x', two)).toEqual({ allowed: true });
    await limiter.record('x', two);
    await limiter.record('x', two);
    expect(await limiter.check('x', two)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    now = 1_001;
    expect(await limiter.check('x', two)).toEqual({ allowed: true });
  });

  it('checkAll refuses when any budget is spent and counts none; recordAll counts all', async () => {
    const limiter = new MemoryRateLimiter({ now: () => 0 });
    const budgets = [
      { key: 'sender', rule: { max: 2, windowMs: 60_000 } },
      { key: 'offer', rule: { max: 1, windowMs: 3_600_000 } },
    ];
    expect(await checkAll(limiter, budgets)).toEqual({ allowed: true });
    await recordAll(limiter, budgets);
    expect(await checkAll(limiter, budgets)).toEqual({ allowed: false, retryAfterSeconds: 3_600 });
    // The refusal counted nothing: the sender's budget still has one hit left.
    expect(await limiter.hit('sender', budgets[0]!.rule)).toEqual({ allowed: true });
  });
});

// The shared store runs against a real Redis: TEST_REDIS_URL, else the local server when one
// answers. With TEST_REDIS_URL set, an unreachable server fails the suite instead of skipping.
const redisUrl = TEST_REDIS_URL;

describe.runIf(await redisAnswers())('RedisRateLimiter', () => {
  const client = new Redis(redisUrl);
  const prefix = `estately:test:${randomUUID()}:`;
  afterAll(async () => {
    const keys = await client.keys(`${prefix}*`);
    if (keys.length > 0) await client.del(...keys);
    await client.quit();
  });

  it('allows max hits, then refuses with Retry-After, keyed under its prefix', async () => {
    const limiter = new RedisRateLimiter(client, { prefix });
    for (let i = 0; i < 3; i += 1) expect(await limiter.hit('login:ip:a', rule)).toEqual({ allowed: true });
    const refused = await limiter.hit('login:ip:a', rule);
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) {
      expect(refused.retryAfterSeconds).toBeGreaterThan(55);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    }
    expect(await limiter.hit('login:ip:b', rule)).toEqual({ allowed: true });
    expect(await client.zcard(`${prefix}login:ip:a`)).toBe(3);
    const ttl = await client.pttl(`${prefix}login:ip:a`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it('lets hits through again once the window has passed', async () => {
    const limiter = new RedisRateLimiter(client, { prefix });
    const brief = { max: 1, windowMs: 300 };
    expect((await limiter.hit('short', brief)).allowed).toBe(true);
    expect(await limiter.hit('short', brief)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect((await limiter.hit('short', brief)).allowed).toBe(true);
  });

  it('gives exactly max slots to concurrent hits from several instances', async () => {
    const other = new Redis(redisUrl);
    try {
      const first = new RedisRateLimiter(client, { prefix });
      const second = new RedisRateLimiter(other, { prefix });
      const decisions = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 === 0 ? first : second).hit('race', { max: 5, windowMs: 60_000 }),
        ),
      );
      expect(decisions.filter((decision) => decision.allowed)).toHaveLength(5);
    } finally {
      await other.quit();
    }
  });

  it('check counts nothing and record counts past max, in the same window as hit', async () => {
    const limiter = new RedisRateLimiter(client, { prefix });
    const two = { max: 2, windowMs: 60_000 };
    expect(await limiter.check('modes', two)).toEqual({ allowed: true });
    expect(await client.exists(`${prefix}modes`)).toBe(0);
    await limiter.record('modes', two);
    expect((await limiter.hit('modes', two)).allowed).toBe(true);
    await limiter.record('modes', two);
    expect(await client.zcard(`${prefix}modes`)).toBe(3);
    const checked = await limiter.check('modes', two);
    expect(checked.allowed).toBe(false);
    expect(await client.zcard(`${prefix}modes`)).toBe(3);
  });

  it('connects itself from a URL and closes its own connection', async () => {
    const limiter = new RedisRateLimiter(redisUrl, { prefix });
    expect((await limiter.hit('own', rule)).allowed).toBe(true);
    await limiter.close();
    expect(await client.zcard(`${prefix}own`)).toBe(1);
  });
});
