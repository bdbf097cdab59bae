import { type Db, exchangeRates, offers, properties } from '@estately/db';
import { type MediaStorage, variantUrls } from '@estately/db/storage';
import {
  CURRENCIES,
  type Currency,
  convertPrice,
  DEFAULT_CURRENCY,
  DEFAULT_RATES,
  type ExchangeRates,
  FEATURED_LIMIT,
  type OfferCard,
  type PhotoVariants,
} from '@estately/domain';
import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';

export interface ListFeaturedPropertiesOptions {
  db: Db;
  /** Currency the prices are converted into (spec 9: default CZK). */
  currency?: Currency;
  /** Turns stored photo keys into absolute URLs (the local folder under PUBLIC_API_URL/media, or object storage). */
  storage: MediaStorage;
  limit?: number;
}

/**
 * CZK per unit of each currency from the exchange_rates table. A currency missing from the
 * table falls back to the built-in starting rate, so a fresh database still shows prices.
 */
export async function loadExchangeRates(db: Db): Promise<ExchangeRates> {
  const rows = await db
    .select({ currency: exchangeRates.currency, rate: exchangeRates.rateToCzk })
    .from(exchangeRates);
  const rates: Record<Currency, number> = { ...DEFAULT_RATES.rates };
  for (const row of rows) {
    const rate = Number(row.rate);
    if ((CURRENCIES as readonly string[]).includes(row.currency) && rate > 0)
      rates[row.currency as Currency] = rate;
  }
  rates.CZK = 1;
  return { base: 'CZK', rates };
}

/** The price in `to`, or null when it cannot be converted (no usable rate). */
function convertedPrice(amount: number, from: Currency, to: Currency, rates: ExchangeRates): number | null {
  try {
    return convertPrice(amount, from, to, rates);
  } catch {
    return null;
  }
}

/**
 * GET /properties (spec 7): the newest published public offers, newest first, as cards with
 * prices in the asked currency. Reads the offer read model; the join to `properties` keeps a
 * property that left the active state (or was struck) out even before its offer row is removed.
 */
export async function listFeaturedProperties(options: ListFeaturedPropertiesOptions): Promise<OfferCard[]> {
  const { db, storage, currency = DEFAULT_CURRENCY, limit = FEATURED_LIMIT } = options;
  const [rows, rates] = await Promise.all([
    db
      .select({
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
      })
      .from(offers)
      .innerJoin(properties, eq(properties.id, offers.id))
      .where(and(isNotNull(offers.publishedAt), eq(properties.state, 'active'), isNull(properties.struckAt)))
      .orderBy(desc(offers.publishedAt), desc(offers.id))
      .limit(limit),
    loadExchangeRates(db),
  ]);

  return rows.map((row): OfferCard => {
    const originalCurrency = row.currency as Currency;
    const originalPrice = row.price === null ? null : Number(row.price);
    return {
      id: row.id,
      activated_at: row.activatedAt.toISOString(),
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
  });
}
