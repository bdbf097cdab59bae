import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCIES } from './currencies.ts';
import {
  CURRENCY_DECIMALS,
  convertPrice,
  DEFAULT_RATES,
  type ExchangeRates,
  isCompleteRates,
  normalizePrice,
  roundPrice,
  roundTo,
} from './currency-conversion.ts';

describe('DEFAULT_RATES', () => {
  it('has a positive rate for each of the 15 currencies, CZK as base', () => {
    expect(DEFAULT_RATES.base).toBe('CZK');
    expect(isCompleteRates(DEFAULT_RATES)).toBe(true);
    expect(Object.keys(DEFAULT_RATES.rates).sort()).toEqual([...CURRENCIES].sort());
  });

  it('is realistic for 2026 (CZK per unit)', () => {
    const { rates } = DEFAULT_RATES;
    expect(rates.EUR).toBeGreaterThan(23);
    expect(rates.EUR).toBeLessThan(27);
    expect(rates.USD).toBeGreaterThan(18);
    expect(rates.USD).toBeLessThan(25);
    expect(rates.GBP).toBeGreaterThan(rates.EUR);
    expect(rates.JPY).toBeLessThan(0.2);
    expect(rates.HUF).toBeLessThan(0.1);
    // BAM is pegged to EUR at 1.95583.
    expect(rates.EUR / rates.BAM).toBeCloseTo(1.95583, 2);
    // AED is pegged to USD at 3.6725.
    expect(rates.USD / rates.AED).toBeCloseTo(3.6725, 1);
    // The franc is worth a little more than the euro (0.90-0.98 CHF per EUR since 2023).
    expect(rates.EUR / rates.CHF).toBeGreaterThan(0.85);
    expect(rates.EUR / rates.CHF).toBeLessThan(1);
    // The dinar is managed near 117 per euro.
    expect(rates.EUR / rates.RSD).toBeCloseTo(117.2, 0);
    // The lira: 40-60 per euro in 2026.
    expect(rates.EUR / rates.TRY).toBeGreaterThan(40);
    expect(rates.EUR / rates.TRY).toBeLessThan(60);
  });
});

describe('CHF, TRY and RSD', () => {
  it('convert to and from CZK and EUR at the built-in rates', () => {
    // 1 CHF = 26.1 CZK.
    expect(convertPrice(1_000_000, 'CHF', 'CZK', DEFAULT_RATES)).toBe(26_100_000);
    expect(convertPrice(26_100_000, 'CZK', 'CHF', DEFAULT_RATES)).toBe(1_000_000);
    // A flat of 850 000 CHF in euros: 850 000 * 26.1 / 24.3.
    expect(convertPrice(850_000, 'CHF', 'EUR', DEFAULT_RATES)).toBe(912_962.96);
    // 5 000 000 TRY = 2 450 000 CZK.
    expect(convertPrice(5_000_000, 'TRY', 'CZK', DEFAULT_RATES)).toBe(2_450_000);
    expect(convertPrice(100_000, 'EUR', 'TRY', DEFAULT_RATES)).toBe(4_959_183.67);
    // 150 000 EUR in Belgrade is about 17.6 million dinars, whole dinars.
    expect(convertPrice(150_000, 'EUR', 'RSD', DEFAULT_RATES)).toBe(17_566_265);
    expect(convertPrice(17_566_265, 'RSD', 'EUR', DEFAULT_RATES)).toBe(150_000);
  });

  it('use the franc’s and the lira’s two decimals and whole dinars', () => {
    expect(CURRENCY_DECIMALS.CHF).toBe(2);
    expect(CURRENCY_DECIMALS.TRY).toBe(2);
    expect(CURRENCY_DECIMALS.RSD).toBe(0);
    expect(roundPrice(1234.567, 'CHF')).toBe(1234.57);
    expect(roundPrice(1234.5, 'RSD')).toBe(1235);
    expect(convertPrice(1, 'CZK', 'RSD', DEFAULT_RATES)).toBe(5);
  });

  it('normalise to CZK for search', () => {
    expect(normalizePrice(2_000, 'CHF')).toBe(52_200);
    expect(normalizePrice(40_000, 'TRY')).toBe(19_600);
    expect(normalizePrice(60_000, 'RSD')).toBe(12_450);
  });
});

