import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

// Rate limits of the actions an attacker repeats: logins, sign-ups, recovery and confirmation
// requests, token refreshes (issue 5), messages to sellers (issue 4). Every limit is a sliding
// window: a key may be hit `max` times within any `windowMs`; the refusal says when the oldest
// counted hit leaves the window (Retry-After). In process by default; with REDIS_URL the
// windows live in Redis, so every API instance counts against the same budget (DESIGN 6).

export interface RateLimitRule {
  max: number;
  windowMs: number;
}

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  /**
   * Counts a hit on `key` under `rule` when the window has room, and answers whether it had.
   * A refused hit is not counted, so a client that waits out Retry-After gets through.
   * Keys name their action and subject (`auth.login:ip:203.0.113.5`): each key has one rule.
   */
  hit(key: string, rule: RateLimitRule): Promise<RateLimitDecision>;
  /** Releases connections (the app's onClose). */
  close(): Promise<void>;
}

function retryAfterSeconds(oldest: number, windowMs: number, now: number): number {
  return Math.max(1, Math.ceil((oldest + windowMs - now) / 1000));
}

/**
 * The hit times of each key, oldest first. The number of keys is bounded so a flood of
 * addresses cannot grow memory without limit: the least recently hit keys go first.
 */
class WindowLog {
  readonly #hits = new Map<string, number[]>();
  readonly #maxKeys: number;

  constructor(maxKeys: number) {
    this.#maxKeys = maxKeys;
  }

  /** The decision for one more hit on `key` at `now`, without recording it. */
  decide(key: string, rule: RateLimitRule, now: number): RateLimitDecision {
    const recent = this.#recent(key, rule.windowMs, now);
    if (recent.length < rule.max) return { allowed: true };
    const oldest = recent[recent.length - rule.max] ?? now;
    return { allowed: false, retryAfterSeconds: retryAfterSeconds(oldest, rule.windowMs, now) };
  }

  record(key: string, rule: RateLimitRule, now: number): void {
    const recent = this.#recent(key, rule.windowMs, now);
    recent.push(now);
    // Re-inserted so the Map's order is least recently hit first.
    this.#hits.delete(key);
    this.#hits.set(key, recent);
    while (this.#hits.size > this.#maxKeys) {
      const first = this.#hits.keys().next().value;
      if (first === undefined) break;
      this.#hits.delete(first);
    }
  }

  #recent(key: string, windowMs: number, now: number): number[] {
    const list = this.#hits.get(key);
    if (!list) return [];
    const from = now - windowMs;
    let start = 0;
    while (start < list.length && (list[start] ?? 0) <= from) start += 1;
    if (start > 0) list.splice(0, start);
    if (list.length === 0) this.#hits.delete(key);
    return list;
  }
}

export interface MemoryRateLimiterOptions {
  /** Most keys remembered (least recently hit dropped first). */
  maxKeys?: number;
  /** Clock in milliseconds (tests move it). */
  now?: () => number;
}

/** Windows in this process's memory: right for one instance (the embedded default). */
export class MemoryRateLimiter implements RateLimiter {
  readonly #log: WindowLog;
  readonly #now: () => number;

  constructor(options: MemoryRateLimiterOptions = {}) {
    this.#log = new WindowLog(options.maxKeys ?? 100_000);
    this.#now = options.now ?? Date.now;
  }

  async hit(key: string, rule: RateLimitRule): Promise<RateLimitDecision> {
    const now = this.#now();
    const decision = this.#log.decide(key, rule, now);
    if (decision.allowed) this.#log.record(key, rule, now);
    return decision;
  }

  async close(): Promise<void> {}
}

/**
 * One rule in process, asked first and hit after (the offer message limits of issue 4 check
 * two rules before counting either). Shares the window logic of MemoryRateLimiter.
 */
export class SlidingWindowLimiter {
  readonly rule: RateLimitRule;
  readonly #log: WindowLog;
  readonly #now: () => number;

