// Issue 39 point 14 in Chromium: the energy label drawn by its HTML and CSS alone (no script),
// with the site's style sheet, in a left-to-right and a right-to-left page. The bars grow from
// A to G in the EU label's colours, the arrow with the letter stands beside the offer's class
// and points back at it, mirrored in `ar`.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnergyLabel, type EnergyLabelView } from '../app/features/offer-detail/energy-label.tsx';
import { launchChromium } from './chromium.ts';

const APP = join(import.meta.dirname, '..', 'app');
const CSS =
  readFileSync(join(APP, 'styles.css'), 'utf8') +
  readFileSync(join(APP, 'features', 'offer-detail', 'energy-label.css'), 'utf8');

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function labelPage(label: EnergyLabelView, lang: 'en' | 'ar'): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 480, height: 400 } });
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const markup = renderToStaticMarkup(createElement(EnergyLabel, { label }));
  await page.setContent(
    `<!doctype html><html lang="${lang}" dir="${dir}"><head><style>${CSS}</style></head>` +
      `<body><main style="padding: 2rem">${markup}</main></body></html>`,
  );
  return page;
}

type Box = { left: number; right: number; width: number };

async function geometry(page: Page) {
  return page.evaluate(() => {
    const box = (element: Element | null): Box => {
      const rect = element!.getBoundingClientRect();
      return { left: rect.left, right: rect.right, width: rect.width };
    };
    const bars = [...document.querySelectorAll('.energy-label__bar')];
    return {
      bars: bars.map(box),
      colours: bars.map((bar) => getComputedStyle(bar).backgroundColor),
      current: box(document.querySelector('.energy-label__row--current .energy-label__bar')),
      marker: box(document.querySelector('.energy-label__marker')),
      markerText: document.querySelector('.energy-label__marker')?.textContent,
    };
  });
}

describe('energy label in the browser', () => {
  it('draws seven growing bars, dark green A to red G, and the arrow beside the class (en)', async () => {
    const page = await labelPage({ energyClass: 'c', text: 'Energy class C (scale A to G)' }, 'en');
    const shape = await geometry(page);
    expect(shape.bars).toHaveLength(7);
    for (let i = 1; i < 7; i++) expect(shape.bars[i]!.width).toBeGreaterThan(shape.bars[i - 1]!.width);
    expect(shape.colours[0]).toBe('rgb(0, 144, 54)');
    expect(shape.colours[6]).toBe('rgb(226, 0, 26)');
    // Every bar starts at the same (left) edge; the marker follows the third bar on its right.
    expect(new Set(shape.bars.map((bar) => Math.round(bar.left))).size).toBe(1);
    expect(shape.current.left).toBeCloseTo(shape.bars[2]!.left, 0);
    expect(shape.marker.left).toBeGreaterThan(shape.current.right);
    expect(shape.markerText).toBe('C');
    // Screen readers get the sentence, not seven letters.
    expect(await page.getByText('Energy class C (scale A to G)').count()).toBe(1);
    expect(await page.locator('ol[aria-hidden="true"]').count()).toBe(1);
    await page.close();
  });

  it('mirrors in a right-to-left page (ar)', async () => {
    const page = await labelPage(
      { energyClass: 'f', text: 'فئة كفاءة الطاقة F (على مقياس من A إلى G)' },
      'ar',
    );
    const shape = await geometry(page);
    // The bars start at the right edge and grow to the left; the arrow is left of the F bar.
    expect(new Set(shape.bars.map((bar) => Math.round(bar.right))).size).toBe(1);
    for (let i = 1; i < 7; i++) expect(shape.bars[i]!.left).toBeLessThan(shape.bars[i - 1]!.left);
    expect(shape.current.right).toBeCloseTo(shape.bars[5]!.right, 0);
    expect(shape.marker.right).toBeLessThan(shape.current.left);
    expect(shape.markerText).toBe('F');
    if (process.env.ENERGY_LABEL_SCREENSHOTS) {
      await page.screenshot({ path: join(process.env.ENERGY_LABEL_SCREENSHOTS, 'energy-label-ar.png') });
    }
    await page.close();
  });
});
