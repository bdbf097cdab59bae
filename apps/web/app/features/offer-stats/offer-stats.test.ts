import type { OfferStatsResponse } from '@estately/domain';
import { createTranslator } from '@estately/i18n';
import { describe, expect, it } from 'vitest';
import { offerStatsPath } from '../../routing/offer-stats-paths.ts';
import { offerStatsPage } from './offer-stats.server.ts';
import { buildChart, CHART_SIZE, niceStep } from './offer-stats-chart.ts';

// The statistics page of one's own offer (issue 38 point 11) without a server: the chart's
// geometry (mirrored right to left), the position sentence and the table, in the page's locale.

const days = (values: number[]): OfferStatsResponse['days'] =>
  values.map((views, index) => ({
    day: `2026-11-${String(index + 1).padStart(2, '0')}`,
    views,
    contact_views: index === 1 ? 3 : 0,
    favorites_added: 0,
    leads: index === 2 ? 1 : 0,
  }));

function response(overrides: Partial<OfferStatsResponse> = {}): OfferStatsResponse {
  const series = days([12, 0, 24, 1234, 0, 6, 8]);
  return {
    offer_id: 42,
    offer_type: 'sale',
    property_type: 'apartment',
    street: 'Vinohradská 12',
    city: 'Praha',
    state: 'active',
    favorites: 2,
    totals: { views: 1284, contact_views: 3, favorites_added: 0, leads: 1 },
    from: '2026-11-01',
    to: '2026-11-07',
    days: series,
    position: {
      status: 'ok',
      views_per_day: 12,
      median_views_per_day: 8,
      comparables: 9,
      min_comparables: 5,
      criteria: {
        offer_type: 'sale',
        property_type: 'apartment',
        country_code: 'CZ',
        city: 'Praha',
        price_from_czk: 3_500_000,
        price_to_czk: 6_500_000,
      },
    },
    ...overrides,
  };
}

describe('chart geometry', () => {
  it('picks round steps of 1, 2 or 5 and never below one', () => {
    expect(niceStep(0)).toBe(1);
    expect(niceStep(3)).toBe(1);
    expect(niceStep(9)).toBe(2);
    expect(niceStep(24)).toBe(5);
    expect(niceStep(1234)).toBe(500);
  });

  it('draws one bar per day, oldest first, from the left, or from the right in RTL', () => {
    const input = { values: [1, 5, 0, 10], labels: ['a', 'b', 'c', 'd'], reference: 4, format: String };
    const ltr = buildChart({ ...input, rtl: false });
    const rtl = buildChart({ ...input, rtl: true });
    expect(ltr.bars).toHaveLength(4);
    expect(ltr.bars[0]!.x).toBeLessThan(ltr.bars[3]!.x);
    expect(rtl.bars[0]!.x).toBeGreaterThan(rtl.bars[3]!.x);
    // The tallest bar reaches the top of the scale (10 with a step of 2), a zero has no height.
    expect(ltr.bars[3]!.y).toBe(ltr.plot.top);
    expect(ltr.bars[2]!.height).toBe(0);
    expect(ltr.yTicks.map((tick) => tick.label)).toEqual(['0', '2', '4', '6', '8', '10']);
    expect(ltr.axisX).toBe(ltr.plot.left);
    expect(rtl.axisX).toBe(rtl.plot.right);
    expect(ltr.reference!.y).toBeCloseTo(ltr.plot.bottom - 0.4 * (ltr.plot.bottom - ltr.plot.top), 0);
    // Every bar inside the drawing.
    for (const bar of [...ltr.bars, ...rtl.bars]) {
      expect(bar.x).toBeGreaterThanOrEqual(0);
      expect(bar.x + bar.width).toBeLessThanOrEqual(CHART_SIZE.width);
    }
    // The last day is always labelled.
    expect(ltr.xTicks.at(-1)!.label).toBe('d');
  });
});

describe('the page', () => {
  it('writes the position sentence and the figures in the locale', () => {
    const en = offerStatsPage(response(), {
      locale: 'en',
      t: createTranslator('en'),
      id: 42,
      metric: 'views',
      days: 7,
    });
    expect(en.position.sentence).toBe(
      'Your offer had 12 views a day; similar offers had a median of 8 — 50% more.',
    );
    expect(en.position.rule).toContain('Praha');
    expect(en.table).toHaveLength(7);
    expect(en.table[3]!.values).toEqual(['1,234', '0', '0', '0']);
    expect(en.metrics.find((item) => item.metric === 'views')).toMatchObject({
      current: true,
      total: '1,284',
    });
    expect(en.referenceLabel).toBe('Median of similar offers: 8 a day');
    expect(en.windows.map((window) => window.href)).toEqual([
      '/en/account/my-offers/42/stats?days=7',
      '/en/account/my-offers/42/stats',
      '/en/account/my-offers/42/stats?days=90',
    ]);

    const cs = offerStatsPage(response({ position: { ...response().position, views_per_day: 6 } }), {
      locale: 'cs',
      t: createTranslator('cs'),
      id: 42,
      metric: 'contact_views',
      days: 30,
    });
    expect(cs.position.sentence.replace(/\s/g, ' ')).toBe(
      'Vaše nabídka měla 6 zobrazení denně, podobné nabídky měly medián 8 – o 25 % méně.',
    );
    expect(cs.table[3]!.values[0]!.replace(/\s/g, ' ')).toBe('1 234');
    expect(cs.caption).toContain('Zobrazení kontaktu');
    // The median line belongs to views only.
    expect(cs.referenceLabel).toBeNull();
    expect(cs.chart.reference).toBeNull();

    const ar = offerStatsPage(response(), {
      locale: 'ar',
      t: createTranslator('ar'),
      id: 42,
      metric: 'views',
      days: 7,
    });
    expect(ar.rtl).toBe(true);
    expect(ar.chart.bars[0]!.x).toBeGreaterThan(ar.chart.bars[6]!.x);
  });

  it('says when there are too few similar offers', () => {
    const page = offerStatsPage(
      response({
        position: {
          status: 'too_few',
          views_per_day: 2.5,
          median_views_per_day: null,
          comparables: 3,
          min_comparables: 5,
          criteria: null,
        },
      }),
      { locale: 'en', t: createTranslator('en'), id: 42, metric: 'views', days: 7 },
    );
    expect(page.position.sentence).toBe(
      'Your offer had 2.5 views a day. There are too few similar offers to compare it with: 3 found, at least 5 needed.',
    );
    expect(page.referenceLabel).toBeNull();
    expect(offerStatsPath('en', 42, { metric: 'leads', days: 90 })).toBe(
      '/en/account/my-offers/42/stats?metric=leads&days=90',
    );
  });
});
