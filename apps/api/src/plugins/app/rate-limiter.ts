import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  createRateLimiter,
  hitAll,
  type RateLimitDecision,
  type RateLimiter,
  type RateLimitRule,
} from '../../lib/rate-limit-store.ts';

/**
 * The per-action limiter (`app.rateLimiter`): in process, or in Redis when REDIS_URL is set so
 * every instance shares the budgets (DESIGN 6). Distinct from the global per-minute limit of
 * plugins/external/rate-limit.ts, which caps any client's total request rate.
 *
 * When Redis does not answer, requests are let through and the failure is logged: an outage
 * of the limiter's store must not lock every user out of signing in.
 */
async function rateLimiterPlugin(app: FastifyInstance, options: { config: Config; limiter?: RateLimiter }) {
  const store = options.limiter ?? createRateLimiter({ redisUrl: options.config.redisUrl });
  const limiter: RateLimiter = {
    async hit(key, rule) {
      try {
        return await store.hit(key, rule);
      } catch (error) {
        app.log.error({ err: error, key }, 'rate limiter unavailable; request allowed');
        return { allowed: true };
      }
    },
    close: () => store.close(),
  };
  app.decorate('rateLimiter', limiter);
  app.addHook('onClose', async () => {
    await store.close();
  });
}

export default fp(rateLimiterPlugin, { name: 'rate-limiter', fastify: '5.x' });

/**
 * Hits every budget of a request and refuses it with 429 `too_many_requests` and `Retry-After`
 * (seconds) when any is spent.
 */
export async function enforceRateLimits(
  limiter: RateLimiter,
  reply: FastifyReply,
  hits: ReadonlyArray<{ key: string; rule: RateLimitRule }>,
): Promise<void> {
  const decision: RateLimitDecision = await hitAll(limiter, hits);
  if (decision.allowed) return;
  reply.header('retry-after', String(decision.retryAfterSeconds));
  throw new AppError('too_many_requests');
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Sliding-window limits per action and subject (lib/rate-limit-store.ts). */
    rateLimiter: RateLimiter;
  }
}
