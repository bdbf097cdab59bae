import { offers } from '@estately/db';
import { type MediaStorage, variantUrls } from '@estately/db/storage';
import {
  type Currency,
  type ExchangeRates,
  type OfferCard,
  type PhotoVariants,
  recentReductionPercent,
} from '@estately/domain';
import { type SQL, sql } from 'drizzle-orm';
import { convertedPrice } from './exchange-rates.ts';

/**
 * The read-model columns an offer card needs (featured list, search results, favourites):
 * pass to `db.select(offerCardColumns)` and map each row with `toOfferCard`.
 */
export const offerCardColumns = {
  id: offers.id,
  activatedAt: offers.activatedAt,
  offerType: offers.offerType,
  propertyType: offers.propertyType,
  price: offers.price,
  currency: offers.currency,
  priceVariant: offers.priceVariant,
  rentPricePeriod: offers.rentPricePeriod,
  disposition: offers.disposition,
  layout: offers.layout,
  usefulAreaMeters: offers.usefulAreaMeters,
  street: offers.street,
  city: offers.city,
  cityPart: offers.cityPart,
  countryCode: offers.countryCode,
  latitude: offers.latitude,
  longitude: offers.longitude,
  locale: offers.locale,
  sellerType: offers.sellerType,
  isVerified: offers.isVerified,
  isTopOffer: offers.isTopOffer,
  photosCount: offers.photosCount,
  mainPhotoId: offers.mainPhotoId,
  mainPhotoVariants: offers.mainPhotoVariants,
  mainPhotoRoomType: offers.mainPhotoRoomType,
  isReserved: offers.isReserved,
  isPriceReduced: offers.isPriceReduced,
  publishedAt: offers.publishedAt,
  priceReducedPercent: offers.priceReducedPercent,
  priceReducedAt: offers.priceReducedAt,
  isUnconfirmed: offers.isUnconfirmed,
  groupOffers: offers.groupOffers,
  groupSellers: offers.groupSellers,
};

const CARD_KEYS = Object.keys(offerCardColumns) as (keyof typeof offerCardColumns)[];

/**
 * The cards of the offers matching `where`, as one JSON text (null for none): an array per
 * offer of the `offerCardColumns` in their order, mapped back with `cardRowsOfJson`. A page of
 * cards read this way is one value for the driver to decode and one `JSON.parse`, where 25 rows
 * of 25 columns cost more in the driver and the row mapping than the statement did
 * (search-offers.ts). Arrays rather than objects: naming every field cost PostgreSQL as much as
 * the rest of the statement.
 */
export function offerCardsJson(where: SQL): SQL<string | null> {
  const columns = CARD_KEYS.map((key) => sql`${offerCardColumns[key]}`);
  return sql<string | null>`(select json_agg(json_build_array(${sql.join(columns, sql`, `)}))::text
    from ${offers} where ${where})`;
}

/**
 * The rows of `offerCardsJson`: JSON gives every column its JavaScript value (numbers, text,
 * booleans, the photo variants) but the activation, publication and reduction times, ISO texts with their offset.
 */
export function cardRowsOfJson(text: string | null): OfferCardRow[] {
  if (text === null) return [];
  return (JSON.parse(text) as unknown[][]).map(cardRowOfValues);
}

/**
 * One row of `offerCardsJson`, built as one object literal (one shape for every row: a row
 * filled key by key in a loop cost as much as parsing the JSON). The positions follow
 * `offerCardColumns`; offer-card.test.ts checks the two agree.
 */
export function cardRowOfValues(v: unknown[]): OfferCardRow {
  return {
    id: v[0],
    activatedAt: new Date(v[1] as string),
    offerType: v[2],
    propertyType: v[3],
    price: v[4],
    currency: v[5],
    priceVariant: v[6],
    rentPricePeriod: v[7],
    disposition: v[8],
    layout: v[9],
    usefulAreaMeters: v[10],
    street: v[11],
    city: v[12],
    cityPart: v[13],
    countryCode: v[14],
    latitude: v[15],
    longitude: v[16],
    locale: v[17],
    sellerType: v[18],
    isVerified: v[19],
    isTopOffer: v[20],
    photosCount: v[21],
    mainPhotoId: v[22],
    mainPhotoVariants: v[23],
    mainPhotoRoomType: v[24],
    isReserved: v[25],
    isPriceReduced: v[26],
    publishedAt: v[27] === null ? null : new Date(v[27] as string),
    priceReducedPercent: v[28],
    priceReducedAt: v[29] === null ? null : new Date(v[29] as string),
    isUnconfirmed: v[30],
    groupOffers: v[31],
    groupSellers: v[32],
  } as OfferCardRow;
}

