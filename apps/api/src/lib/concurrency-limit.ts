import sharp from 'sharp';
import { AppError } from './app-error.ts';

// CPU- and memory-hard work (argon2id hashing, image decoding) must not run hundreds at once on
// a small machine (DESIGN 8): a limit lets `max` tasks run and queues the rest in arrival order,
// keeping memory bounded and the event loop free for other requests.
//
// A queue without bounds only moves the problem: a flood larger than the machine can hash makes
// every later request wait longer and longer until clients time out. With `maxQueue` and
// `maxWaitMs`, work that cannot start soon is refused at once with 503 `service_unavailable`
// and `Retry-After` (issue 11, check 14): the client learns when to come back, nothing waits
// forever, and the work already admitted finishes in time.

export type ConcurrencyLimit = <T>(work: () => Promise<T>) => Promise<T>;

export interface ConcurrencyLimitOptions {
  /** Most tasks waiting for a slot; one more is refused. Default: no bound. */
  maxQueue?: number;
  /** Longest wait for a slot; a task still queued after it is refused. Default: no bound. */
  maxWaitMs?: number;
  /** Retry-After (seconds) of a refusal. Default 1. */
  retryAfterSeconds?: number;
}

export function createConcurrencyLimit(max: number, options: ConcurrencyLimitOptions = {}): ConcurrencyLimit {
  const { maxQueue = Number.POSITIVE_INFINITY, maxWaitMs, retryAfterSeconds = 1 } = options;
  let running = 0;
  const waiting: Array<() => void> = [];
  const busy = () => new AppError('service_unavailable', { retryAfterSeconds });
  return async (work) => {
    if (running >= max) {
      if (waiting.length >= maxQueue) throw busy();
      await new Promise<void>((resolve, reject) => {
        let timer: NodeJS.Timeout | undefined;
        const start = () => {
          clearTimeout(timer);
          resolve();
        };
        waiting.push(start);
        if (maxWaitMs !== undefined) {
          timer = setTimeout(() => {
            const at = waiting.indexOf(start);
            if (at >= 0) waiting.splice(at, 1);
            reject(busy());
          }, maxWaitMs);
        }
      });
    }
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
 * variants of a large photo costs hundreds of milliseconds of CPU (seconds for the AVIF variants
 * of a camera photo on a busy machine), so two at a time in all. An upload that cannot start
 * within 20 s, or finds 16 waiting, answers 503 with Retry-After rather than running into the
 * client's or a proxy's timeout (check 14: 20 uploads at once left 18 unanswered after 60 s).
 * Each runs on `threadsPerImage` libvips threads (sharp's default is one per core): two photos
 * then keep at most two threads busy, and searches keep a share of the 2 cores (check 14's
 * upload phase).
 */
export const IMAGE_WORK_LIMITS = {
  slots: 2,
  maxQueue: 16,
  maxWaitMs: 20_000,
  retryAfterSeconds: 10,
  threadsPerImage: 1,
} as const;
const limitImageSlots = createConcurrencyLimit(IMAGE_WORK_LIMITS.slots, IMAGE_WORK_LIMITS);
let imageThreadsSet = false;
export const limitImageWork: ConcurrencyLimit = (work) => {
  // Set on the first upload rather than at import: the first `npm start` seeds its demo photos
  // in this process beforehand, at full speed.
  if (!imageThreadsSet) {
    imageThreadsSet = true;
    sharp.concurrency(IMAGE_WORK_LIMITS.threadsPerImage);
  }
  return limitImageSlots(work);
};