  constructor(rule: RateLimitRule, options: MemoryRateLimiterOptions = {}) {
    this.rule = rule;
    this.#log = new WindowLog(options.maxKeys ?? 100_000);
    this.#now = options.now ?? Date.now;
  }

  /** What a hit would get, without recording it. */
  check(key: string): RateLimitDecision {
    return this.#log.decide(key, this.rule, this.#now());
  }

  /** Records a hit (call after `check` allowed it). */
  hit(key: string): void {
    this.#log.record(key, this.rule, this.#now());
  }
}

// One round trip, atomic: Redis runs a script without interleaving other commands, so two
// instances hitting the same key at once cannot both take the last slot. The window is a
// sorted set of hit times (scored by Redis's own clock, so instances' clocks may differ);
// the key expires with its window, so idle keys cost nothing.
const HIT_SCRIPT = `
local key = KEYS[1]
local window = tonumber(ARGV[1])
local max = tonumber(ARGV[2])
local member = ARGV[3]
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
if count < max then
  redis.call('ZADD', key, now, now .. ':' .. member)
  redis.call('PEXPIRE', key, window)
  return {1, 0}
end
local oldest = redis.call('ZRANGE', key, count - max, count - max, 'WITHSCORES')
return {0, tonumber(oldest[2]) + window - now}
`;

export interface RedisRateLimiterOptions {
  /** Prefix of every key, so limits share a Redis with other data (and tests with each other). */
  prefix?: string;
}

/** Windows in Redis, shared by every API instance (REDIS_URL). */
export class RedisRateLimiter implements RateLimiter {
  readonly #redis: Redis;
  readonly #prefix: string;
  readonly #ownsClient: boolean;

  constructor(redis: Redis | string, options: RedisRateLimiterOptions = {}) {
    this.#ownsClient = typeof redis === 'string';
    this.#redis =
      typeof redis === 'string'
        ? // A request waits for at most one retry rather than queueing while Redis is away.
          new Redis(redis, { maxRetriesPerRequest: 1, commandTimeout: 2_000, lazyConnect: true })
        : redis;
    this.#prefix = options.prefix ?? 'estately:rl:';
    // Connection errors surface as failed hits (the caller decides what to do); without a
    // listener ioredis would also print each reconnect failure to stderr.
    if (this.#ownsClient) this.#redis.on('error', () => undefined);
    this.#redis.defineCommand('estatelyRateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  }

  async hit(key: string, rule: RateLimitRule): Promise<RateLimitDecision> {
    const run = (this.#redis as unknown as Record<string, (...args: unknown[]) => Promise<[number, number]>>)
      .estatelyRateLimitHit;
    if (!run) throw new Error('rate-limit script not defined');
    const [allowed, waitMs] = await run.call(
      this.#redis,
      `${this.#prefix}${key}`,
      rule.windowMs,
      rule.max,
      randomUUID(),
    );
    if (allowed === 1) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(Number(waitMs) / 1000)) };
  }

  async close(): Promise<void> {
    if (this.#ownsClient) await this.#redis.quit().catch(() => undefined);
  }
}

/** Redis when a URL is configured (several instances), otherwise in process. */
export function createRateLimiter(options: { redisUrl?: string | undefined; prefix?: string }): RateLimiter {
  return options.redisUrl
    ? new RedisRateLimiter(options.redisUrl, { prefix: options.prefix })
    : new MemoryRateLimiter();
}

/**
 * Hits every key of one request (per address, per account...) and answers the longest wait
 * when any refused. Every rule is asked even after a refusal, so each budget sees the attempt.
 */
export async function hitAll(
  limiter: RateLimiter,
  hits: ReadonlyArray<{ key: string; rule: RateLimitRule }>,
): Promise<RateLimitDecision> {
  const decisions = await Promise.all(hits.map(({ key, rule }) => limiter.hit(key, rule)));
  let wait = 0;
  for (const decision of decisions) if (!decision.allowed) wait = Math.max(wait, decision.retryAfterSeconds);
  return wait > 0 ? { allowed: false, retryAfterSeconds: wait } : { allowed: true };
}
