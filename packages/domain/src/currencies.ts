// Currencies of spec section 9, plus CHF, TRY and RSD for the Swiss, Turkish and Serbian locales
// (decision 050). Default CZK.

export const CURRENCIES = [
  'CZK',
  'USD',
  'EUR',
  'PLN',
  'GBP',
  'CNY',
  'JPY',
  'CAD',
  'AUD',
  'AED',
  'BAM',
  'HUF',
  'CHF',
  'TRY',
  'RSD',
] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'CZK';

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}
