// Walks the whole domain route table (spec 2) for all 30 locales over HTTP: every public screen
// answers 200 in its locale with its screen named in the title; every account screen sends a
// guest to the locale's auth page with the path to return to.

import { buildPath, ROUTE_ENTRIES, type RouteEntry, textDirection } from '@estately/domain';
import type { MessageKey } from '@estately/i18n';
import { translate } from '@estately/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSON_UA } from './browser-setup.ts';
import { type Harness, startHarness } from './shell-harness.ts';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({ browser: false });
});

afterAll(async () => {
  await harness?.close();
});

function concretePath(entry: RouteEntry, offerId: number): string {
  return entry.pattern
    .replace(':id', String(offerId))
    .replace(':token', 'a1b2c3d4e5f6g7h8')
    .replace(/\/\*$/, '');
}

async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await fn(items[index] as T);
      }
    }),
  );
  return results;
}

describe('the route table over HTTP', () => {
  it('serves every screen of every locale at its exact path', { timeout: 600_000 }, async () => {
    const offerId = harness.offerIds[0] as number;
    expect(ROUTE_ENTRIES.length).toBeGreaterThan(30 * 29);
    const problems = await mapLimit(ROUTE_ENTRIES, 4, async (entry) => {
      const path = concretePath(entry, offerId);
      const response = await fetch(`${harness.web.url}${path}`, {
        redirect: 'manual',
        headers: { 'user-agent': PERSON_UA },
      });
      const body = await response.text();
      if (entry.requiresAuth) {
        const expected = `${buildPath('auth', entry.locale)}?redirect=${encodeURIComponent(path)}`;
        if (response.status !== 302) return `${path}: ${response.status} instead of 302`;
        if (response.headers.get('location') !== expected) {
          return `${path}: redirects to ${response.headers.get('location')} instead of ${expected}`;
        }
        return null;
      }
      if (response.status !== 200) return `${path}: ${response.status}`;
      const title = /<title>([^<]*)<\/title>/.exec(body)?.[1] ?? '';
      const screenName = translate(entry.locale, `screen.${entry.screen}` as MessageKey);
      // Articles and the property detail name their subject first, then the screen.
      if (!title.includes(escapeHtml(screenName))) return `${path}: title "${title}" lacks "${screenName}"`;
      if (!body.includes(`<html lang="${entry.locale}" dir="${textDirection(entry.locale)}"`)) {
        return `${path}: wrong <html lang dir>`;
      }
      return null;
    });
    expect(problems.filter(Boolean)).toEqual([]);
  });
});

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');
}
