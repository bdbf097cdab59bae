import { DEFAULT_RATES, defaultFilters } from '@estately/domain';
import { describe, expect, it } from 'vitest';
import { boundsInCurrency, chosenCurrencyHeaders, roundBound } from './currency-choice.server.ts';

describe('roundBound', () => {
  it('keeps three significant digits, down for a lower bound and up for an upper one', () => {
    expect(roundBound(321_600, 'down')).toBe(321_000);
    expect(roundBound(321_600, 'up')).toBe(322_000);
    expect(roundBound(8_040_000, 'up')).toBe(8_040_000);
    expect(roundBound(95.4, 'up')).toBe(96);
  });

  it('stays within the price filter’s limits', () => {
    expect(roundBound(0.04, 'down')).toBe(1);
    expect(roundBound(5e15, 'up')).toBe(1e12);
  });
});

describe('boundsInCurrency', () => {
  it('re-expresses EUR bounds in CZK without losing any offer of the range', () => {
    const filters = { ...defaultFilters(), price_from: 100_000, price_to: 400_000, currency: 'EUR' as const };
    const czk = boundsInCurrency(filters, 'CZK');
    const rate = DEFAULT_RATES.rates.EUR;
    expect(czk?.currency).toBe('CZK');
    expect(czk?.price_from).toBeLessThanOrEqual(100_000 * rate);
    expect(czk?.price_from).toBeGreaterThan(100_000 * rate * 0.99);
    expect(czk?.price_to).toBeGreaterThanOrEqual(400_000 * rate);
    expect(czk?.price_to).toBeLessThan(400_000 * rate * 1.01);
  });

  it('leaves a search alone when its bounds are already in the currency or it has none', () => {
    expect(boundsInCurrency({ ...defaultFilters(), price_to: 5, currency: 'CZK' }, 'CZK')).toBeNull();
    expect(boundsInCurrency({ ...defaultFilters(), currency: 'EUR' }, 'CZK')).toBeNull();
    expect(boundsInCurrency(defaultFilters(), 'CZK')).toBeNull();
  });
});

describe('chosenCurrencyHeaders', () => {
  const request = new Request('https://example.test/cs/hledani?currency=eur');
  it('makes a different currency of the form the display currency', () => {
    const cookie = chosenCurrencyHeaders(request, new URLSearchParams('currency=eur'), 'CZK').get(
      'set-cookie',
    );
    expect(cookie).toMatch(/^currency=EUR; Path=\/; Max-Age=31536000; SameSite=Lax; Secure$/);
  });

  it('sets nothing for the same currency or an unknown one', () => {
    expect(
      chosenCurrencyHeaders(request, new URLSearchParams('currency=CZK'), 'CZK').get('set-cookie'),
    ).toBeNull();
    expect(
      chosenCurrencyHeaders(request, new URLSearchParams('currency=XYZ'), 'CZK').get('set-cookie'),
    ).toBeNull();
  });
});
