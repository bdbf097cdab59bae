import { Redis } from 'ioredis';

/** The Redis the shared-store tests run against: TEST_REDIS_URL, else the local server. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Whether those tests can run: with TEST_REDIS_URL set an unreachable server fails them instead
 * of skipping; without it they run when the local server answers.
 */
export async function redisAnswers(): Promise<boolean> {
  if (process.env.TEST_REDIS_URL) return true;
  const probe = new Redis(TEST_REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
