import { describe, expect, it } from 'vitest';
import {
  DISPOSITION_BANDS,
  differencePercent,
  dispositionBand,
  FAIR_PRICE_CELL_DEGREES,
  FAIR_PRICE_CELL_REACH_KM,
  fairPriceCell,
  monthlyMortgagePayment,
  priceDistribution,
} from './fair-price.ts';
import { haversineKm } from './geo.ts';
import { DISPOSITIONS } from './value-sets.ts';

describe('monthlyMortgagePayment (annuity)', () => {
  it('repays 4,000,000 at 5 % over 30 years with the textbook instalment', () => {
    // 4,000,000 · r / (1 − (1 + r)^−360), r = 0.05 / 12: 21,472.86 (the standard annuity table).
    const payment = monthlyMortgagePayment({
      price: 5_000_000,
      downPaymentPercent: 20,
      ratePercent: 5,
      years: 30,
    });
    expect(payment).toBeCloseTo(21_472.86, 2);
  });

  it('pays the loan back exactly: the instalments discounted at the rate sum to the loan', () => {
    const loan = 2_400_000;
    const rate = 0.061 / 12;
    const months = 25 * 12;
    const payment = monthlyMortgagePayment({
      price: 3_000_000,
      downPaymentPercent: 20,
      ratePercent: 6.1,
      years: 25,
    });
    let balance = loan;
    for (let month = 0; month < months; month += 1) balance = balance * (1 + rate) - payment;
    expect(Math.abs(balance)).toBeLessThan(0.01);
  });

  it('divides the loan evenly at 0 %, and owes nothing with the whole price paid down', () => {
    expect(
      monthlyMortgagePayment({ price: 1_200_000, downPaymentPercent: 0, ratePercent: 0, years: 10 }),
    ).toBe(10_000);
    expect(
      monthlyMortgagePayment({ price: 1_200_000, downPaymentPercent: 100, ratePercent: 5, years: 10 }),
    ).toBe(0);
  });

  it('costs more a month at a higher rate and less over a longer term', () => {
    const base = { price: 1_000_000, downPaymentPercent: 10, ratePercent: 4, years: 20 };
    expect(monthlyMortgagePayment({ ...base, ratePercent: 6 })).toBeGreaterThan(monthlyMortgagePayment(base));
    expect(monthlyMortgagePayment({ ...base, years: 30 })).toBeLessThan(monthlyMortgagePayment(base));
  });
});

describe('priceDistribution', () => {
  it('counts every value once, bars of equal width between the 5th and 95th percentile', () => {
    const values = Array.from({ length: 100 }, (_, index) => 100 + index);
    const bars = priceDistribution(values, 5);
    expect(bars).toHaveLength(5);
    expect(bars.reduce((sum, bar) => sum + bar.count, 0)).toBe(100);
    expect(bars[0]!.from).toBe(100);
    expect(bars[4]!.to).toBe(199);
    const inner = bars.slice(1, 4).map((bar) => bar.to - bar.from);
    for (const width of inner) expect(width).toBeCloseTo(inner[0]!, 9);
  });

  it('keeps one outlier from squashing the others into a single bar', () => {
    const values = [...Array.from({ length: 40 }, (_, index) => 50_000 + index * 1_000), 5_000_000];
    const bars = priceDistribution(values, 4);
    expect(bars.filter((bar) => bar.count > 0).length).toBeGreaterThanOrEqual(3);
    expect(bars[3]!.to).toBe(5_000_000);
  });

  it('is one bar when every value is the same, and none without values', () => {
    expect(priceDistribution([7, 7, 7])).toEqual([{ from: 7, to: 7, count: 3 }]);
    expect(priceDistribution([])).toEqual([]);
  });
});

describe('differencePercent and dispositionBand', () => {
  it('is positive above the median and negative below, in whole percent', () => {
    expect(differencePercent(112, 100)).toBe(12);
    expect(differencePercent(88, 100)).toBe(-12);
    expect(differencePercent(100, 100)).toBe(0);
  });

  it('puts every disposition but atypical in one band; atypical and none compare with any', () => {
    const banded = DISPOSITION_BANDS.flat();
    expect(new Set(banded).size).toBe(banded.length);
    expect(DISPOSITIONS.filter((value) => !banded.includes(value))).toEqual(['atypical']);
    expect(dispositionBand('6+')).toEqual(['5', '6+', 'maisonette']);
    expect(dispositionBand('atypical')).toBeNull();
    expect(dispositionBand(null)).toBeNull();
  });
});

describe('fairPriceCell', () => {
  it('puts nearby offers of one square together, and a square further on apart', () => {
    const brno = fairPriceCell(49.195, 16.608);
    expect(fairPriceCell(49.199, 16.62)).toEqual(brno);
    expect(fairPriceCell(49.21, 16.608)).not.toEqual(brno);
    expect(brno.latitude).toBeCloseTo(49.15, 9);
    expect(brno.longitude).toBeCloseTo(16.65, 9);
  });

  it('never lies further than its reach from an offer in it, on both sides of the equator and meridian', () => {
    const half = FAIR_PRICE_CELL_DEGREES / 2;
    for (const [latitude, longitude] of [
      [0.0001, 0.0001],
      [-0.0999, -0.0999],
      [49.1001, 16.6999],
      [-33.8999, 151.2001],
      [89.95, 179.99],
    ] as const) {
      const cell = fairPriceCell(latitude, longitude);
      expect(Math.abs(cell.latitude - latitude)).toBeLessThanOrEqual(half + 1e-9);
      expect(
        haversineKm({ lat: latitude, lng: longitude }, { lat: cell.latitude, lng: cell.longitude }),
      ).toBeLessThanOrEqual(FAIR_PRICE_CELL_REACH_KM);
    }
  });
});
