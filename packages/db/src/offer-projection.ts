import {
  type Currency,
  DEFAULT_RATES,
  type ExchangeRates,
  layoutFromRooms,
  normalizePrice,
  OFFER_VISIBILITY,
  type PropertyState,
  type RoomType,
} from '@estately/domain';
import type { offers, PhotoVariantsJson, properties } from './schema/index.ts';

// The one way a property becomes its row in the public offer read model (DESIGN 5,
// docs/decisions/012). The seed, the benchmark seed, the test fixtures and the property writes
// (issue 7) all call it, so the searchable values never drift from the property they describe.

/** The property values the read model needs; defaults as the `properties` table declares them. */
export type ProjectedProperty = Pick<
  typeof properties.$inferInsert,
  | 'ownerId'
  | 'sellerId'
  | 'state'
  | 'offerType'
  | 'propertyType'
  | 'price'
  | 'currency'
  | 'priceVariant'
  | 'rentPricePeriod'
  | 'disposition'
  | 'rooms'
  | 'bathrooms'
  | 'usefulAreaMeters'
  | 'floor'
  | 'totalFloors'
  | 'yearBuilt'
  | 'typeOfBuilding'
  | 'typeOfHeating'
  | 'ownership'
  | 'reconstruction'
  | 'furnishings'
  | 'parking'
  | 'numberOfParkingPlaces'
  | 'penb'
  | 'otherParams'
  | 'tags'
  | 'freeFromDate'
  | 'minimumRentalPeriod'
  | 'locale'
  | 'street'
  | 'zip'
  | 'city'
  | 'cityPart'
  | 'countryCode'
  | 'locationId'
  | 'latitude'
  | 'longitude'
  | 'hasFloorPlan'
  | 'isVerified'
  | 'struckAt'
  | 'isTopOffer'
  | 'topOfferMutations'
  | 'publishedAt'
  | 'activatedAt'
  | 'updatedAt'
  | 'availabilityUnconfirmedAt'
> & { id: number };

/** The seller's searchable values; null for an owner selling privately without a seller record. */
export type ProjectedSeller = {
  id: number | null;
  sellerType: string;
  rating: number | null;
  trustScore: number | null;
} | null;

export type ProjectionExtras = {
  /**
   * The owner account's company kind (users.company_kind, issue 42): the seller type of an offer
   * with no seller record, so a company's own offers carry agency, developer or broker.
   */
  companyKind?: string | null;
  /** Photos of the property: how many, and the main one (first by position). */
  photos?: {
    count: number;
    main: { id: number; variants: PhotoVariantsJson; roomType: string | null } | null;
  };
  /** The location and its ancestors (city part, city, country): a location filter matches any. */
  locationPath?: readonly number[];
  /**
   * The offer's own trust score (packages/domain trust-score.ts: verification, completeness,
   * photos, seller rating, reports, account age). The property writes pass it; it then stands
   * in `seller_trust_score` for the trust-score filter instead of the seller's flat score.
   */
  trustScore?: number | null;
  /** The last price change lowered the price (see `lastPriceReduction`): the "reduced" badge and its size. */
  priceReduction?: { percent: number; at: Date } | null;
};

/** One entry of a property's price history (the `price_history` table). */
export interface PriceHistoryEntry {
  price: number | string;
  currency: string;
  changedAt: Date;
}

/**
 * The "reduced" badge of cards and the offer page (issue 39 point 12): the property's last price
 * change lowered the price in the same currency, and visitors could see the higher price, i.e.
 * the change came once the offer was published (a price corrected while still a draft is no
 * reduction; a renewal, which moves `activated_at`, keeps the badge). A change of currency
 * alone is no reduction either. `history` in any order. Answers by how many whole percent (at
 * least 1 for any drop) and when: cards say "reduced by N %" for 30 days from it (decision 063).
 * Migrations 0027 and 0032 apply the same rule to the rows written before them.
 */
export function lastPriceReduction(
  history: readonly PriceHistoryEntry[],
  publishedAt: Date | null | undefined,
): { percent: number; at: Date } | null {
  if (!publishedAt || history.length < 2) return null;
  const ordered = [...history].sort((a, b) => a.changedAt.getTime() - b.changedAt.getTime());
  const last = ordered[ordered.length - 1] as PriceHistoryEntry;
  const before = ordered[ordered.length - 2] as PriceHistoryEntry;
  const [now, then] = [Number(last.price), Number(before.price)];
  if (
    last.changedAt.getTime() < publishedAt.getTime() ||
    last.currency !== before.currency ||
    !(now < then)
  ) {
    return null;
  }
  return { percent: Math.max(1, Math.round(((then - now) / then) * 100)), at: last.changedAt };
}

export type OfferRow = typeof offers.$inferInsert & { id: number; isPublic: boolean };

/**
 * Public search shows an active or reserved, non-struck property that has been activated
 * (spec 4, 6; OFFER_VISIBILITY of decision 042). The read model carries this as `is_public`,
 * so searches never join `properties`; a trigger on `properties` (migrations 0006, 0018)
 * keeps it in step when the state or the strike changes.
 */
