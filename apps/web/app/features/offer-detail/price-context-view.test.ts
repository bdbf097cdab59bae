import { INDICATIVE_MORTGAGE_RATES, type OfferDetail } from '@estately/domain';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { offerDetailFixture } from './offer-detail-fixture.ts';
import { PriceContext } from './price-context.tsx';
import { priceContextView } from './price-context-view.server.ts';

// The offer page's price in context (issue 43 point 6, decision 064): the words of the fair
// price, the rent's monthly cost and the mortgage payment from the page's query.

const fair: NonNullable<OfferDetail['fair_price']> = {
  median_price_per_m2: 100_000,
  currency: 'CZK',
  comparables: 48,
  locality_name: 'Brno',
  radius_km: null,
  difference_percent: 12,
  distribution: [
    { from: 80_000, to: 95_000, count: 20 },
    { from: 95_000, to: 110_000, count: 20 },
    { from: 110_000, to: 130_000, count: 8 },
  ],
};
const sale: OfferDetail = {
  ...offerDetailFixture,
  useful_area_meters: 40,
  price: 4_480_000,
  fair_price: fair,
};
const none = new URLSearchParams();
/** Intl writes no-break spaces between amount and currency: compared as plain spaces. */
const plain = (text: string | undefined) => text?.replace(/\s/g, ' ');

describe('priceContextView', () => {
  it('says where the price stands, in the words of the page’s locale, and marks the offer’s bar', () => {
    const en = priceContextView(sale, 'en', none)!;
    expect(en.fair?.summary).toBe('12% above the median of 48 comparable offers in Brno');
    expect(en.fair?.bars.map((bar) => bar.own)).toEqual([false, false, true]);
    expect(plain(en.fair?.bars[0]?.text)).toBe('CZK 80,000/m² to CZK 95,000/m²: 20 offers');
    const cs = priceContextView(sale, 'cs', none)!;
    expect(plain(cs.fair?.summary)).toBe('12 % nad mediánem 48 srovnatelných nabídek v lokalitě Brno');
    const below = priceContextView(
      { ...sale, fair_price: { ...fair, difference_percent: -7, radius_km: 10 } },
      'en',
      none,
    );
    expect(below?.fair?.summary).toBe('7% below the median of 48 comparable offers within 10 km of Brno');
  });

  it('computes the indicative mortgage at the currency’s rate, or at the rate, term and down payment of the query', () => {
    const standard = priceContextView(sale, 'en', none)!.mortgage!.view;
    expect(standard.fields.find((field) => field.name === 'rate')?.value).toBe(
      String(INDICATIVE_MORTGAGE_RATES.CZK),
    );
    const asked = priceContextView(sale, 'en', new URLSearchParams('rate=0&years=10&down=20'))!.mortgage!
      .view;
    // 4,500,000 less 20 % over 120 months at 0 %: 30,000 a month.
    expect(plain(asked.payment)).toBe('CZK 30,000 per month');
    expect(asked.summary).toContain('10 years');
    // Out of bounds or not a number: the defaults, and each such field says why, keeping what
    // the address gave so the visitor sees what to correct.
    const wrong = priceContextView(sale, 'en', new URLSearchParams('rate=abc&years=400&down=-5'))!.mortgage!
      .view;
    expect(wrong.payment).toBe(standard.payment);
    expect(wrong.fields.map((field) => [field.name, field.value, field.error])).toEqual([
      ['rate', 'abc', 'Enter a number.'],
      ['years', '400', 'The value must be at most 40.'],
      ['down', '-5', 'The value must be at least 0.'],
    ]);
    expect(standard.fields.map((field) => field.error)).toEqual([null, null, null]);
    const html = renderToStaticMarkup(
      createElement(PriceContext, {
        view: priceContextView(sale, 'cs', new URLSearchParams('years=400'))!,
        action: '/cs/property/7#price-context',
      }),
    );
    expect(html).toContain('aria-invalid="true" aria-describedby="mortgage-years-error"');
    expect(html).toContain('<p id="mortgage-years-error" class="field__error">');
  });

  it('shows a monthly rent with fees not stated, and no mortgage for a rent', () => {
    const rent: OfferDetail = {
      ...offerDetailFixture,
      offer_type: 'rent',
      offer_types: ['rent'],
      rent_price_period: 'month',
      price: 18_000,
      original_price: 18_000,
    };
    const view = priceContextView(rent, 'en', none)!;
    expect(plain(view.monthlyCost?.total)).toBe('True monthly cost: CZK 18,000 per month');
    expect(view.monthlyCost?.parts.map(plain)).toEqual([
      'Rent: CZK 18,000',
      'Service charges and fees: not stated',
      'Utilities: not stated',
    ]);
    expect(view.monthlyCost?.note).toMatch(/not stated/);
    expect(view.mortgage).toBeNull();
    expect(view.fair).toBeNull();
  });

  it('adds the stated fees and utilities to the rent, in the visitor’s currency (decision 074)', () => {
    const rent: OfferDetail = {
      ...offerDetailFixture,
      offer_type: 'rent',
      offer_types: ['rent'],
      rent_price_period: 'month',
      price: 18_000,
      original_price: 18_000,
      monthly_fees: 2_500,
      original_monthly_fees: 2_500,
      monthly_utilities: 1_800,
      original_monthly_utilities: 1_800,
      utilities_included: false,
    };
    const view = priceContextView(rent, 'en', none)!.monthlyCost!;
    expect(plain(view.total)).toBe('True monthly cost: CZK 22,300 per month');
    expect(view.parts.map(plain)).toEqual([
      'Rent: CZK 18,000',
      'Service charges and fees: CZK 2,500',
      "Utilities (the landlord's estimate): CZK 1,800",
    ]);
    expect(view.note).toBeNull();
    expect(view.converted).toBeNull();

    // Utilities in the rent: nothing added for them, and nothing missing.
    const included = priceContextView(
      { ...rent, monthly_utilities: null, utilities_included: true },
      'cs',
      none,
    )!.monthlyCost!;
    expect(plain(included.total)).toBe('Skutečné měsíční náklady: 20 500 Kč měsíčně');
    expect(included.parts.map(plain)).toContain('Energie: zahrnuty v nájmu');
    expect(included.note).toBeNull();

    // In euros: the converted parts are added, then the sum rounded; the seller's currency named.
    const euros = priceContextView(
      { ...rent, currency_iso_code: 'EUR', price: 720.4, monthly_fees: 100.2, monthly_utilities: 72.1 },
      'en',
      none,
    )!.monthlyCost!;
    expect(plain(euros.total)).toBe('True monthly cost: €893 per month');
    expect(euros.converted).toBe('Converted from CZK and rounded; the landlord states the amounts in CZK.');

    // Only the fees stated: the total is rent and fees, and the note says it may be higher.
    const partly = priceContextView(
      { ...rent, monthly_utilities: null, utilities_included: null },
      'en',
      none,
    )!.monthlyCost!;
    expect(plain(partly.total)).toBe('True monthly cost: CZK 20,500 per month');
    expect(partly.note).toMatch(/may be higher/);
  });

  it('renders a named section whose bars are hidden from screen readers behind their text', () => {
    const html = renderToStaticMarkup(
      createElement(PriceContext, {
        view: priceContextView(sale, 'ar', none)!,
        action: '/ar/p/7#price-context',
      }),
    );
    expect(html).toContain('aria-labelledby="price-context-heading"');
    expect(html).toContain('<meter aria-hidden="true"');
    expect(html).toContain('action="/ar/p/7#price-context"');
    expect(html).toContain('method="get"');
  });
});
