import {
  type Currency,
  INDICATIVE_MORTGAGE_RATES,
  type Locale,
  MORTGAGE_DEFAULTS,
  MORTGAGE_LIMITS,
  monthlyCost,
  monthlyMortgagePayment,
  type OfferDetail,
  shownPrice,
} from '@estately/domain';
import { formatNumber, formatPrice, translate } from '@estately/i18n';

// The offer page's price in context (issue 43 point 6, decision 064): where the price per m²
// stands among comparable offers, and what the offer costs a month: a rent with its fees as
// far as the offer states them, a sale's indicative mortgage payment. Every text in the page's
// locale, built on the server; the mortgage form is a GET of this page, so it works without
// JavaScript.

/** One bar of the distribution: its range and count as text, and the bar's length. */
export interface PriceBarView {
  text: string;
  count: number;
  /** The offer's own price per m² falls in this bar. */
  own: boolean;
}

export interface FairPriceView {
  /** "12 % above the median of 48 comparable offers in Brno"; without a price per m², the median alone. */
  summary: string;
  median: string;
  caption: string;
  bars: PriceBarView[];
  /** The longest bar's count: the others are drawn against it. */
  maxCount: number;
  thisOffer: string;
  note: string;
}

export interface MortgageView {
  payment: string;
  summary: string;
  note: string;
  /** The form's values as typed into it, and its labels. */
  fields: {
    name: 'rate' | 'years' | 'down';
    label: string;
    /** As the query gave it when it was wrong, so the visitor sees what to correct. */
    value: string;
    min: number;
    max: number;
    step: string;
    /** Why the query's value was not used (the payment is at the default then), or null. */
    error: string | null;
  }[];
  submit: string;
}

/** A monthly rent's true cost (decision 074): the total and each part, in the visitor's currency. */
export interface MonthlyCostView {
  heading: string;
  /** "True monthly cost: 22,300 CZK per month". */
  total: string;
  /** Rent, fees and utilities, each stated, included or not stated. */
  parts: string[];
  /** Why the total may be higher (a part is not stated), or null. */
  note: string | null;
  /** That the amounts were converted from the seller's currency, or null. */
  converted: string | null;
}

export interface PriceContextView {
  heading: string;
  fair: FairPriceView | null;
  monthlyCost: MonthlyCostView | null;
  mortgage: { heading: string; view: MortgageView } | null;
}

const perArea = (amount: number, currency: Currency, locale: Locale) =>
  translate(locale, 'offer.price_per_area', { price: formatPrice(amount, currency, locale) });

function fairPriceView(offer: OfferDetail, locale: Locale): FairPriceView | null {
  const fair = offer.fair_price;
  if (!fair) return null;
  const place =
    fair.radius_km === null
      ? translate(locale, 'offer.fair_price_in', { city: fair.locality_name })
      : translate(locale, 'offer.fair_price_within', { km: fair.radius_km, city: fair.locality_name });
  const median = perArea(fair.median_price_per_m2, fair.currency, locale);
  const counted = { count: fair.comparables, place };
  const difference = fair.difference_percent;
  const summary =
    difference === null
      ? translate(locale, 'offer.fair_price_median', { ...counted, price: median })
      : difference === 0
        ? translate(locale, 'offer.fair_price_at', counted)
        : translate(locale, difference > 0 ? 'offer.fair_price_above' : 'offer.fair_price_below', {
            ...counted,
            percent: formatNumber(Math.abs(difference) / 100, locale, { style: 'percent' }),
          });
  const area = offer.useful_area_meters;
  const own =
    offer.price !== null && offer.price_variant !== 'on_request' && area !== null && area >= 1
      ? offer.price / area
      : null;
  const bars = fair.distribution.map((bar, index) => ({
    text: translate(locale, 'offer.fair_price_bar', {
      from: perArea(bar.from, fair.currency, locale),
      to: perArea(bar.to, fair.currency, locale),
      count: bar.count,
    }),
    count: bar.count,
    own:
      own !== null &&
      (own >= bar.from || index === 0) &&
      (own < bar.to || index === fair.distribution.length - 1),
  }));
  return {
    summary,
    median: translate(locale, 'offer.fair_price_median_value', { price: median }),
    caption: translate(locale, 'offer.fair_price_distribution'),
    bars,
    maxCount: Math.max(1, ...bars.map((bar) => bar.count)),
    thisOffer: translate(locale, 'offer.fair_price_this_offer'),
    note: translate(locale, 'offer.fair_price_note'),
  };
}

/** A number of the calculator's query, or the default with why the query's was not used. */
interface QueryNumber {
  value: number;
  /** The query's text when it was not used, else the value as text. */
  shown: string;
  error: string | null;
}

/**
 * A number of the calculator's query within its bounds, else the default, with the reason in
 * the page's locale (the form's validation messages): a crafted or mistyped address still gets
 * a page, and says which value it did not take.
 */
function queryNumber(
  query: URLSearchParams,
  name: string,
  bounds: { min: number; max: number },
  fallback: number,
  locale: Locale,
): QueryNumber {
  const raw = query.get(name)?.trim().replace(',', '.') ?? '';
  const value = raw ? Number(raw) : Number.NaN;
  const wrong = (error: string) => ({ value: fallback, shown: raw, error });
  if (!raw) return { value: fallback, shown: String(fallback), error: null };
  if (!Number.isFinite(value)) return wrong(translate(locale, 'validation.invalid_number'));
  if (value < bounds.min) return wrong(translate(locale, 'validation.number_too_small', { min: bounds.min }));
  if (value > bounds.max) return wrong(translate(locale, 'validation.number_too_large', { max: bounds.max }));
  return { value, shown: String(value), error: null };
}

