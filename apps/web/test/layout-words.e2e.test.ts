// Issue 39 points 8 and 18 in Chromium: the results page names every offer's layout in the
// visitor's convention, with the very words of the room filter: "2+kk" under "2+kk / 2+1" in
// Czech, "2 rooms + kitchenette" under "2 rooms" in English, "غرفتان" in Arabic, words (never
// the Czech "2+1", which means a bigger flat in Turkey) in Turkish, "T1" in Portuguese; and the
// area filter writes the cards' unit (م² in Arabic, not m²).

import { composeSearchPath, defaultFilters, type Locale, type SearchFilters } from '@estately/domain';
import { formatArea, translateDynamic } from '@estately/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SearchHarness, startSearchHarness } from './search-e2e-harness.ts';

let h: SearchHarness;

beforeAll(async () => {
  h = await startSearchHarness({ offers: 60, seed: 'layout-words-e2e' });
}, 240_000);

afterAll(async () => {
  await h?.close();
});

const CZECH_CODE = /\d\s*\+\s*(kk|\d)/i;
const unitOf = (locale: Locale) =>
  formatArea(75, locale)
    .replace('75', '')
    .replace(/[\u200e\u200f\u061c]/g, '')
    .trim();

describe('layout words on the results page', () => {
  it.each(['cs', 'en', 'ar', 'tr', 'pt'] as const)(
    '%s: the cards name two-room offers in the room filter’s words',
    async (locale) => {
      const filters: SearchFilters = { ...defaultFilters(), offer_type: 'sale', dispositions: ['2'] };
      const context = await h.visitor();
      const page = await context.newPage();
      await page.goto(`${h.web.url}${composeSearchPath(locale, filters)}`);

      const choice = (
        await page
          .getByTestId('filter-dispositions-2')
          .locator('xpath=..')
          .locator('span')
          .first()
          .textContent()
      )?.trim();
      expect(choice).toBe(translateDynamic(locale, 'value.disposition.2'));
      const titles = (
        await page.locator('[data-testid="offer-card"] .offer-card__title').allTextContents()
      ).map((title) => title.trim());
      expect(titles.length).toBeGreaterThan(0);
      const lower = (text: string) => text.toLocaleLowerCase(locale);
      // Each part of the choice ("2+kk", "2+1"; "2 rooms") that a card's layout starts with.
      const words = lower(choice!).split(' / ');
      for (const title of titles) {
        expect(
          words.some((word) => lower(title).includes(word)),
          `${locale}: "${title}" under "${choice}"`,
        ).toBe(true);
        if (locale !== 'cs') expect(title).not.toMatch(CZECH_CODE);
      }
      // Nowhere on the page the derived code of the room list.
      expect(await page.locator('main').textContent()).not.toMatch(/\d\+KK/);

      // The area filter writes the cards' unit.
      const legends = await page.locator('form legend').allTextContents();
      const area = legends.find((legend) => legend.startsWith(translateDynamic(locale, 'filter.area')));
      expect(area, legends.join(' | ')).toContain(`(${unitOf(locale)})`);
      await context.close();
    },
  );
});
