import { MIN_FAIR_PRICE_COMPARABLES } from './fair-price.ts';

// The price map (issue 44 point 5, docs/decisions/073): the median asking price per m² of our
// own public offers per locality and per country, for sale and for rent. The worker's job
// computes the medians in SQL (packages/db price-map-medians.ts) by the rules below; the API
// serves them with the threshold and the colour scale from here, and the map draws them.

export const PRICE_MAP_LEVELS = ['country', 'locality'] as const;
export type PriceMapLevel = (typeof PRICE_MAP_LEVELS)[number];

/**
 * Fewer offers than this behind a figure and it is not shown: one outlier would move it. The
 * same minimum as the fair price of the offer page (decision 064), so the two never disagree
 * about whether a place has enough offers to say anything.
 */
export const MIN_PRICE_MAP_OFFERS = MIN_FAIR_PRICE_COMPARABLES;

/** From this zoom on the layer shows localities; below it, one figure per country. */
export const PRICE_MAP_LOCALITY_ZOOM = 7;

/** At most this many localities in one answer (those with the most offers): a readable map. */
export const PRICE_MAP_MAX_FIGURES = 150;

/** Colour classes of the scale; the legend lists each with its range. */
export const PRICE_MAP_CLASSES = 5;

/** The job computes the figures again every this many hours (the answer says when it last did). */
export const PRICE_MAP_REFRESH_HOURS = 6;

/** Which figures a map at `zoom` shows. */
export function priceMapLevel(zoom: number): PriceMapLevel {
  return zoom >= PRICE_MAP_LOCALITY_ZOOM ? 'locality' : 'country';
}

/** What an offer brings to the medians; the base-currency price (`price_normalized`). */
export interface PriceMapOffer {
  offerType: 'sale' | 'rent';
  priceNormalized: number | null;
  usefulAreaMeters: number | null;
  priceVariant: string;
  rentPricePeriod: string | null;
}

/**
 * The offer's price per m² in the base currency, or null when it does not count: a price on
 * request or none, an area below 1 m², a rent that is not monthly (a weekly or daily rent is
 * another market; decision 064's rule). The job's SQL states the same conditions.
 */
export function priceMapValueOf(offer: PriceMapOffer): number | null {
  const price = offer.priceNormalized;
  const area = offer.usefulAreaMeters;
  if (price === null || !(price > 0) || area === null || !(area >= 1)) return null;
  if (offer.priceVariant === 'on_request') return null;
  if (offer.offerType === 'rent' && offer.rentPricePeriod !== 'month') return null;
  return price / area;
}

/**
 * The value at quantile `q` (0..1) of the values, interpolated between neighbours as
 * PostgreSQL's `percentile_cont` does; null for no values.
 */
export function quantileOf(values: readonly number[], q: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * Math.min(1, Math.max(0, q));
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low);
}

/** The median: the middle value, or the mean of the two middle ones. */
export function medianOf(values: readonly number[]): number | null {
  return quantileOf(values, 0.5);
}

/** Whether a figure with `offers` offers behind it is shown. */
export function isShownPriceFigure(offers: number): boolean {
  return offers >= MIN_PRICE_MAP_OFFERS;
}

/** Rounds to two significant digits (3,247 -> 3,200; 18.7 -> 19), so a legend reads easily. */
export function roundToTwoDigits(value: number): number {
  if (!(value > 0)) return 0;
  const scale = 10 ** (Math.floor(Math.log10(value)) - 1);
  return Math.round(value / scale) * scale;
}

/** The quantiles of the shown figures that bound the colour classes: 0.2, 0.4, 0.6, 0.8. */
export const PRICE_MAP_SCALE_QUANTILES: readonly number[] = Array.from(
  { length: PRICE_MAP_CLASSES - 1 },
  (_, index) => (index + 1) / PRICE_MAP_CLASSES,
);

/**
 * The boundaries between the colour classes from the raw quantiles (PRICE_MAP_SCALE_QUANTILES of
 * the shown figures, in the visitor's currency): rounded to two digits, each higher than the one
 * before (equal ones are dropped, so few distinct figures make fewer classes). Class i holds
 * values from boundary i-1 (inclusive) up to boundary i (exclusive).
 */
export function niceScaleBreaks(quantiles: readonly number[]): number[] {
  const breaks: number[] = [];
  for (const raw of quantiles) {
    const rounded = roundToTwoDigits(raw);
    if (rounded > 0 && (breaks.length === 0 || rounded > breaks[breaks.length - 1]!)) breaks.push(rounded);
  }
  return breaks;
}

/** The class boundaries of a set of figures (the API takes the quantiles in SQL instead). */
export function priceScaleBreaks(values: readonly number[]): number[] {
  if (values.length === 0) return [];
  return niceScaleBreaks(PRICE_MAP_SCALE_QUANTILES.map((q) => quantileOf(values, q) as number));
}

/** The colour class (0 .. breaks.length) of a value. */
export function priceClassOf(value: number, breaks: readonly number[]): number {
  let index = 0;
  while (index < breaks.length && value >= breaks[index]!) index += 1;
  return index;
}
