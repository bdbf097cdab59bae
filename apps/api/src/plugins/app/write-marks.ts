import { Redis } from 'ioredis';

// The WAL position of each visitor's last write (docs/decisions/059): kept in this process and,
// with REDIS_URL, in Redis, so a write answered by one API instance sends the same visitor's
// next reads to the primary on every instance. A mark lives `ttlMs`; a later write only raises
// it. Redis failing never fails a request: the instance then knows only its own marks, and
// says so once in the log (and once again when Redis is back).

export interface WriteMarksOptions {
  redisUrl?: string;
  /** Prefix of every key in Redis (tests share a server). */
  prefix?: string;
  ttlMs: number;
  /** Most visitors remembered in process (the least recently marked go first). */
  maxKeys?: number;
  /** Told once when Redis stops answering, and once when it answers again. */
  onRedisState?: (available: boolean, error?: Error) => void;
  now?: () => number;
}

/** Positions are compared as text in Redis: 16 hex digits sort as the numbers they are. */
const width = 16;
const toText = (lsn: bigint) => lsn.toString(16).padStart(width, '0');

// Atomic raise: two instances marking the same visitor at once keep the higher position.
const RAISE_SCRIPT = `
local current = redis.call('GET', KEYS[1])
if (not current) or current < ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
else
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 1`;

export class WriteMarks {
  private readonly memory = new Map<string, { lsn: bigint; expires: number }>();
  private readonly redis: Redis | undefined;
  private readonly prefix: string;
  private readonly ttlMs: number;
  private readonly maxKeys: number;
  private readonly now: () => number;
  private readonly onRedisState: WriteMarksOptions['onRedisState'];
  private redisAvailable = true;
  /**
   * After a failure Redis is left alone until then: a Redis that hangs rather than refuses
   * would otherwise cost every request the command time limit.
   */
  private redisRetryAt = 0;

  constructor(options: WriteMarksOptions) {
    this.ttlMs = options.ttlMs;
    this.maxKeys = options.maxKeys ?? 100_000;
    this.now = options.now ?? Date.now;
    this.prefix = options.prefix ?? 'estately:ryw:';
    this.onRedisState = options.onRedisState;
    if (options.redisUrl) {
      // A request does not wait for Redis to come back: no offline queue, no retries, a short
      // command time limit; the client reconnects in the background.
      this.redis = new Redis(options.redisUrl, {
        lazyConnect: true,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        commandTimeout: 300,
        retryStrategy: (times) => Math.min(times * 100, 1_000),
      });
      this.redis.on('error', () => {});
      this.redis.connect().catch(() => {});
    }
  }

  /** Raises the marks of `keys` to `lsn`. */
  async mark(keys: readonly string[], lsn: bigint): Promise<void> {
    const expires = this.now() + this.ttlMs;
    for (const key of keys) {
      const held = this.memory.get(key);
      this.memory.delete(key);
      this.memory.set(key, {
        lsn: held && held.lsn > lsn && held.expires > this.now() ? held.lsn : lsn,
        expires,
      });
    }
    while (this.memory.size > this.maxKeys) {
      const oldest = this.memory.keys().next().value;
      if (oldest === undefined) break;
      this.memory.delete(oldest);
    }
    if (!this.redis || this.now() < this.redisRetryAt) return;
    try {
      const pipeline = this.redis.pipeline();
      for (const key of keys) pipeline.eval(RAISE_SCRIPT, 1, this.prefix + key, toText(lsn), this.ttlMs);
      const results = await pipeline.exec();
      const failed = results?.find(([error]) => error)?.[0];
      if (failed) throw failed;
      this.redisBack();
    } catch (error) {
      this.redisLost(error as Error);
    }
  }

  /** The highest live mark of `keys`, or null. */
  async highest(keys: readonly string[]): Promise<bigint | null> {
    let best: bigint | null = null;
    const now = this.now();
    for (const key of keys) {
      const held = this.memory.get(key);
      if (!held) continue;
      if (held.expires <= now) this.memory.delete(key);
      else if (best === null || held.lsn > best) best = held.lsn;
    }
    if (!this.redis || keys.length === 0 || now < this.redisRetryAt) return best;
    try {
      const values = await this.redis.mget(...keys.map((key) => this.prefix + key));
      this.redisBack();
      for (const value of values) {
        if (!value) continue;
        const lsn = BigInt(`0x${value}`);
        if (best === null || lsn > best) best = lsn;
      }
    } catch (error) {
      this.redisLost(error as Error);
    }
    return best;
  }

  private redisLost(error: Error): void {
    this.redisRetryAt = this.now() + 1_000;
    if (!this.redisAvailable) return;
    this.redisAvailable = false;
    this.onRedisState?.(false, error);
  }

  private redisBack(): void {
    if (this.redisAvailable) return;
    this.redisAvailable = true;
    this.onRedisState?.(true);
  }

  async close(): Promise<void> {
    if (this.redis) await this.redis.quit().catch(() => this.redis?.disconnect());
  }
}
