import type { Currency, Locale, OfferDetail } from '@estately/domain';
import { translate, valueLabel } from '@estately/i18n';
import { propertyDetailPath } from '../../routing/site-paths.ts';

/** Every offer of the same property (decision 068), ready to render in the page's locale. */
export interface PropertyGroupView {
  heading: string;
  note: string;
  offers: {
    id: number;
    /** Null for the offer on the page: it is not linked to itself. */
    href: string | null;
    seller: string;
    price: string;
    /** "This offer" beside the page's own offer, else null. */
    current: string | null;
  }[];
}

/** The detail's `property_group` for the page; null for an offer alone. `price` formats an amount as the page's price. */
export function propertyGroupView(
  offer: OfferDetail,
  locale: Locale,
  price: (amount: number | null, currency: Currency) => string,
): PropertyGroupView | null {
  if (offer.property_group.length < 2) return null;
  return {
    heading: translate(locale, 'offer.group_heading', { count: offer.property_group.length }),
    note: translate(locale, 'offer.group_note'),
    offers: offer.property_group.map((item) => ({
      id: item.id,
      href: item.id === offer.id ? null : propertyDetailPath(locale, item.id),
      seller: item.seller_name ?? valueLabel(locale, 'seller_type', item.seller_type),
      price: price(item.price, offer.currency_iso_code),
      current: item.id === offer.id ? translate(locale, 'offer.group_this_offer') : null,
    })),
  };
}
