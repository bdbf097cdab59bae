import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

// The one rate limiter of the API (docs/decisions/041): every budget goes through it, the
// per-visitor request rate as well as the actions an attacker repeats (logins, sign-ups,
// recovery and confirmation requests, token refreshes, messages to sellers, leads). Every
// limit is a sliding window: a key may be hit `max` times within any `windowMs`; the refusal
// says when the oldest counted hit leaves the window (Retry-After). In process on the
// embedded default; with REDIS_URL the windows live in Redis, so every API instance counts
// against the same budgets (DESIGN 6).

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
  /**
   * What a hit would get, without counting it: for budgets counted only once the action
   * succeeded, or only when every budget of the action has room (`record` then counts).
   */
  check(key: string, rule: RateLimitRule): Promise<RateLimitDecision>;
  /** Counts a hit whatever the window holds (after `check` allowed it). */
  record(key: string, rule: RateLimitRule): Promise<void>;
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

  async check(key: string, rule: RateLimitRule): Promise<RateLimitDecision> {
    return this.#log.decide(key, rule, this.#now());
  }

  async record(key: string, rule: RateLimitRule): Promise<void> {
    this.#log.record(key, rule, this.#now());
  }

  async close(): Promise<void> {}
}

// One round trip, atomic: Redis runs a script without interleaving other commands, so two
// instances hitting the same key at once cannot both take the last slot. `mode` is hit (count
// when there is room), check (count nothing) or record (count whatever the window holds). The window is a
// sorted set of hit times (scored by Redis's own clock, so instances' clocks may differ);
// the key expires with its window, so idle keys cost nothing.
const WINDOW_SCRIPT = `
local key = KEYS[1]
local window = tonumber(ARGV[1])
local max = tonumber(ARGV[2])
local member = ARGV[3]
local mode = ARGV[4]
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
if mode == 'record' then
  redis.call('ZADD', key, now, now .. ':' .. member)
  redis.call('PEXPIRE', key, window)
  return {1, 0}
end
local count = redis.call('ZCARD', key)
if count < max then
  if mode == 'hit' then
    redis.call('ZADD', key, now, now .. ':' .. member)
    redis.call('PEXPIRE', key, window)
  end
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
    this.#redis.defineCommand('estatelyRateLimitWindow', { numberOfKeys: 1, lua: WINDOW_SCRIPT });
  }

  async #run(key: string, rule: RateLimitRule, mode: 'hit' | 'check' | 'record'): Promise<RateLimitDecision> {
    const run = (this.#redis as unknown as Record<string, (...args: unknown[]) => Promise<[number, number]>>)
      .estatelyRateLimitWindow;
    if (!run) throw new Error('rate-limit script not defined');
    const [allowed, waitMs] = await run.call(
      this.#redis,
      `${this.#prefix}${key}`,
      rule.windowMs,
      rule.max,
      randomUUID(),
      mode,
    );
    if (allowed === 1) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(Number(waitMs) / 1000)) };
  }

  hit(key: string, rule: RateLimitRule): Promise<RateLimitDecision> {
    return this.#run(key, rule, 'hit');
  }

  check(key: string, rule: RateLimitRule): Promise<RateLimitDecision> {
    return this.#run(key, rule, 'check');
  }

  async record(key: string, rule: RateLimitRule): Promise<void> {
    await this.#run(key, rule, 'record');
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

/** Allowed when every decision allowed, else refused with the longest of the waits. */
function longestWait(decisions: readonly RateLimitDecision[]): RateLimitDecision {
  let wait = 0;
  for (const decision of decisions) if (!decision.allowed) wait = Math.max(wait, decision.retryAfterSeconds);
  return wait > 0 ? { allowed: false, retryAfterSeconds: wait } : { allowed: true };
}

/**
 * Hits every key of one request (per address, per account...) and answers the longest wait
 * when any refused. Every rule is asked even after a refusal, so each budget sees the attempt.
 */
export async function hitAll(
  limiter: RateLimiter,
  hits: ReadonlyArray<{ key: string; rule: RateLimitRule }>,
): Promise<RateLimitDecision> {
  return longestWait(await Promise.all(hits.map(({ key, rule }) => limiter.hit(key, rule))));
}

/**
 * Budgets of an action counted only when all of them have room (a message to a seller counts
 * against neither its address's budget nor its sender's when one of them refuses): asks each
 * without counting and answers the longest wait; `recordAll` counts them once admitted.
 */
export async function checkAll(
  limiter: RateLimiter,
  budgets: ReadonlyArray<{ key: string; rule: RateLimitRule }>,
): Promise<RateLimitDecision> {
  return longestWait(await Promise.all(budgets.map(({ key, rule }) => limiter.check(key, rule))));
}

/** Counts one hit on every budget (after `checkAll` admitted the action). */
export async function recordAll(
  limiter: RateLimiter,
  budgets: ReadonlyArray<{ key: string; rule: RateLimitRule }>,
): Promise<void> {
  await Promise.all(budgets.map(({ key, rule }) => limiter.record(key, rule)));
}
