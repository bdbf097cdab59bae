import { layoutMessage, type OfferDetail } from '@estately/domain';

/**
 * schema.org data of an offer for search engines: a RealEstateListing whose offer carries the
 * price in the page's currency and whose subject is the apartment or house with its address.
 * Returned as a JSON string safe inside <script> (no `<` can close the element).
 */
export function offerStructuredData(
  offer: OfferDetail,
  options: { url: string; title: string; photos: string[] },
): string {
  // schema.org counts rooms without kitchens and bathrooms: the layout's room number (3 for a
  // 3+kk), never the length of the room list.
  const rooms = layoutMessage(offer)?.values?.rooms;
  const data = {
    '@context': 'https://schema.org',
    '@type': 'RealEstateListing',
    name: options.title,
    url: options.url,
    datePosted: offer.activated_at,
    description: offer.description ?? undefined,
    image: options.photos.slice(0, 10),
    offers: {
      '@type': 'Offer',
      businessFunction:
        offer.offer_type === 'rent'
          ? 'http://purl.org/goodrelations/v1#LeaseOut'
          : 'http://purl.org/goodrelations/v1#Sell',
      price: offer.price ?? undefined,
      priceCurrency: offer.currency_iso_code,
      availability: 'https://schema.org/InStock',
    },
    about: {
      '@type': offer.property_type === 'house' ? 'SingleFamilyResidence' : 'Apartment',
      floorSize:
        offer.useful_area_meters !== null
          ? { '@type': 'QuantitativeValue', value: offer.useful_area_meters, unitCode: 'MTK' }
          : undefined,
      numberOfRooms: rooms,
      address: {
        '@type': 'PostalAddress',
        streetAddress: offer.street ?? undefined,
        addressLocality: offer.city,
        postalCode: offer.zip ?? undefined,
        addressCountry: offer.country_code,
      },
      geo: { '@type': 'GeoCoordinates', latitude: offer.latitude, longitude: offer.longitude },
    },
  };
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
