import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Config } from '../../config.ts';
import { isAppError } from '../../lib/app-error.ts';
import type { RateLimiter } from '../../lib/rate-limit-store.ts';
import rateLimiter, { enforceRateLimits } from './rate-limiter.ts';
import visitor from './visitor.ts';

const config = (redisUrl?: string) => ({ redisUrl }) as Config;

describe('rate-limiter plugin', () => {
  it('lets requests through when the Redis store does not answer, and logs it', async () => {
    const logged: unknown[] = [];
    const app = Fastify({
      logger: { level: 'error', stream: { write: (line: string) => logged.push(line) } },
    });
    // Port 1 refuses connections at once.
    await app.register(visitor, { config: config() });
    await app.register(rateLimiter, { config: config('redis://127.0.0.1:1') });
    await app.ready();
    try {
      const decision = await app.rateLimiter.hit('auth.login:ip:1', { max: 1, windowMs: 1_000 });
      expect(decision).toEqual({ allowed: true });
      expect(logged.join('')).toContain('rate limiter unavailable');
    } finally {
      await app.close();
    }
  });

  it('refuses with too_many_requests and sets Retry-After once a budget is spent', async () => {
    const app = Fastify();
    await app.register(visitor, { config: config() });
    await app.register(rateLimiter, { config: config() });
    app.get('/limited', async (_request, reply) => {
      await enforceRateLimits(app.rateLimiter, reply, [
        { key: 'limited', rule: { max: 1, windowMs: 60_000 } },
      ]);
      return { ok: true };
    });
    app.setErrorHandler((error, _request, reply) =>
      reply
        .code(isAppError(error) ? error.statusCode : 500)
        .send({ code: isAppError(error) ? error.code : 'other' }),
    );
    try {
      expect((await app.inject('/limited')).statusCode).toBe(200);
      const refused = await app.inject('/limited');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ code: 'too_many_requests' });
      expect(Number(refused.headers['retry-after'])).toBe(60);
    } finally {
      await app.close();
    }
  });

  it('uses the limiter it is given', async () => {
    const seen: string[] = [];
    const limiter: RateLimiter = {
      hit: async (key) => {
        seen.push(key);
        return { allowed: false, retryAfterSeconds: 7 };
      },
      check: async () => ({ allowed: true }),
      record: async () => {},
      close: async () => {},
    };
    const app = Fastify();
    await app.register(visitor, { config: config() });
    await app.register(rateLimiter, { config: config(), limiter });
    await app.ready();
    expect(await app.rateLimiter.hit('given', { max: 1, windowMs: 1 })).toEqual({
      allowed: false,
      retryAfterSeconds: 7,
    });
    expect(seen).toEqual(['given']);
    await app.close();
  });
});