export interface OfferCardRow {
  id: number;
  activatedAt: Date;
  offerType: string;
  propertyType: string;
  price: number | null;
  currency: string;
  priceVariant: string;
  rentPricePeriod: string | null;
  disposition: string | null;
  layout: string | null;
  usefulAreaMeters: number | null;
  street: string | null;
  city: string;
  cityPart: string | null;
  countryCode: string;
  latitude: number;
  longitude: number;
  locale: string;
  sellerType: string;
  isVerified: boolean;
  isTopOffer: boolean;
  photosCount: number;
  mainPhotoId: number | null;
  mainPhotoVariants: Parameters<typeof variantUrls>[1] | null;
  mainPhotoRoomType: string | null;
  isReserved: boolean;
  isPriceReduced: boolean;
  publishedAt: Date | null;
  priceReducedPercent: number | null;
  priceReducedAt: Date | null;
  isUnconfirmed: boolean;
  groupOffers: number | null;
  groupSellers: number | null;
}

export interface OfferCardContext {
  /** Currency the price is shown in (spec 9: default CZK); the seller's price stays in `original_price`. */
  currency: Currency;
  rates: ExchangeRates;
  /** Turns stored photo keys into absolute URLs. */
  storage: MediaStorage;
}

/** A read-model row as the card of the offer contract, the price converted into the asked currency. */
export function toOfferCard(row: OfferCardRow, context: OfferCardContext): OfferCard {
  const { currency, rates, storage } = context;
  const originalCurrency = row.currency as Currency;
  const originalPrice = row.price === null ? null : Number(row.price);
  return {
    id: row.id,
    activated_at: row.activatedAt.toISOString(),
    published_at: row.publishedAt ? row.publishedAt.toISOString() : null,
    offer_type: row.offerType as OfferCard['offer_type'],
    property_type: row.propertyType as OfferCard['property_type'],
    price: originalPrice === null ? null : convertedPrice(originalPrice, originalCurrency, currency, rates),
    currency_iso_code: currency,
    original_price: originalPrice,
    original_currency_iso_code: originalCurrency,
    price_variant: row.priceVariant as OfferCard['price_variant'],
    rent_price_period: row.rentPricePeriod as OfferCard['rent_price_period'],
    disposition: row.disposition as OfferCard['disposition'],
    layout: row.layout,
    useful_area_meters: row.usefulAreaMeters,
    street: row.street,
    city: row.city,
    city_part: row.cityPart,
    country_code: row.countryCode,
    latitude: row.latitude,
    longitude: row.longitude,
    locale: row.locale as OfferCard['locale'],
    seller_type: row.sellerType as OfferCard['seller_type'],
    is_verified: row.isVerified,
    is_top_offer: row.isTopOffer,
    is_reserved: row.isReserved,
    is_price_reduced: row.isPriceReduced,
    // A kept page of cards can outlive the 30 days by as long as it is kept: no write moves it.
    price_reduced_percent: recentReductionPercent(row.priceReducedPercent, row.priceReducedAt),
    not_confirmed_recently: row.isUnconfirmed,
    // The card of a group (decision 068) is its cheapest offer: its price is the group's lowest.
    property_group:
      row.groupOffers !== null && row.groupOffers > 1
        ? { offers: row.groupOffers, sellers: row.groupSellers ?? row.groupOffers }
        : null,
    photos_count: row.photosCount,
    main_photo:
      row.mainPhotoId !== null && row.mainPhotoVariants
        ? {
            id: row.mainPhotoId,
            image_file: variantUrls(storage, row.mainPhotoVariants) as PhotoVariants,
            room_type: row.mainPhotoRoomType,
          }
        : null,
  };
}
