import { defaultFilters, type Locale } from '@estately/domain';
import { formatArea } from '@estately/i18n';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FilterPanel } from './filter-panel.tsx';
import { toFilterPanelView } from './filter-panel-view.server.ts';

// Issue 39 point 18: "m²" written one way per locale. The area filter's legend said "(m²)" in
// every locale while Arabic cards say "م²" and Greek ones "τ.μ.".

function panelHtml(locale: Locale): string {
  const view = toFilterPanelView({
    locale,
    filters: defaultFilters(),
    facets: null,
    currency: 'CZK',
    total: null,
  });
  const element = createElement(FilterPanel, { locale, view, filters: defaultFilters() });
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [`/${locale}/search`] });
  return renderToString(createElement(RouterProvider, { router }));
}

/** The unit the cards write after an area ("75 م²" -> "م²"). */
const cardUnit = (locale: Locale) =>
  formatArea(75, locale)
    .replace('75', '')
    .replace(/[\u200e\u200f\u061c]/g, '')
    .trim();

describe('area filter legend', () => {
  it.each(['ar', 'el-GR', 'bg', 'cs', 'en'] as const)('%s writes the cards’ unit', (locale) => {
    const legends = [...panelHtml(locale).matchAll(/<legend[^>]*>([^<]*)<\/legend>/g)].map((m) => m[1]);
    const area = legends.find((legend) => legend?.includes('('));
    expect(area, legends.join(' | ')).toContain(`(${cardUnit(locale)})`);
  });

  it('Arabic and Greek do not write the Latin m²', () => {
    for (const locale of ['ar', 'el-GR'] as const) {
      const legends = [...panelHtml(locale).matchAll(/<legend[^>]*>([^<]*)<\/legend>/g)].map((m) => m[1]);
      expect(legends.join(' ')).not.toContain('m²');
    }
  });
});
