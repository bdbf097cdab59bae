import type { Locale, OfferCard } from '@estately/domain';
import { formatArea, formatPrice, translate } from '@estately/i18n';
import { propertyDetailPath } from '../../routing/site-paths.ts';
import type { OfferCardView } from './offer-card-view.ts';

/** Size of the `card` photo variant; the <img> states it so the layout does not shift. */
export const CARD_PHOTO_WIDTH = 480;
export const CARD_PHOTO_HEIGHT = 360;

/** Photo URLs from the API may be relative to it; the browser then needs its public address. */
export function resolveMediaUrl(url: string, publicApiUrl: string): string {
  if (/^https?:\/\//i.test(url) || url.startsWith('//') || url.startsWith('data:')) return url;
  return `${publicApiUrl}${url.startsWith('/') ? '' : '/'}${url}`;
}

function priceText(offer: OfferCard, locale: Locale): string {
  if (offer.price === null || offer.price_variant === 'on_request') {
    return translate(locale, 'offer.price_on_request');
  }
  const price = formatPrice(offer.price, offer.currency_iso_code, locale);
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

/**
 * Texts are formatted on the server, once: the browser hydrates the same strings, so differences
 * between Node's and the browser's Intl data cannot cause hydration mismatches.
 */
export function toOfferCardView(offer: OfferCard, locale: Locale, publicApiUrl: string): OfferCardView {
  const title = translate(locale, `offer.title.${offer.offer_type}_${offer.property_type}`);
  const place = [offer.city, offer.city_part].filter((part) => part && part !== offer.city).join(', ');
  const photo = offer.main_photo
    ? {
        src: resolveMediaUrl(offer.main_photo.image_file.card, publicApiUrl),
        alt: `${title}, ${[offer.layout, place].filter(Boolean).join(', ')}`,
        width: CARD_PHOTO_WIDTH,
        height: CARD_PHOTO_HEIGHT,
      }
    : null;
  return {
    id: offer.id,
    href: propertyDetailPath(locale, offer.id),
    title,
    price: priceText(offer, locale),
    layout: offer.layout,
    area: offer.useful_area_meters !== null ? formatArea(offer.useful_area_meters, locale) : null,
    place,
    verified: offer.is_verified,
    top: offer.is_top_offer,
    photo,
  };
}
