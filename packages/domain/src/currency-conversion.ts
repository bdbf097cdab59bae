import { CURRENCIES, type Currency, DEFAULT_CURRENCY } from './currencies.ts';

// Price conversion through a rates table (spec 9 currencies and CHF, TRY, RSD: decision 050; DESIGN 5: prices are also stored
// normalised to one base currency so a filter in EUR finds offers priced in CZK).

/**
 * Exchange rates relative to `base`: `rates[c]` is how many units of `base` one unit of `c`
 * buys (with base CZK: EUR 24.3 means 1 EUR = 24.3 CZK). `rates[base]` is 1.
 */
export interface ExchangeRates {
  base: Currency;
  rates: Readonly<Record<Currency, number>>;
}

/**
 * Decimal places a price is shown and stored with; JPY, HUF and RSD have no minor unit in use
 * (Serbian prices are whole dinars: the para left circulation long ago).
 */
export const CURRENCY_DECIMALS: Readonly<Record<Currency, number>> = {
  CZK: 2,
  USD: 2,
  EUR: 2,
  PLN: 2,
  GBP: 2,
  CNY: 2,
  JPY: 0,
  CAD: 2,
  AUD: 2,
  AED: 2,
  BAM: 2,
  HUF: 0,
  CHF: 2,
  TRY: 2,
  RSD: 0,
};

/**
 * Realistic rates for 2026 (CZK per unit), for seeding and tests. The live table is in the
 * database and refreshed from a rates source; this is only its starting point.
 */
export const DEFAULT_RATES: ExchangeRates = {
  base: DEFAULT_CURRENCY,
  rates: {
    CZK: 1,
    EUR: 24.3,
    USD: 20.9,
    PLN: 5.72,
    GBP: 28.1,
    CNY: 2.93,
    JPY: 0.138,
    CAD: 15.1,
    AUD: 13.8,
    AED: 5.69,
    // The convertible mark is pegged to the euro at 1.95583.
    BAM: 12.42,
    HUF: 0.0625,
    CHF: 26.1,
    TRY: 0.49,
    // The National Bank of Serbia holds the dinar near 117 to the euro.
    RSD: 0.2075,
  },
};

/** Rounds half away from zero to `decimals` places without binary artefacts (1.005 -> 1.01). */
export function roundTo(value: number, decimals: number): number {
  const sign = value < 0 ? -1 : 1;
  const abs = Math.abs(value);
  let rounded: number;
  const scale = 10 ** decimals;
  const scaled = abs * scale;
  // Math.round only jumps at halves. Away from one, the product's error (a few units in its
  // last place) cannot change the nearest integer, and an integer divided by an exact power of
  // ten is the very number its decimal text reads: the same result as the text route below,
  // without building strings (every card of a search page converts its price).
  if (
    Number.isInteger(decimals) &&
    decimals >= 0 &&
    decimals <= 22 &&
    scaled < 2 ** 50 &&
    Math.abs(scaled - Math.floor(scaled) - 0.5) > scaled * 2 ** -48 + 2 ** -40
  ) {
    rounded = Math.round(scaled) / scale;
  } else {
    // Near a half, shift the decimal point in the number's text form (1.005 -> "100.5"), not
    // by multiplying (1.005 * 100 = 100.49999...), so halves round the way people expect.
    rounded = shift(Math.round(shift(abs, decimals)), -decimals);
  }
  return rounded === 0 ? 0 : sign * rounded;
}

function shift(n: number, places: number): number {
  const [mantissa, exponent = '0'] = String(n).split('e');
  return Number(`${mantissa}e${Number(exponent) + places}`);
}

/** Rounds an amount to its currency's decimals. */
export function roundPrice(amount: number, currency: Currency): number {
  return roundTo(amount, CURRENCY_DECIMALS[currency]);
}

function rateOf(rates: ExchangeRates, currency: Currency): number {
  const rate = rates.rates[currency];
  if (!(typeof rate === 'number' && Number.isFinite(rate) && rate > 0)) {
    throw new RangeError(`No usable exchange rate for ${currency}`);
  }
  return rate;
}

/** `amount` in `from` expressed in `to`, rounded to `to`'s decimals. */
export function convertPrice(amount: number, from: Currency, to: Currency, rates: ExchangeRates): number {
  if (!Number.isFinite(amount)) throw new RangeError('amount must be a finite number');
  if (from === to) return roundPrice(amount, to);
  return roundPrice((amount * rateOf(rates, from)) / rateOf(rates, to), to);
}

/** `amount` in the table's base currency (CZK by default): the value search compares. */
export function normalizePrice(
  amount: number,
  currency: Currency,
  rates: ExchangeRates = DEFAULT_RATES,
): number {
  return convertPrice(amount, currency, rates.base, rates);
}

/** Every currency has a positive finite rate and the base's rate is 1. */
export function isCompleteRates(rates: ExchangeRates): boolean {
  return (
    rates.rates[rates.base] === 1 &&
    CURRENCIES.every((currency) => {
      const rate = rates.rates[currency];
      return typeof rate === 'number' && Number.isFinite(rate) && rate > 0;
    })
  );
}
