import type { Currency } from './currencies.ts';
import type { Disposition } from './value-sets.ts';

// Fair-price context of an offer (issue 43 point 6, docs/decisions/064): where its price per m²
// stands among comparable public offers, and what it costs a month. The API computes the
// median and the distribution from these functions; the web the mortgage payment.

/** Fewer comparable offers than this and the page shows no median: one outlier would move it. */
export const MIN_FAIR_PRICE_COMPARABLES = 10;

/** Bars of the price per m² distribution on the offer page. */
export const FAIR_PRICE_BUCKETS = 6;

/**
 * Dispositions whose flats compare by price per m² (a studio's m² costs more than a family
 * flat's). Five rooms and more and maisonettes are one band: there are few of each. An atypical
 * layout, or none (houses, land), is compared with every disposition.
 */
export const DISPOSITION_BANDS: readonly (readonly Disposition[])[] = [
  ['1'],
  ['2'],
  ['3'],
  ['4'],
  ['5', '6+', 'maisonette'],
];

/** The dispositions an offer of `disposition` is compared with; null for any. */
export function dispositionBand(disposition: string | null): readonly Disposition[] | null {
  if (disposition === null) return null;
  return DISPOSITION_BANDS.find((band) => (band as readonly string[]).includes(disposition)) ?? null;
}

/**
 * The comparable offers' figures are kept per square of this many degrees of latitude and
 * longitude (decision 064): every offer of one square, city, partition and disposition band
 * shares one read of its comparables, instead of one read per offer page.
 */
export const FAIR_PRICE_CELL_DEGREES = 0.1;

/**
 * At most this far (km) lies an offer from the centre of its square: half the diagonal of a
 * square of FAIR_PRICE_CELL_DEGREES at the equator (0.05° each way, 5.56 km), rounded up.
 */
export const FAIR_PRICE_CELL_REACH_KM = 8;

/** The square of FAIR_PRICE_CELL_DEGREES an offer lies in: its indices and its centre. */
export function fairPriceCell(
  latitude: number,
  longitude: number,
): {
  row: number;
  column: number;
  latitude: number;
  longitude: number;
} {
  const row = Math.floor(latitude / FAIR_PRICE_CELL_DEGREES);
  const column = Math.floor(longitude / FAIR_PRICE_CELL_DEGREES);
  return {
    row,
    column,
    latitude: Math.min(90, (row + 0.5) * FAIR_PRICE_CELL_DEGREES),
    longitude: Math.min(180, (column + 0.5) * FAIR_PRICE_CELL_DEGREES),
  };
}

/** One bar of the distribution: offers whose price per m² lies in [from, to) (the last includes `to`). */
export interface PriceBucket {
  from: number;
  to: number;
  count: number;
}

/** The value at quantile `q` (0..1) of sorted values, interpolated between neighbours. */
function quantile(sorted: readonly number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low);
}

/**
 * `buckets` bars of equal width between the 5th and 95th percentile of the values, the first
 * and last widened to the lowest and highest value so every offer is counted once while a single
 * outlier does not squash the others into one bar. Empty for no values.
 */
export function priceDistribution(values: readonly number[], buckets = FAIR_PRICE_BUCKETS): PriceBucket[] {
  if (values.length === 0) return [];
  const sorted = [...values].sort((a, b) => a - b);
  const low = quantile(sorted, 0.05);
  const high = quantile(sorted, 0.95);
  const min = sorted[0]!;
  const max = sorted[sorted.length - 1]!;
  if (high <= low) return [{ from: min, to: max, count: sorted.length }];
  const width = (high - low) / buckets;
  const bars = Array.from({ length: buckets }, (_, index) => ({
    from: index === 0 ? min : low + width * index,
    to: index === buckets - 1 ? max : low + width * (index + 1),
    count: 0,
  }));
  for (const value of sorted) {
    const index = Math.min(buckets - 1, Math.max(0, Math.floor((value - low) / width)));
    bars[index]!.count += 1;
  }
  return bars;
}

/** Whole percent the offer's price per m² lies above (positive) or below (negative) the median. */
export function differencePercent(own: number, median: number): number {
  return Math.round(((own - median) / median) * 100);
}

/**
 * Indicative yearly mortgage rates in percent per currency (late 2026 market levels, rounded):
 * the default of the offer page's calculator, labelled indicative there and editable. No lender
 * is asked; a visitor types their own offer's rate.
 */
export const INDICATIVE_MORTGAGE_RATES: Readonly<Record<Currency, number>> = {
  CZK: 4.9,
  USD: 6.5,
  EUR: 3.6,
  PLN: 7.2,
  GBP: 4.6,
  CNY: 3.3,
  JPY: 1.5,
  CAD: 4.8,
  AUD: 6.1,
  AED: 4.9,
  BAM: 4.5,
  HUF: 6.6,
  CHF: 2.0,
  TRY: 35,
  RSD: 5.8,
};

/** The calculator's defaults and bounds: term in years, down payment and rate in percent. */
export const MORTGAGE_DEFAULTS = { years: 30, downPaymentPercent: 20 } as const;
export const MORTGAGE_LIMITS = {
  years: { min: 1, max: 40 },
  downPaymentPercent: { min: 0, max: 100 },
  ratePercent: { min: 0, max: 100 },
} as const;

/**
 * The monthly payment of an annuity mortgage: the loan (price less the down payment) repaid in
 * equal monthly instalments over `years` at a yearly `ratePercent` compounded monthly,
 * L·r / (1 − (1 + r)^−n) with r the monthly rate and n the months; L / n at 0 %.
 */
export function monthlyMortgagePayment(input: {
  price: number;
  downPaymentPercent: number;
  ratePercent: number;
  years: number;
}): number {
  const loan = input.price * (1 - input.downPaymentPercent / 100);
  const months = Math.round(input.years * 12);
  if (loan <= 0 || months <= 0) return 0;
  const rate = input.ratePercent / 100 / 12;
  if (rate === 0) return loan / months;
  return (loan * rate) / (1 - (1 + rate) ** -months);
}
