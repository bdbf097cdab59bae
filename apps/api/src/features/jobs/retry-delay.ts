/** First retry after 30 s, doubling per attempt (30 s, 1 min, 2 min, ...), at most an hour. */
export const RETRY_BASE_MS = 30_000;
export const RETRY_MAX_MS = 3_600_000;

/**
 * Delay before the next attempt after `attempt` failed runs (1-based): exponential backoff
 * with up to 20 % random jitter on top, so jobs that failed together (an SMTP outage) do not
 * all come back in the same second. `random` returns [0, 1) and is injectable for tests.
 */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const exponent = Math.max(0, Math.min(attempt - 1, 30));
  const base = Math.min(RETRY_BASE_MS * 2 ** exponent, RETRY_MAX_MS);
  return Math.round(base * (1 + 0.2 * random()));
}
