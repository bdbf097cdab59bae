import { describe, expect, it } from 'vitest';
import { roundConvertedPrice, shownPrice } from './converted-price.ts';
import { convertPrice, DEFAULT_RATES } from './currency-conversion.ts';

// Issue 39 point 18 (X4): a price converted into the visitor's currency is shown as the estimate
// it is, not to the last unit ("2,118,243 AED").

describe('roundConvertedPrice', () => {
  it('keeps three significant figures of big sums', () => {
    expect(roundConvertedPrice(2_118_243)).toBe(2_120_000);
    expect(roundConvertedPrice(330_864.2)).toBe(331_000);
    expect(roundConvertedPrice(8_045_000)).toBe(8_050_000);
    expect(roundConvertedPrice(12_345)).toBe(12_300);
    expect(roundConvertedPrice(1_234)).toBe(1_230);
    expect(roundConvertedPrice(99_950)).toBe(100_000);
  });

  it('keeps whole units below 1 000 (a monthly rent stays exact to the unit)', () => {
    expect(roundConvertedPrice(823.4)).toBe(823);
    expect(roundConvertedPrice(999.4)).toBe(999);
    expect(roundConvertedPrice(57.5)).toBe(58);
    expect(roundConvertedPrice(0)).toBe(0);
  });

  it('stays within half a percent of the converted amount', () => {
    for (const czk of [8_040_000, 4_500_000, 25_000, 18_900, 1_250_000_000]) {
      for (const currency of ['EUR', 'USD', 'AED', 'PLN', 'JPY', 'HUF'] as const) {
        const converted = convertPrice(czk, 'CZK', currency, DEFAULT_RATES);
        const shown = roundConvertedPrice(converted);
        expect(Math.abs(shown - converted) / converted, `${czk} CZK in ${currency}`).toBeLessThanOrEqual(
          0.005,
        );
        expect(Number.isInteger(shown)).toBe(true);
      }
    }
  });

  it('refuses what is not a number', () => {
    expect(() => roundConvertedPrice(Number.NaN)).toThrow(RangeError);
  });
});

describe('shownPrice', () => {
  it('rounds only a converted price; the seller’s own amount shows to the unit', () => {
    expect(shownPrice(8_040_000.4, false)).toBe(8_040_000);
    expect(shownPrice(8_046_713, false)).toBe(8_046_713);
    expect(shownPrice(330_864.2, true)).toBe(331_000);
  });
});
