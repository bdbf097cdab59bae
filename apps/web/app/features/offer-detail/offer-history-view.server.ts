import { type Currency, type Locale, type OfferDetail, shownPrice } from '@estately/domain';
import { formatDateLong, formatNumber, formatPrice, translate } from '@estately/i18n';

/** The offer's timeline ready to render (issue 43 point 1, decision 063), every text in the page's locale. */
export interface OfferHistoryView {
  heading: string;
  /** "On the market for 40 days, first listed 12 March 2026"; null without a listing. */
  daysOnMarket: string | null;
  entries: {
    kind: OfferDetail['history'][number]['kind'];
    /** ISO date for `<time datetime>`. */
    dateTime: string;
    date: string;
    text: string;
    /** The seller's own price beside the converted one, when the currencies differ. */
    original: string | null;
  }[];
}

const PRICED_KINDS: readonly OfferDetail['history'][number]['kind'][] = [
  'listed',
  'relisted',
  'price_change',
];

/** A change as a percent in the locale's format, without its sign (the words say which way). */
export function percentText(percent: number, locale: Locale): string {
  return formatNumber(Math.abs(percent) / 100, locale, { style: 'percent', maximumFractionDigits: 1 });
}

/** Formats the detail's `history` for the page, on the server. */
export function offerHistoryView(offer: OfferDetail, locale: Locale): OfferHistoryView | null {
  if (offer.history.length === 0) return null;
  const entries = offer.history.map((entry) => {
    const converted = entry.currency !== null && entry.currency !== entry.original_currency;
    const price =
      entry.price !== null && entry.currency !== null
        ? formatPrice(shownPrice(entry.price, converted), entry.currency, locale)
        : null;
    const original =
      converted && entry.original_price !== null && entry.original_currency !== null
        ? translate(locale, 'offer.history_original', {
            price: formatPrice(entry.original_price, entry.original_currency as Currency, locale),
          })
        : null;
    return {
      kind: entry.kind,
      dateTime: entry.date,
      date: formatDateLong(entry.date, locale),
      text: entryText(entry, price, locale),
      // Only beside a line that names the price (a withdrawal's carries it, but does not say it).
      original: price !== null && PRICED_KINDS.includes(entry.kind) ? original : null,
    };
  });
  return {
    heading: translate(locale, 'offer.history'),
    daysOnMarket:
      offer.days_on_market !== null && offer.first_listed_at
        ? translate(locale, 'offer.days_on_market', {
            days: offer.days_on_market,
            date: formatDateLong(offer.first_listed_at, locale),
          })
        : null,
    entries,
  };
}

function entryText(entry: OfferDetail['history'][number], price: string | null, locale: Locale): string {
  switch (entry.kind) {
    case 'listed':
      return price === null
        ? translate(locale, 'offer.history_listed')
        : translate(locale, 'offer.history_listed_at', { price });
    case 'relisted':
      return price === null
        ? translate(locale, 'offer.history_relisted')
        : translate(locale, 'offer.history_relisted_at', { price });
    case 'price_change': {
      const shown = price ?? translate(locale, 'offer.price_on_request');
      if (entry.change_percent === null || entry.change_percent === 0)
        return translate(locale, 'offer.history_repriced', { price: shown });
      return translate(locale, entry.change_percent < 0 ? 'offer.history_reduced' : 'offer.history_raised', {
        percent: percentText(entry.change_percent, locale),
        price: shown,
      });
    }
    case 'withdrawn':
      return translate(locale, 'offer.history_withdrawn');
    case 'back_on_market':
      return translate(locale, 'offer.history_back_on_market');
    default:
      // reserved, sold, rented: the state's own label.
      return translate(locale, `value.property_state.${entry.kind}`);
  }
}
