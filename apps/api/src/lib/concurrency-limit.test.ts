import { describe, expect, it } from 'vitest';
import { isAppError } from './app-error.ts';
import { createConcurrencyLimit } from './concurrency-limit.ts';

describe('createConcurrencyLimit', () => {
  it('runs at most `max` tasks at once, the rest in arrival order, and survives failures', async () => {
    const limit = createConcurrencyLimit(2);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const task = (id: number, fail = false) =>
      limit(async () => {
        started.push(id);
        running += 1;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        if (fail) throw new Error(`task ${id} failed`);
        return id;
      });
    const results = await Promise.allSettled([task(1), task(2, true), task(3), task(4), task(5)]);
    expect(peak).toBe(2);
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
  });

  it('refuses work beyond maxQueue at once with 503 and Retry-After; the admitted work all runs', async () => {
    const limit = createConcurrencyLimit(2, { maxQueue: 3, retryAfterSeconds: 7 });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let ran = 0;
    const task = () =>
      limit(async () => {
        await gate;
        ran += 1;
      });
    const pending = Array.from({ length: 8 }, task);
    const settled = Promise.allSettled(pending);
    release();
    const results = await settled;
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    const refused = results
      .filter((r) => r.status === 'rejected')
      .map((r) => (r as PromiseRejectedResult).reason);
    expect(refused).toHaveLength(3);
    for (const error of refused) {
      expect(isAppError(error) && error.statusCode).toBe(503);
      expect(isAppError(error) && error.retryAfterSeconds).toBe(7);
    }
    expect(ran).toBe(5);
  });

  it('refuses a task still waiting after maxWaitMs, and the slot it never took stays free', async () => {
    const limit = createConcurrencyLimit(1, { maxWaitMs: 20 });
    let release: () => void = () => {};
    const slow = limit(
      () =>
        new Promise<string>((resolve) => {
          release = () => resolve('slow');
        }),
    );
    const started = performance.now();
    const waiting = limit(async () => 'never');
    await expect(waiting).rejects.toMatchObject({ statusCode: 503 });
    expect(performance.now() - started).toBeLessThan(1_000);
    release();
    await expect(slow).resolves.toBe('slow');
    // The expired waiter left the queue: the next task starts at once.
    await expect(limit(async () => 'next')).resolves.toBe('next');
  });
});
