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

/** A limit whose slots are shared fairly between owners (accounts): see createFairConcurrencyLimit. */
export type FairConcurrencyLimit = <T>(owner: string, work: () => Promise<T>) => Promise<T>;

export interface FairConcurrencyLimitOptions extends ConcurrencyLimitOptions {
  /** Most tasks of one owner running at once. Default 1. */
  perOwner?: number;
  /** Most tasks of one owner waiting; one more is refused. Default: no bound but `maxQueue`. */
  maxQueuePerOwner?: number;
}

/**
 * `max` slots shared by owners in turn (issue 37 point 6): each owner runs at most `perOwner`
 * tasks at once and waits in a queue of its own; a freed slot goes to the owner who has waited
 * longest since it was last served (round robin), not to the oldest task. One account sending
 * 40 photos at once therefore holds one slot and waits behind itself, while another account's
 * photo starts as soon as any slot frees. Refusals as createConcurrencyLimit: 503 with
 * Retry-After when the owner's queue or the whole queue is full, or a task cannot start within
 * `maxWaitMs`.
 */
export function createFairConcurrencyLimit(
  max: number,
  options: FairConcurrencyLimitOptions = {},
): FairConcurrencyLimit {
  const {
    perOwner = 1,
    maxQueue = Number.POSITIVE_INFINITY,
    maxQueuePerOwner = Number.POSITIVE_INFINITY,
    maxWaitMs,
    retryAfterSeconds = 1,
  } = options;
  let running = 0;
  let waitingCount = 0;
  const runningOf = new Map<string, number>();
  /** Waiting tasks per owner, and the owners in the order they are served (Map order). */
  const queues = new Map<string, Array<() => void>>();
  const busy = () => new AppError('service_unavailable', { retryAfterSeconds });

  /** Starts waiting tasks while slots are free, the owner waiting longest first. */
  const dispatch = () => {
    while (running < max) {
      let started = false;
      for (const [owner, queue] of queues) {
        if ((runningOf.get(owner) ?? 0) >= perOwner) continue;
        const start = queue.shift();
        if (!start) continue;
        // The owner goes to the back of the turn order: the next slot is someone else's.
        queues.delete(owner);
        if (queue.length > 0) queues.set(owner, queue);
        start();
        started = true;
        break;
      }
      if (!started) return;
    }
  };

  return async (owner, work) => {
    const canStart = running < max && (runningOf.get(owner) ?? 0) < perOwner;
    if (!canStart) {
      const queue = queues.get(owner) ?? [];
      if (waitingCount >= maxQueue || queue.length >= maxQueuePerOwner) throw busy();
      await new Promise<void>((resolve, reject) => {
        let timer: NodeJS.Timeout | undefined;
        const start = () => {
          clearTimeout(timer);
          waitingCount -= 1;
          running += 1;
          runningOf.set(owner, (runningOf.get(owner) ?? 0) + 1);
          resolve();
        };
        queue.push(start);
        if (!queues.has(owner)) queues.set(owner, queue);
        waitingCount += 1;
        if (maxWaitMs !== undefined) {
          timer = setTimeout(() => {
            const own = queues.get(owner);
            const at = own?.indexOf(start) ?? -1;
            if (own && at >= 0) {
              own.splice(at, 1);
              if (own.length === 0) queues.delete(owner);
              waitingCount -= 1;
            }
            reject(busy());
          }, maxWaitMs);
        }
      });
    } else {
      running += 1;
      runningOf.set(owner, (runningOf.get(owner) ?? 0) + 1);
    }
    try {
      return await work();
    } finally {
      running -= 1;
      const left = (runningOf.get(owner) ?? 1) - 1;
      if (left > 0) runningOf.set(owner, left);
      else runningOf.delete(owner);
      dispatch();
    }
  };
}

/**
 * Shared by every image pipeline (profile pictures, property photos): decoding and rendering
 * variants of a large photo costs hundreds of milliseconds of CPU (seconds for the AVIF variants
 * of a camera photo on a busy machine), so two at a time in all, and one at a time per account,
 * the slots going to accounts in turn (issue 37 point 6: one account sending 40 large photos
 * no longer makes everyone else's upload wait behind them). An upload that cannot start within
 * 20 s, or finds 16 waiting in all or 8 of its own account's, answers 503 with Retry-After
 * rather than running into the client's or a proxy's timeout (check 14: 20 uploads at once left
 * 18 unanswered after 60 s). Each runs on `threadsPerImage` libvips threads (sharp's default is
 * one per core): two photos then keep at most two threads busy, and searches keep a share of
 * the 2 cores (check 14's upload phase).
 */
export const IMAGE_WORK_LIMITS = {
  slots: 2,
  perOwner: 1,
  maxQueue: 16,
  maxQueuePerOwner: 8,
  maxWaitMs: 20_000,
  retryAfterSeconds: 10,
  threadsPerImage: 1,
} as const;
const limitImageSlots = createFairConcurrencyLimit(IMAGE_WORK_LIMITS.slots, IMAGE_WORK_LIMITS);
let imageThreadsSet = false;
/** Runs image work of `owner` (an account: `user:42`) within the shared, fair image slots. */
export const limitImageWork: FairConcurrencyLimit = (owner, work) => {
  // Set on the first upload rather than at import: the first `npm start` seeds its demo photos
  // in this process beforehand, at full speed.
  if (!imageThreadsSet) {
    imageThreadsSet = true;
    sharp.concurrency(IMAGE_WORK_LIMITS.threadsPerImage);
  }
  return limitImageSlots(owner, work);
};
