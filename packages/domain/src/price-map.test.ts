import { describe, expect, it } from 'vitest';
import { PriceMapQuerySchema } from './contracts/price-map.ts';
import { MIN_FAIR_PRICE_COMPARABLES } from './fair-price.ts';
import { DEFAULT_LOCALE } from './locales.ts';
import {
  isShownPriceFigure,
  MIN_PRICE_MAP_OFFERS,
  medianOf,
  niceScaleBreaks,
  PRICE_MAP_LOCALITY_ZOOM,
  PRICE_MAP_SCALE_QUANTILES,
  priceClassOf,
  priceMapLevel,
  priceMapValueOf,
  priceScaleBreaks,
  quantileOf,
  roundToTwoDigits,
} from './price-map.ts';

// The price map's rules (issue 44 point 5, decision 073): which offers count, the median, the
// minimum number of offers behind a figure, and the colour scale.

const flat = {
  offerType: 'sale' as const,
  priceNormalized: 6_000_000,
  usefulAreaMeters: 60,
  priceVariant: 'fixed',
  rentPricePeriod: null,
};

describe('which offers count', () => {
  it('counts a stated price over a useful area of at least 1 m²', () => {
    expect(priceMapValueOf(flat)).toBe(100_000);
    expect(priceMapValueOf({ ...flat, usefulAreaMeters: 1 })).toBe(6_000_000);
  });

  it('leaves out a price on request, no price, no area or an area below 1 m²', () => {
    expect(priceMapValueOf({ ...flat, priceVariant: 'on_request' })).toBeNull();
    expect(priceMapValueOf({ ...flat, priceNormalized: null })).toBeNull();
    expect(priceMapValueOf({ ...flat, priceNormalized: 0 })).toBeNull();
    expect(priceMapValueOf({ ...flat, usefulAreaMeters: null })).toBeNull();
    expect(priceMapValueOf({ ...flat, usefulAreaMeters: 0.5 })).toBeNull();
  });

  it('counts a rent only when it is monthly', () => {
    const rent = { ...flat, offerType: 'rent' as const, priceNormalized: 18_000, rentPricePeriod: 'month' };
    expect(priceMapValueOf(rent)).toBe(300);
    expect(priceMapValueOf({ ...rent, rentPricePeriod: 'week' })).toBeNull();
    expect(priceMapValueOf({ ...rent, rentPricePeriod: null })).toBeNull();
  });
});

describe('the median', () => {
  it('is the middle value, or the mean of the two middle ones, whatever the order', () => {
    expect(medianOf([3, 1, 2])).toBe(2);
    expect(medianOf([40, 10, 30, 20])).toBe(25);
    expect(medianOf([7])).toBe(7);
    expect(medianOf([])).toBeNull();
  });

  it('interpolates quantiles as percentile_cont does', () => {
    expect(quantileOf([10, 20, 30, 40, 50], 0.2)).toBe(18);
    expect(quantileOf([10, 20, 30, 40, 50], 0)).toBe(10);
    expect(quantileOf([10, 20, 30, 40, 50], 1)).toBe(50);
  });
});

describe('the minimum behind a figure', () => {
  it('is the fair price minimum: ten offers show a figure, nine do not', () => {
    expect(MIN_PRICE_MAP_OFFERS).toBe(MIN_FAIR_PRICE_COMPARABLES);
    expect(isShownPriceFigure(MIN_PRICE_MAP_OFFERS)).toBe(true);
    expect(isShownPriceFigure(MIN_PRICE_MAP_OFFERS - 1)).toBe(false);
    expect(isShownPriceFigure(0)).toBe(false);
  });
});

describe('levels', () => {
  it('shows countries when zoomed out and localities from the locality zoom on', () => {
    expect(priceMapLevel(3)).toBe('country');
    expect(priceMapLevel(PRICE_MAP_LOCALITY_ZOOM - 0.01)).toBe('country');
    expect(priceMapLevel(PRICE_MAP_LOCALITY_ZOOM)).toBe('locality');
    expect(priceMapLevel(15)).toBe('locality');
  });
});

describe('the colour scale', () => {
  it('rounds a boundary to two significant digits', () => {
    expect(roundToTwoDigits(3_247)).toBe(3_200);
    expect(roundToTwoDigits(3_250)).toBe(3_300);
    expect(roundToTwoDigits(18.7)).toBe(19);
    expect(roundToTwoDigits(0)).toBe(0);
  });

  it('takes the quintiles of the figures as boundaries of five classes', () => {
    expect(PRICE_MAP_SCALE_QUANTILES).toEqual([0.2, 0.4, 0.6, 0.8]);
    const values = Array.from({ length: 101 }, (_, index) => 1_000 + index * 10);
    expect(priceScaleBreaks(values)).toEqual([1_200, 1_400, 1_600, 1_800]);
  });

  it('drops equal boundaries, so few distinct figures make fewer classes', () => {
    expect(niceScaleBreaks([1_000, 1_001, 1_004, 2_000])).toEqual([1_000, 2_000]);
    expect(priceScaleBreaks([500, 500, 500])).toEqual([500]);
    expect(priceScaleBreaks([])).toEqual([]);
  });

  it('puts a value in the class whose range holds it, a boundary in the upper class', () => {
    const breaks = [1_200, 1_400, 1_600, 1_800];
    expect(priceClassOf(900, breaks)).toBe(0);
    expect(priceClassOf(1_199, breaks)).toBe(0);
    expect(priceClassOf(1_200, breaks)).toBe(1);
    expect(priceClassOf(1_799, breaks)).toBe(3);
    expect(priceClassOf(5_000, breaks)).toBe(4);
    expect(priceClassOf(5_000, [])).toBe(0);
  });
});

describe('the query', () => {
  it('takes a viewport, an offer type, a level, a currency and a locale', () => {
    const parsed = PriceMapQuerySchema.parse({
      offer_type: 'rent',
      level: 'locality',
      bbox: '48.5,12.0,51.1,18.9',
      currency: 'eur',
      locale: 'de',
    });
    expect(parsed).toEqual({
      offer_type: 'rent',
      level: 'locality',
      bbox: { south: 48.5, west: 12, north: 51.1, east: 18.9 },
      currency: 'EUR',
      locale: 'de',
    });
    expect(PriceMapQuerySchema.parse({ offer_type: 'sale', level: 'country' })).toMatchObject({
      currency: 'CZK',
      locale: DEFAULT_LOCALE,
    });
  });

  it('refuses a bad viewport, offer type or level with message keys', () => {
    for (const bbox of ['1,2,3', 'a,b,c,d', '60,0,50,10', '0,0,95,10', '0,200,1,10']) {
      const result = PriceMapQuerySchema.safeParse({ offer_type: 'sale', level: 'locality', bbox });
      expect(result.success, bbox).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('validation.invalid_bbox');
    }
    const bad = PriceMapQuerySchema.safeParse({ offer_type: 'lease', level: 'town' });
    expect(bad.error?.issues.map((issue) => issue.message)).toEqual([
      'validation.invalid_value',
      'validation.invalid_value',
    ]);
  });
});
