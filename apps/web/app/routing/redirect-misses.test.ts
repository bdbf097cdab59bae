import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../api/api-client.ts';
import { ApiError } from '../api/api-error.ts';
import { RedirectMisses } from './redirect-misses.server.ts';
import { followStoredRedirect } from './resolve-redirect.server.ts';

// Spec 2's redirect guard and the 404s the web server keeps for a few seconds (decision 029).

function clock(start = 1_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

/** An API whose resolver answers from `answers` (path -> answer or error) and counts the calls. */
function resolverApi(answers: Record<string, unknown>) {
  const calls: string[] = [];
  const get = async (path: string, options?: { query?: Record<string, unknown> }) => {
    expect(path).toBe('/content/redirects/resolve');
    const asked = String(options?.query?.path);
    calls.push(asked);
    const answer = answers[asked] ?? new ApiError({ status: 404, code: 'not_found' });
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { api: { get } as unknown as ApiClient, calls };
}

const url = (path: string) => new URL(`http://localhost${path}`);

describe('RedirectMisses', () => {
  it('keeps a path for the TTL, then forgets it', () => {
    const c = clock();
    const misses = new RedirectMisses({ ttlMs: 5_000, now: c.now });
    expect(misses.has('/en/a')).toBe(false);
    misses.add('/en/a');
    expect(misses.has('/en/a')).toBe(true);
    expect(misses.has('/en/b')).toBe(false);
    c.advance(4_999);
    expect(misses.has('/en/a')).toBe(true);
    c.advance(1);
    expect(misses.has('/en/a')).toBe(false);
    expect(misses.size).toBe(0);
  });

  it('drops the oldest path beyond its bound and forgets all on clear', () => {
    const c = clock();
    const misses = new RedirectMisses({ maxPaths: 2, now: c.now });
    misses.add('/1');
    misses.add('/2');
    misses.add('/1'); // renewed: now the newest
    misses.add('/3');
    expect([misses.has('/1'), misses.has('/2'), misses.has('/3')]).toEqual([true, false, true]);
    expect(misses.size).toBe(2);
    misses.clear();
    expect(misses.has('/1') || misses.has('/3')).toBe(false);
  });
});

describe('followStoredRedirect with misses', () => {
  it('asks once per TTL about a path without a rule', async () => {
    const c = clock();
    const misses = new RedirectMisses({ ttlMs: 5_000, now: c.now });
    const { api, calls } = resolverApi({});
    await followStoredRedirect(api, url('/en/search/sale?page=2'), undefined, misses);
    await followStoredRedirect(api, url('/en/search/sale'), undefined, misses);
    expect(calls).toEqual(['/en/search/sale']);
    await followStoredRedirect(api, url('/en/search/rent'), undefined, misses);
    c.advance(5_000);
    await followStoredRedirect(api, url('/en/search/sale'), undefined, misses);
    expect(calls).toEqual(['/en/search/sale', '/en/search/rent', '/en/search/sale']);
  });

  it('never keeps a redirect, a failure or an unreachable API', async () => {
    const misses = new RedirectMisses();
    const { api, calls } = resolverApi({
      '/cs/nabidky': { to: '/cs/inzeraty', status: 301 },
      '/en/broken': new ApiError({ status: 500 }),
      '/en/down': new ApiError({ status: 0 }),
    });
    for (let i = 0; i < 2; i++) {
      const thrown = await followStoredRedirect(api, url('/cs/nabidky?page=2'), undefined, misses).catch(
        (error: unknown) => error,
      );
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(301);
      expect((thrown as Response).headers.get('location')).toBe('/cs/inzeraty?page=2');
      await followStoredRedirect(api, url('/en/broken'), undefined, misses);
      await followStoredRedirect(api, url('/en/down'), undefined, misses);
    }
    expect(calls).toEqual(['/cs/nabidky', '/en/broken', '/en/down', '/cs/nabidky', '/en/broken', '/en/down']);
    expect(misses.size).toBe(0);
  });

  it('asks every time without misses (outside a web server)', async () => {
    const { api, calls } = resolverApi({});
    await followStoredRedirect(api, url('/en/a'));
    await followStoredRedirect(api, url('/en/a'), undefined, null);
    expect(calls).toEqual(['/en/a', '/en/a']);
  });
});