export function isPublicProperty(property: Pick<ProjectedProperty, 'state' | 'struckAt' | 'activatedAt'>) {
  const state = (property.state ?? 'draft') as PropertyState;
  return OFFER_VISIBILITY[state].search && !property.struckAt && !!property.activatedAt;
}

/** JS twin of the SQL search_normalize(): lower case, accents removed. */
export function normalizeSearchText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * The offers row of a property. `rates` converts the price into the base currency for
 * cross-currency price filters (price_normalized); a price that cannot be converted is left
 * null rather than guessed.
 */
export function projectOfferRow(
  property: ProjectedProperty,
  seller: ProjectedSeller,
  rates: ExchangeRates = DEFAULT_RATES,
  extras: ProjectionExtras = {},
): OfferRow {
  const rooms = (property.rooms ?? []) as RoomType[];
  const currency = (property.currency ?? 'CZK') as Currency;
  const price = property.price ?? null;
  let priceNormalized: number | null = null;
  if (price !== null) {
    try {
      priceNormalized = normalizePrice(price, currency, rates);
    } catch {
      priceNormalized = null;
    }
  }
  const city = property.city ?? '';
  const main = extras.photos?.main ?? null;
  return {
    id: property.id,
    isPublic: isPublicProperty(property),
    isReserved: property.state === 'reserved',
    isPriceReduced: !!extras.priceReduction,
    priceReducedPercent: extras.priceReduction?.percent ?? null,
    priceReducedAt: extras.priceReduction?.at ?? null,
    ownerId: property.ownerId,
    sellerId: seller?.id ?? property.sellerId ?? null,
    sellerType: seller?.sellerType ?? extras.companyKind ?? 'private',
    sellerRating: seller?.rating ?? null,
    sellerTrustScore: extras.trustScore ?? seller?.trustScore ?? null,
    offerType: property.offerType,
    propertyType: property.propertyType,
    price,
    currency,
    priceNormalized,
    priceVariant: property.priceVariant ?? 'fixed',
    rentPricePeriod: property.rentPricePeriod ?? null,
    disposition: property.disposition ?? null,
    layout: layoutFromRooms(rooms),
    roomTypes: rooms,
    bathrooms: property.bathrooms ?? null,
    usefulAreaMeters: property.usefulAreaMeters ?? null,
    floor: property.floor ?? null,
    totalFloors: property.totalFloors ?? null,
    yearBuilt: property.yearBuilt ?? null,
    typeOfBuilding: property.typeOfBuilding ?? null,
    typeOfHeating: property.typeOfHeating ?? null,
    ownership: property.ownership ?? null,
    reconstruction: property.reconstruction ?? null,
    furnishings: property.furnishings ?? null,
    parking: property.parking ?? null,
    numberOfParkingPlaces: property.numberOfParkingPlaces ?? null,
    penb: property.penb ?? 'unknown',
    otherParams: property.otherParams ?? [],
    tags: property.tags ?? [],
    freeFromDate: property.freeFromDate ?? null,
    minimumRentalPeriod: property.minimumRentalPeriod ?? null,
    locale: property.locale ?? 'cs',
    street: property.street ?? null,
    zip: property.zip ?? null,
    city,
    cityPart: property.cityPart ?? null,
    countryCode: property.countryCode,
    locationId: property.locationId ?? null,
    locationPath: [...(extras.locationPath ?? [])],
    latitude: property.latitude ?? 0,
    longitude: property.longitude ?? 0,
    searchText: normalizeSearchText([property.street, property.cityPart, city].filter(Boolean).join(' ')),
    hasFloorPlan: property.hasFloorPlan ?? false,
    isVerified: property.isVerified ?? false,
    isTopOffer: property.isTopOffer ?? false,
    topOfferMutations: property.topOfferMutations ?? [],
    photosCount: extras.photos?.count ?? 0,
    mainPhotoId: main?.id ?? null,
    mainPhotoVariants: main?.variants ?? null,
    mainPhotoRoomType: main?.roomType ?? null,
    publishedAt: property.publishedAt ?? null,
    // The sort key must exist; a property never activated is not public anyway.
    activatedAt: property.activatedAt ?? property.publishedAt ?? new Date(0),
    updatedAt: property.updatedAt ?? property.activatedAt ?? new Date(0),
    isUnconfirmed: isUnconfirmedProperty(property),
  };
}

/**
 * "Not confirmed recently" (decision 065): the sweep marked the property and no update of its
 * owner came after the mark (an update answers the question as well as the link does).
 */
export function isUnconfirmedProperty(
  property: Pick<ProjectedProperty, 'availabilityUnconfirmedAt' | 'updatedAt'>,
): boolean {
  const mark = property.availabilityUnconfirmedAt;
  if (!mark) return false;
  return !property.updatedAt || property.updatedAt.getTime() <= mark.getTime();
}
