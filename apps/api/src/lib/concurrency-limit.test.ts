import { describe, expect, it } from 'vitest';
import { isAppError } from './app-error.ts';
import { createConcurrencyLimit, createFairConcurrencyLimit } from './concurrency-limit.ts';

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

describe('createFairConcurrencyLimit', () => {
  /** A task that runs until its gate opens, recording when it started. */
  function gated(limit: ReturnType<typeof createFairConcurrencyLimit>, started: string[]) {
    const gates = new Map<string, () => void>();
    const run = (owner: string, id: string) =>
      limit(owner, async () => {
        started.push(id);
        await new Promise<void>((resolve) => gates.set(id, resolve));
        return id;
      });
    const finish = async (id: string) => {
      gates.get(id)?.();
      // Lets the freed slot be handed on before the test looks.
      await new Promise((resolve) => setTimeout(resolve, 0));
    };
    return { run, finish };
  }

  it("gives a freed slot to another owner in turn, not to the oldest task of one owner's flood", async () => {
    const started: string[] = [];
    const { run, finish } = gated(createFairConcurrencyLimit(2, { perOwner: 1 }), started);
    const flood = Array.from({ length: 10 }, (_, i) => run('user:flood', `flood-${i}`));
    await new Promise((resolve) => setTimeout(resolve, 0));
    // One slot for the flooding owner, however many it sent; the other slot stays free.
    expect(started).toEqual(['flood-0']);
    const other = run('user:other', 'other-0');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started).toEqual(['flood-0', 'other-0']);
    const third = run('user:third', 'third-0');
    await finish('other-0');
    // The slot other-0 freed goes to the third owner, who waited, not to the flood.
    expect(started).toEqual(['flood-0', 'other-0', 'third-0']);
    await finish('flood-0');
    expect(started.at(-1)).toBe('flood-1');
    await finish('third-0');
    for (let i = 1; i < 10; i += 1) await finish(`flood-${i}`);
    await expect(Promise.all([...flood, other, third])).resolves.toHaveLength(12);
  });

  it("refuses beyond an owner's own queue with 503 while other owners still get in", async () => {
    const started: string[] = [];
    const { run, finish } = gated(
      createFairConcurrencyLimit(2, { perOwner: 1, maxQueuePerOwner: 2, retryAfterSeconds: 9 }),
      started,
    );
    const admitted = [run('a', 'a0'), run('a', 'a1'), run('a', 'a2')];
    const refused = await run('a', 'a3').catch((error: unknown) => error);
    expect(isAppError(refused) && refused.code).toBe('service_unavailable');
    expect(isAppError(refused) && refused.retryAfterSeconds).toBe(9);
    const b = run('b', 'b0');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started).toEqual(['a0', 'b0']);
    for (const id of ['a0', 'b0', 'a1', 'a2']) await finish(id);
    await expect(Promise.all([...admitted, b])).resolves.toEqual(['a0', 'a1', 'a2', 'b0']);
  });

  it('refuses a task that cannot start within maxWaitMs and forgets it', async () => {
    const started: string[] = [];
    const { run, finish } = gated(createFairConcurrencyLimit(1, { maxWaitMs: 20 }), started);
    const first = run('a', 'a0');
    const late = await run('b', 'b0').catch((error: unknown) => error);
    expect(isAppError(late) && late.code).toBe('service_unavailable');
    await finish('a0');
    expect(started).toEqual(['a0']);
    const next = run('b', 'b1');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started).toEqual(['a0', 'b1']);
    await finish('b1');
    await expect(Promise.all([first, next])).resolves.toEqual(['a0', 'b1']);
  });
});
