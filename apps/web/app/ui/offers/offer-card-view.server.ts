import { type Locale, layoutMessage, type OfferCard, offerHeading, shownPrice } from '@estately/domain';
import { formatArea, formatPrice, translate, translateDynamic, valueLabel } from '@estately/i18n';
import { propertyDetailPath } from '../../routing/site-paths.ts';
import type { OfferCardView } from './offer-card-view.ts';
import { offerBadges, pricePerAreaText } from './price-per-area.server.ts';

/**
 * Size of the `card` photo variant (640 wide, PHOTO_SIZES of @estately/db storage); the <img>
 * states it so the layout does not shift, and CSS crops any other ratio to 4:3.
 */
export const CARD_PHOTO_WIDTH = 640;
export const CARD_PHOTO_HEIGHT = 480;

/** Photo URLs from the API may be relative to it; the browser then needs its public address. */
export function resolveMediaUrl(url: string, publicApiUrl: string): string {
  if (/^https?:\/\//i.test(url) || url.startsWith('//') || url.startsWith('data:')) return url;
  return `${publicApiUrl}${url.startsWith('/') ? '' : '/'}${url}`;
}

function priceText(offer: OfferCard, locale: Locale): string {
  if (offer.price === null || offer.price_variant === 'on_request') {
    return translate(locale, 'offer.price_on_request');
  }
  // A price converted into the visitor's currency is an estimate: three significant figures.
  const converted = offer.currency_iso_code !== offer.original_currency_iso_code;
  const price = formatPrice(shownPrice(offer.price, converted), offer.currency_iso_code, locale);
  if (offer.offer_type !== 'rent') return price;
  switch (offer.rent_price_period) {
    case 'week':
      return translate(locale, 'offer.price_per_week', { price });
    case 'day':
      return translate(locale, 'offer.price_per_day', { price });
    default:
      // Rent is monthly unless the offer says otherwise.
      return translate(locale, 'offer.price_per_month', { price });
  }
}

/** "Offered by 3 sellers, from 4 800 000 Kč" for the card of a group of offers of one property (decision 068). */
function groupText(offer: OfferCard, locale: Locale): string | null {
  const group = offer.property_group;
  if (!group) return null;
  const price = priceText(offer, locale);
  // One seller's two offers of one flat are not "offered by 1 seller": they say how many offers.
  return group.sellers > 1
    ? translate(locale, 'offer.group_sellers', { count: group.sellers, price })
    : translate(locale, 'offer.group_offers', { count: group.offers, price });
}

/**
 * Texts are formatted on the server, once: the browser hydrates the same strings, so differences
 * between Node's and the browser's Intl data cannot cause hydration mismatches.
 */
export function toOfferCardView(
  offer: OfferCard,
  locale: Locale,
  publicApiUrl: string,
  now: number = Date.now(),
): OfferCardView {
  const words = (key: string, values?: Record<string, string | number>) =>
    translateDynamic(locale, key, values);
  const area = offer.useful_area_meters !== null ? formatArea(offer.useful_area_meters, locale) : null;
  // "Prodej bytu 3+kk, 75 m²": the layout in the reader's words (issue 38 point 5).
  const title = offerHeading(offer, area, words);
  const layoutWords = layoutMessage(offer);
  const layout = layoutWords ? words(layoutWords.key, layoutWords.values) : null;
  // "Praha, Vinohrady"; a city part that only repeats the city name is left out.
  const cityPart = offer.city_part && offer.city_part !== offer.city ? offer.city_part : null;
  const place = cityPart ? `${offer.city}, ${cityPart}` : offer.city;
  const photo = offer.main_photo
    ? {
        src: resolveMediaUrl(offer.main_photo.image_file.card, publicApiUrl),
        avifSrc: offer.main_photo.image_file.card_avif
          ? resolveMediaUrl(offer.main_photo.image_file.card_avif, publicApiUrl)
          : null,
        alt: `${title}, ${place}`,
        width: CARD_PHOTO_WIDTH,
        height: CARD_PHOTO_HEIGHT,
      }
    : null;
  return {
    id: offer.id,
    href: propertyDetailPath(locale, offer.id),
    title,
    price: priceText(offer, locale),
    pricePerArea: pricePerAreaText(offer, locale),
    layout,
    area,
    place,
    seller: valueLabel(locale, 'seller_type', offer.seller_type),
    verified: offer.is_verified,
    stateBadge: offer.is_reserved ? translate(locale, 'value.property_state.reserved') : null,
    badges: offerBadges(offer, locale, now),
    group: groupText(offer, locale),
    photo,
  };
}
