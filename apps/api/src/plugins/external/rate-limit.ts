import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';

// One budget per client address and minute. In-memory per instance; with REDIS_URL several
// instances will share it (DESIGN 6) once a Redis client is added. RATE_LIMIT_MAX=0 turns it
// off for benchmarks.
async function limiter(app: FastifyInstance, options: { config: Config }) {
  const { config } = options;
  if (config.rateLimitMax === 0) return;
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitMax,
    timeWindow: '1 minute',
    // Answered with the same error body as every other failure (spec 8).
    errorResponseBuilder: () => new AppError('too_many_requests'),
  });
}

export default fp(limiter, { name: 'rate-limit', fastify: '5.x' });
