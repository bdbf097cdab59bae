// Offer statistics of a large area (a capital: tens of thousands of offers; a country: hundreds
// of thousands) take one aggregate over every offer in it, far too slow to repeat for each
// visitor. Each API instance keeps them a few minutes; the area description is a summary that
// may lag that much behind new offers (its HTTP answer is cached for 5 minutes as well).

export interface TtlCache<T> {
  /** The cached value of `key`, or the result of `load` (shared by concurrent callers). */
  get(key: string, load: () => Promise<T>): Promise<T>;
  readonly size: number;
}

export function createTtlCache<T>(options: { ttlMs: number; max: number; now?: () => number }): TtlCache<T> {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { expires: number; value: Promise<T> }>();
  return {
    get(key, load) {
      const hit = entries.get(key);
      if (hit && hit.expires > now()) return hit.value;
      if (hit) entries.delete(key);
      const value = load();
      // A failure is not remembered: the next visitor tries again.
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      entries.set(key, { expires: now() + options.ttlMs, value });
      // Map keeps insertion order: the oldest entry goes first.
      while (entries.size > options.max) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      return value;
    },
    get size() {
      return entries.size;
    },
  };
}
