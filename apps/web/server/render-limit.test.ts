import { translate } from '@estately/i18n';
import { describe, expect, it } from 'vitest';
import {
  busyPage,
  busyPageLocale,
  RenderBusyError,
  RenderLimit,
  renderLimitOptionsFromEnv,
} from './render-limit.ts';

// The bound of concurrent page renders (issue 11, check 14): `max` at once, the rest in arrival
// order, refused with RenderBusyError beyond the queue's length or wait.

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('render limit', () => {
  it('runs at most max renders at once and starts the waiting ones in arrival order', async () => {
    const limit = new RenderLimit({ max: 2, maxQueue: 10, maxWaitMs: 5_000 });
    const gates = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    let peak = 0;
    const runs = gates.map((gate, i) =>
      limit.run(async () => {
        started.push(i);
        peak = Math.max(peak, limit.running);
        await gate.promise;
        return i;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect(limit.waiting).toBe(3);
    gates[1]?.resolve();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    for (const gate of gates) gate.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(2);
    expect(limit.running).toBe(0);
    expect(limit.refused).toBe(0);
  });

  it('refuses a render at once when the queue is full', async () => {
    const limit = new RenderLimit({ max: 1, maxQueue: 1, maxWaitMs: 5_000, retryAfterSeconds: 3 });
    const gate = deferred();
    const first = limit.run(() => gate.promise);
    const second = limit.run(async () => 'second');
    const started = performance.now();
    const third = limit.run(async () => 'third');
    const error = await third.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RenderBusyError);
    expect((error as RenderBusyError).retryAfterSeconds).toBe(3);
    expect(performance.now() - started).toBeLessThan(100);
    gate.resolve();
    await first;
    expect(await second).toBe('second');
    expect(limit.refused).toBe(1);
  });

  it('refuses a render that waited maxWaitMs and never runs it', async () => {
    const limit = new RenderLimit({ max: 1, maxQueue: 10, maxWaitMs: 50 });
    const gate = deferred();
    const first = limit.run(() => gate.promise);
    let ran = false;
    const started = performance.now();
    const error = await limit
      .run(async () => {
        ran = true;
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RenderBusyError);
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
    expect(limit.waiting).toBe(0);
    gate.resolve();
    await first;
    expect(ran).toBe(false);
    // The slot is free again.
    expect(await limit.run(async () => 'next')).toBe('next');
  });

  it('frees the slot when a render fails, and a release twice frees it once', async () => {
    const limit = new RenderLimit({ max: 1 });
    await expect(limit.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(limit.running).toBe(0);
    const release = await limit.acquire();
    const other = limit.acquire();
    release();
    release();
    const releaseOther = await other;
    expect(limit.running).toBe(1);
    releaseOther();
    expect(limit.running).toBe(0);
  });

  it('reads its bounds from the environment and refuses nonsense', () => {
    expect(
      renderLimitOptionsFromEnv({
        WEB_RENDER_CONCURRENCY: '4',
        WEB_RENDER_QUEUE: '0',
        WEB_RENDER_WAIT_MS: '250',
      }),
    ).toEqual({ max: 4, maxQueue: 0, maxWaitMs: 250 });
    expect(renderLimitOptionsFromEnv({})).toEqual({});
    expect(() => renderLimitOptionsFromEnv({ WEB_RENDER_CONCURRENCY: 'many' })).toThrow(
      /WEB_RENDER_CONCURRENCY/,
    );
  });
});

describe('busy page', () => {
  it('is a 503 with Retry-After, never stored, in the language of the path or the browser', () => {
    const page = busyPage('de', 2);
    expect(page.status).toBe(503);
    expect(page.headers['Retry-After']).toBe('2');
    expect(page.headers['Cache-Control']).toBe('no-store');
    const html = page.body.toString('utf8');
    expect(html).toContain('<html lang="de" dir="ltr">');
    expect(html).toContain(translate('de', 'status.service_unavailable'));
    expect(html).toContain(translate('de', 'error.unavailable_text'));
    expect(html).not.toContain('<script');
    expect(busyPage('ar', 2).body.toString('utf8')).toContain('dir="rtl"');

    expect(busyPageLocale('/cs/property/12', 'de')).toBe('cs');
    expect(busyPageLocale('/property/12', 'fr-FR,fr;q=0.9')).toBe('fr');
    expect(busyPageLocale('/xx/', undefined)).toBe('en');
  });
});
