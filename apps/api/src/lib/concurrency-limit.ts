// CPU- and memory-hard work (argon2id hashing, image decoding) must not run hundreds at once on
// a small machine (DESIGN 8): a limit lets `max` tasks run and queues the rest in arrival order,
// keeping memory bounded and the event loop free for other requests.

export type ConcurrencyLimit = <T>(work: () => Promise<T>) => Promise<T>;

export function createConcurrencyLimit(max: number): ConcurrencyLimit {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async (work) => {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await work();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

/**
 * Shared by every image pipeline (profile pictures, property photos): decoding and rendering
 * variants of a large photo costs hundreds of milliseconds of CPU, so two at a time in all.
 */
export const limitImageWork: ConcurrencyLimit = createConcurrencyLimit(2);
