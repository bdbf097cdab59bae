import { buildPath, SCREENS } from '@estately/domain';
import { describe, expect, it } from 'vitest';
import { propertyDetailPath } from '../app/routing/site-paths.ts';
import { RenderLimit } from './render-limit.ts';
import { renderedKind, routeLabel, WebMetrics } from './web-metrics.ts';

describe('routeLabel: a page is counted by its screen, never its URL', () => {
  it('names the screen of the domain route table, the same in every locale', () => {
    expect(routeLabel('/')).toBe('home');
    expect(routeLabel('/en')).toBe('home');
    expect(routeLabel(propertyDetailPath('en', 123))).toBe('propertyDetail');
    expect(routeLabel(propertyDetailPath('de', 987654))).toBe('propertyDetail');
    expect(routeLabel(buildPath('accountFavorites', 'cs'))).toBe('accountFavorites');
  });

  it('reads a data request as the page it loads', () => {
    expect(renderedKind('/_root.data')).toBe('data');
    expect(routeLabel('/_root.data')).toBe('home');
    expect(renderedKind(`${propertyDetailPath('en', 5)}.data`)).toBe('data');
    expect(routeLabel(`${propertyDetailPath('en', 5)}.data`)).toBe('propertyDetail');
    expect(renderedKind('/en')).toBe('page');
    // The browser's route discovery.
    expect(renderedKind('/__manifest')).toBe('data');
    expect(routeLabel('/__manifest')).toBe('manifest');
  });

  it('puts everything else in a few fixed labels, so a visitor cannot make new series', () => {
    expect(routeLabel('/map/style.json')).toBe('map');
    expect(routeLabel('/en/no/such/page')).toBe('other');
    expect(routeLabel('/wp-login.php')).toBe('other');
    expect(routeLabel('/%E0%A4%A')).toBe('other');
    const labels = new Set([...SCREENS, 'map', 'manifest', 'other']);
    for (const path of ['/x', '/en/x/y/z', `/en/${'a'.repeat(300)}`])
      expect(labels.has(routeLabel(path))).toBe(true);
  });
});

describe('WebMetrics', () => {
  it('reads the render queue at each scrape', async () => {
    const limit = new RenderLimit({ max: 1, maxQueue: 1, maxWaitMs: 1_000 });
    const metrics = new WebMetrics({ renderLimit: limit });
    const release = await limit.acquire();
    const waiting = limit.acquire();
    // A third is refused: one renders, one waits.
    await expect(limit.acquire()).rejects.toThrow();
    const text = await metrics.registry.metrics();
    expect(text).toContain('web_render_in_flight 1');
    expect(text).toContain('web_render_waiting 1');
    expect(text).toContain('web_render_refused_total 1');
    release();
    (await waiting)();
    expect(await metrics.registry.metrics()).toContain('web_render_in_flight 0');
  });
});