describe('convertPrice', () => {
  const rates: ExchangeRates = {
    ...DEFAULT_RATES,
    rates: { ...DEFAULT_RATES.rates, EUR: 25, USD: 20, JPY: 0.15, HUF: 0.06 },
  };

  it('converts through the base currency', () => {
    expect(convertPrice(100, 'EUR', 'CZK', rates)).toBe(2500);
    expect(convertPrice(2500, 'CZK', 'EUR', rates)).toBe(100);
    expect(convertPrice(100, 'EUR', 'USD', rates)).toBe(125);
  });

  it('rounds to the target currency’s decimals; JPY and HUF have none', () => {
    expect(convertPrice(1, 'CZK', 'EUR', rates)).toBe(0.04);
    expect(convertPrice(100, 'CZK', 'JPY', rates)).toBe(667);
    expect(convertPrice(100, 'CZK', 'HUF', rates)).toBe(1667);
    expect(CURRENCY_DECIMALS.JPY).toBe(0);
    expect(CURRENCY_DECIMALS.HUF).toBe(0);
    expect(CURRENCY_DECIMALS.EUR).toBe(2);
  });

  it('keeps same-currency amounts, rounded', () => {
    expect(convertPrice(10.126, 'EUR', 'EUR', rates)).toBe(10.13);
    expect(convertPrice(10.5, 'JPY', 'JPY', rates)).toBe(11);
  });

  it('rejects non-finite amounts and unusable rates', () => {
    expect(() => convertPrice(Number.NaN, 'EUR', 'CZK', rates)).toThrow(RangeError);
    const broken = { base: 'CZK', rates: { ...rates.rates, PLN: 0 } } as ExchangeRates;
    expect(() => convertPrice(1, 'PLN', 'CZK', broken)).toThrow(RangeError);
    expect(isCompleteRates(broken)).toBe(false);
  });

  it('round-trips within rounding', () => {
    for (const currency of CURRENCIES) {
      const there = convertPrice(1_000_000, 'CZK', currency, DEFAULT_RATES);
      const back = convertPrice(there, currency, 'CZK', DEFAULT_RATES);
      expect(Math.abs(back - 1_000_000) / 1_000_000, currency).toBeLessThan(0.001);
    }
  });
});

describe('normalizePrice', () => {
  it('expresses a price in the base currency (CZK)', () => {
    expect(normalizePrice(100_000, 'EUR')).toBe(2_430_000);
    expect(normalizePrice(5_000_000, 'CZK')).toBe(5_000_000);
    expect(normalizePrice(1, 'EUR', { base: 'EUR', rates: { ...DEFAULT_RATES.rates, EUR: 1 } })).toBe(1);
  });
});

describe('rounding', () => {
  it('rounds half away from zero without binary artefacts', () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(-1.005, 2)).toBe(-1.01);
    expect(roundTo(2.5, 0)).toBe(3);
    expect(roundTo(-0.001, 2)).toBe(0);
    expect(Object.is(roundTo(-0.001, 2), 0)).toBe(true);
    expect(roundPrice(1234.5, 'HUF')).toBe(1235);
    expect(roundPrice(1e-7, 'EUR')).toBe(0);
  });

  // The rounding by the decimal text alone, as people read the number: roundTo must agree.
  const byText = (value: number, decimals: number) => {
    const shift = (n: number, places: number) => {
      const [mantissa, exponent = '0'] = String(n).split('e');
      return Number(`${mantissa}e${Number(exponent) + places}`);
    };
    const rounded = shift(Math.round(shift(Math.abs(value), decimals)), -decimals);
    return rounded === 0 ? 0 : (value < 0 ? -1 : 1) * rounded;
  };

  it('agrees with rounding the decimal text, for any amount', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e13, max: 1e13, noNaN: true }),
        fc.integer({ min: 0, max: 4 }),
        (value, decimals) => Object.is(roundTo(value, decimals), byText(value, decimals)),
      ),
      { numRuns: 20_000 },
    );
  });

  it('agrees with rounding the decimal text on and next to halves', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10_000_000, max: 10_000_000 }),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: -3, max: 3 }),
        (whole, decimals, nudge) => {
          // (whole + 0.5) / 10^decimals as typed, then moved by a few units in the last place.
          let value = Number(`${whole}.5e-${decimals}`);
          for (let i = 0; i < Math.abs(nudge); i++)
            value = nextAfter(value, nudge > 0 ? Infinity : -Infinity);
          return Object.is(roundTo(value, decimals), byText(value, decimals));
        },
      ),
      { numRuns: 20_000 },
    );
    expect(roundTo(0.125, 2)).toBe(0.13);
    expect(roundTo(1234567.845, 2)).toBe(1234567.85);
    expect(roundTo(8.345, 2)).toBe(8.35);
  });
});

/** The next double after `x` towards `to`. */
function nextAfter(x: number, to: number): number {
  if (x === to) return x;
  if (x === 0) return to > 0 ? Number.MIN_VALUE : -Number.MIN_VALUE;
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  view.setBigUint64(0, to > x === x > 0 ? bits + 1n : bits - 1n);
  return view.getFloat64(0);
}