/**
 * The indicative payment of a priced sale, in the seller's currency and at that currency's
 * indicative rate: a loan is taken where the property is. Rate, term and down payment come
 * from the page's query (`rate`, `years`, `down`) when given and within bounds.
 */
function mortgageView(offer: OfferDetail, locale: Locale, query: URLSearchParams): MortgageView | null {
  if (offer.offer_type !== 'sale' || offer.price_variant === 'on_request' || offer.original_price === null)
    return null;
  if (offer.original_price <= 0) return null;
  const currency = offer.original_currency_iso_code;
  const asked = {
    rate: queryNumber(
      query,
      'rate',
      MORTGAGE_LIMITS.ratePercent,
      INDICATIVE_MORTGAGE_RATES[currency],
      locale,
    ),
    years: queryNumber(query, 'years', MORTGAGE_LIMITS.years, MORTGAGE_DEFAULTS.years, locale),
    down: queryNumber(
      query,
      'down',
      MORTGAGE_LIMITS.downPaymentPercent,
      MORTGAGE_DEFAULTS.downPaymentPercent,
      locale,
    ),
  };
  const rate = asked.rate.value;
  const years = Math.round(asked.years.value);
  const down = asked.down.value;
  const payment = monthlyMortgagePayment({
    price: offer.original_price,
    downPaymentPercent: down,
    ratePercent: rate,
    years,
  });
  const percent = (value: number) =>
    formatNumber(value / 100, locale, { style: 'percent', maximumFractionDigits: 2 });
  return {
    payment: translate(locale, 'offer.price_per_month', {
      price: formatPrice(Math.round(payment), currency, locale),
    }),
    summary: translate(locale, 'offer.mortgage_summary', {
      loan: formatPrice(Math.round(offer.original_price * (1 - down / 100)), currency, locale),
      rate: percent(rate),
      years,
      down: percent(down),
    }),
    note: translate(locale, 'offer.mortgage_note', { currency }),
    fields: [
      {
        name: 'rate',
        label: translate(locale, 'offer.mortgage_rate'),
        value: asked.rate.shown,
        error: asked.rate.error,
        ...MORTGAGE_LIMITS.ratePercent,
        step: '0.01',
      },
      {
        name: 'years',
        label: translate(locale, 'offer.mortgage_years'),
        value: asked.years.error ? asked.years.shown : String(years),
        error: asked.years.error,
        ...MORTGAGE_LIMITS.years,
        step: '1',
      },
      {
        name: 'down',
        label: translate(locale, 'offer.mortgage_down'),
        value: asked.down.shown,
        error: asked.down.error,
        ...MORTGAGE_LIMITS.downPaymentPercent,
        step: '1',
      },
    ],
    submit: translate(locale, 'offer.mortgage_recalculate'),
  };
}

/**
 * A monthly rent's true cost (decision 074): rent plus the fees and utilities the offer states,
 * utilities only when the rent does not include them, each part listed. Converted amounts are
 * added before rounding, so the total is the rounded sum, not a sum of rounded parts. A part
 * whose conversion failed (no rate) counts as not stated rather than as zero.
 */
function monthlyCostView(offer: OfferDetail, locale: Locale): MonthlyCostView | null {
  if (offer.offer_type !== 'rent' || offer.rent_price_period !== 'month' || offer.price === null) return null;
  const converted = offer.currency_iso_code !== offer.original_currency_iso_code;
  const money = (amount: number) =>
    formatPrice(shownPrice(amount, converted), offer.currency_iso_code, locale);
  const cost = monthlyCost({
    rent: offer.price,
    fees: offer.monthly_fees,
    utilities: offer.monthly_utilities,
    utilitiesIncluded: offer.utilities_included,
  });
  const parts = [translate(locale, 'offer.monthly_cost_rent', { price: money(cost.rent) })];
  parts.push(
    cost.fees === null
      ? translate(locale, 'offer.monthly_cost_fees_unstated')
      : translate(locale, 'offer.monthly_cost_fees', { price: money(cost.fees) }),
  );
  parts.push(
    cost.utilitiesIncluded
      ? translate(locale, 'offer.monthly_cost_utilities_included')
      : cost.utilities === null
        ? translate(locale, 'offer.monthly_cost_utilities_unstated')
        : translate(locale, 'offer.monthly_cost_utilities', { price: money(cost.utilities) }),
  );
  const nothingStated = cost.unstated.length === 2;
  return {
    heading: translate(locale, 'offer.monthly_cost'),
    total: translate(locale, 'offer.monthly_cost_total', { price: money(cost.total) }),
    parts,
    note: nothingStated
      ? translate(locale, 'offer.monthly_cost_fees_not_stated')
      : cost.unstated.length > 0
        ? translate(locale, 'offer.monthly_cost_incomplete')
        : null,
    converted: converted
      ? translate(locale, 'offer.monthly_cost_converted', { currency: offer.original_currency_iso_code })
      : null,
  };
}

/** The section's parts for the offer, or null when it has none of them. */
export function priceContextView(
  offer: OfferDetail,
  locale: Locale,
  query: URLSearchParams,
): PriceContextView | null {
  const fair = fairPriceView(offer, locale);
  const monthlyCost = monthlyCostView(offer, locale);
  const mortgage = mortgageView(offer, locale, query);
  if (!fair && !monthlyCost && !mortgage) return null;
  return {
    heading: translate(locale, 'offer.fair_price'),
    fair,
    monthlyCost,
    mortgage: mortgage ? { heading: translate(locale, 'offer.mortgage'), view: mortgage } : null,
  };
}
