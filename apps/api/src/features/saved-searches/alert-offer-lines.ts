import { type Db, offers } from '@estately/db';
import type { variantUrls } from '@estately/db/storage';
import { type Currency, type ExchangeRates, type Locale, offerHeading, shownPrice } from '@estately/domain';
import { formatArea, translateDynamic } from '@estately/i18n';
import { inArray } from 'drizzle-orm';
import { convertedPrice } from '../offers-shared/exchange-rates.ts';

// An offer's line in an alert e-mail (a watch-dog's digest, a favourite's change): its title in
// the reader's language, its price in the reader's currency, its photo. Shared by both runs.

export interface OfferSummary {
  id: number;
  offerType: string;
  propertyType: string;
  disposition: string | null;
  layout: string | null;
  area: number | null;
  street: string | null;
  city: string;
  cityPart: string | null;
  price: number | null;
  currency: string;
  photo: Parameters<typeof variantUrls>[1] | null;
}

/**
 * The offer's title in the e-mail's language, as on its card, then the address: "Prodej bytu 3+1,
 * 74 m², Vinohradská 12, Praha - Vinohrady" (issue 38 point 5: the layout in the reader's words,
 * a maisonette as its own word, not the rooms' "3+KK").
 */
export function offerTitle(offer: OfferSummary, locale: Locale): string {
  const place = [offer.city, offer.cityPart].filter(Boolean).join(' - ');
  const heading = offerHeading(
    {
      offer_type: offer.offerType,
      property_type: offer.propertyType,
      disposition: offer.disposition,
      layout: offer.layout,
    },
    offer.area ? formatArea(Math.round(offer.area), locale) : null,
    (key, values) => translateDynamic(locale, key, values),
  );
  return [heading, offer.street, place].filter(Boolean).join(', ');
}

/** Number formats per locale and currency: building one costs far more than using it. */
const priceFormats = new Map<string, Intl.NumberFormat>();

export function formatPrice(
  offer: OfferSummary,
  locale: Locale,
  currency: Currency,
  rates: ExchangeRates,
): string {
  if (offer.price === null) return '';
  return formatAmount(Number(offer.price), offer.currency as Currency, locale, currency, rates);
}

/** An amount in `priced` as the reader sees it: in `currency` when a rate exists, else as priced. */
export function formatAmount(
  price: number,
  priced: Currency,
  locale: Locale,
  currency: Currency,
  rates: ExchangeRates,
): string {
  // Without a rate for the reader's currency the seller's own price is shown.
  const converted = convertedPrice(price, priced, currency, rates);
  const [amount, shownCurrency] = converted === null ? [price, priced] : [converted, currency];
  // A converted price is an estimate and reads as one: three significant figures (as on the cards).
  const shown = shownPrice(amount, shownCurrency !== priced);
  const key = `${locale}/${shownCurrency}`;
  let format = priceFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: shownCurrency,
      maximumFractionDigits: 0,
    });
    priceFormats.set(key, format);
  }
  return format.format(shown);
}

export async function loadOfferSummaries(db: Db, ids: number[]): Promise<Map<number, OfferSummary>> {
  const summaries = new Map<number, OfferSummary>();
  for (let i = 0; i < ids.length; i += 5000) {
    const rows = await db
      .select({
        id: offers.id,
        offerType: offers.offerType,
        propertyType: offers.propertyType,
        disposition: offers.disposition,
        layout: offers.layout,
        area: offers.usefulAreaMeters,
        street: offers.street,
        city: offers.city,
        cityPart: offers.cityPart,
        price: offers.price,
        currency: offers.currency,
        photo: offers.mainPhotoVariants,
      })
      .from(offers)
      .where(inArray(offers.id, ids.slice(i, i + 5000)));
    for (const row of rows) summaries.set(row.id, row);
  }
  return summaries;
}
