import type { Currency, Locale, OfferCard } from '@estately/domain';
import { formatNumber, formatPrice, translate } from '@estately/i18n';

/**
 * Days an offer counts as new after its first publication: the "new" badge of cards and the
 * offer page (issue 39 point 12). A week, as the big portals mark the week's listings; a
 * renewal moves the offer up the list but does not make it new again (it counts from
 * `published_at`, not `activated_at`).
 */
export const NEW_OFFER_DAYS = 7;

const DAY_MS = 86_400_000;

/** The fields the price per m² and the badges read, on a card and on the offer detail alike. */
export type PricedOffer = Pick<OfferCard, 'offer_type' | 'price' | 'price_variant' | 'useful_area_meters'> & {
  currency_iso_code: Currency;
};

/**
 * The price per square metre in the visitor's currency and locale ("112 000 Kč/m²"), whole
 * units as the converted prices on cards. Only for a sale with a priced area of at least 1 m²:
 * sale prices are compared per m² on every big portal, while a rent's per-m² figure (per month)
 * says little to a tenant and is left out (docs/decisions/049). Null otherwise.
 */
export function pricePerAreaText(offer: PricedOffer, locale: Locale): string | null {
  if (offer.offer_type !== 'sale' || offer.price_variant === 'on_request') return null;
  const area = offer.useful_area_meters;
  if (offer.price === null || offer.price <= 0 || area === null || !(area >= 1)) return null;
  const price = formatPrice(Math.round(offer.price / area), offer.currency_iso_code, locale);
  return translate(locale, 'offer.price_per_area', { price });
}

/** Published within the last `NEW_OFFER_DAYS` days before `now`. */
export function isNewOffer(publishedAt: string | null, now: number): boolean {
  if (!publishedAt) return false;
  const at = Date.parse(publishedAt);
  return Number.isFinite(at) && now - at < NEW_OFFER_DAYS * DAY_MS;
}

/** One badge of a card or the offer heading, its text in the page's locale. */
export interface OfferBadge {
  kind: 'new' | 'reduced' | 'unconfirmed';
  text: string;
}

/**
 * The "new", "reduced" and "not confirmed recently" badges of an offer, in that order (the
 * state badge is apart).
 */
export function offerBadges(
  offer: {
    published_at: string | null;
    is_price_reduced: boolean;
    price_reduced_percent?: number | null;
    not_confirmed_recently?: boolean;
  },
  locale: Locale,
  now: number,
): OfferBadge[] {
  const badges: OfferBadge[] = [];
  if (isNewOffer(offer.published_at, now))
    badges.push({ kind: 'new', text: translate(locale, 'offer.badge_new') });
  // A card says by how much while the reduction is recent (decision 063); the detail and an
  // older reduction keep the plain badge.
  const percent = offer.price_reduced_percent ?? null;
  if (offer.is_price_reduced)
    badges.push({
      kind: 'reduced',
      text:
        percent === null
          ? translate(locale, 'offer.badge_reduced')
          : translate(locale, 'offer.badge_reduced_by', {
              percent: formatNumber(percent / 100, locale, { style: 'percent' }),
            }),
    });
  // The seller left "still available?" unanswered for a week (decision 065).
  if (offer.not_confirmed_recently)
    badges.push({ kind: 'unconfirmed', text: translate(locale, 'offer.badge_unconfirmed') });
  return badges;
}
