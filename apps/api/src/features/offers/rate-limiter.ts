/**
 * A small in-process sliding-window limiter for the visitor actions of issue 4 (messages to
 * sellers). Each key keeps the times of its recent hits; a hit is refused once `max` hits fall
 * inside the window, and the answer says when the oldest of them leaves it (Retry-After).
 *
 * In memory per API instance, like the global limiter; with several instances a shared store
 * (REDIS_URL, DESIGN 6) replaces it. The number of keys is bounded so a flood of addresses
 * cannot grow it without limit: the least recently used keys are dropped first.
 */
export interface RateLimitRule {
  max: number;
  windowMs: number;
}

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export class SlidingWindowLimiter {
  readonly rule: RateLimitRule;
  readonly #hits = new Map<string, number[]>();
  readonly #maxKeys: number;
  readonly #now: () => number;

  constructor(rule: RateLimitRule, options: { maxKeys?: number; now?: () => number } = {}) {
    this.rule = rule;
    this.#maxKeys = options.maxKeys ?? 100_000;
    this.#now = options.now ?? Date.now;
  }

  /** What a hit would get, without recording it. */
  check(key: string): RateLimitDecision {
    const now = this.#now();
    const recent = this.#recent(key, now);
    if (recent.length < this.rule.max) return { allowed: true };
    const oldest = recent[recent.length - this.rule.max] ?? now;
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((oldest + this.rule.windowMs - now) / 1000)),
    };
  }

  /** Records a hit (call after `check` allowed it). */
  hit(key: string): void {
    const now = this.#now();
    const recent = this.#recent(key, now);
    recent.push(now);
    // Re-insert so Map order is least recently used first.
    this.#hits.delete(key);
    this.#hits.set(key, recent);
    while (this.#hits.size > this.#maxKeys) {
      const first = this.#hits.keys().next().value;
      if (first === undefined) break;
      this.#hits.delete(first);
    }
  }

  #recent(key: string, now: number): number[] {
    const list = this.#hits.get(key);
    if (!list) return [];
    const from = now - this.rule.windowMs;
    let start = 0;
    while (start < list.length && (list[start] ?? 0) <= from) start += 1;
    if (start > 0) list.splice(0, start);
    if (list.length === 0) this.#hits.delete(key);
    return list;
  }
}
