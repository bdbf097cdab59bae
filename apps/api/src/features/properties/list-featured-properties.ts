import { type Db, exchangeRates, offers, properties } from '@estately/db';
import {
  CURRENCIES,
  type Currency,
  DEFAULT_CURRENCY,
  type OfferCard,
  type PhotoVariants,
} from '@estately/domain';
import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { mediaUrl } from '../../plugins/app/media.ts';

/** Spec 9: the featured list shows 8 offers. */
export const FEATURED_LIMIT = 8;

export interface ListFeaturedPropertiesOptions {
  db: Db;
  /** Currency the prices are converted into (spec 9: default CZK). */
  currency?: Currency;
  /** Base URL photo keys are resolved against, e.g. `http://localhost:3001` (config.publicApiUrl). */
  publicApiUrl: string;
  limit?: number;
}

/** CZK per unit of each currency, from the exchange_rates table. */
export type RatesToCzk = Partial<Record<Currency, number>>;

export async function loadRatesToCzk(db: Db): Promise<RatesToCzk> {
  const rows = await db
    .select({ currency: exchangeRates.currency, rate: exchangeRates.rateToCzk })
    .from(exchangeRates);
  const rates: RatesToCzk = { CZK: 1 };
  for (const row of rows) {
    if ((CURRENCIES as readonly string[]).includes(row.currency))
      rates[row.currency as Currency] = Number(row.rate);
  }
  return rates;
}

/**
 * Converts an amount between currencies through CZK. Returns null when a rate is unknown,
 * so a card shows no price rather than a wrong one. Rounded to cents.
 */
export function convertAmount(
  amount: number,
  from: Currency,
  to: Currency,
  rates: RatesToCzk,
): number | null {
  if (from === to) return amount;
  const fromRate = rates[from];
  const toRate = rates[to];
  if (!fromRate || !toRate) return null;
  return Math.round(((amount * fromRate) / toRate) * 100) / 100;
}

/** Photo variants are storage keys of the local media folder, or absolute URLs (object storage/CDN). */
function photoUrls(variants: Record<string, string | undefined>, publicApiUrl: string): PhotoVariants {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(variants)) {
    if (typeof value !== 'string' || value === '') continue;
    out[name] = /^https?:\/\//.test(value) ? value : mediaUrl(publicApiUrl, value);
  }
  return out as PhotoVariants;
}

/**
 * GET /properties (spec 7): the newest published public offers, newest first, as cards with
 * prices in the asked currency. Reads the offer read model; the join to `properties` keeps a
 * property that left the active state (or was struck) out even before its offer row is removed.
 */
export async function listFeaturedProperties(options: ListFeaturedPropertiesOptions): Promise<OfferCard[]> {
  const { db, publicApiUrl, currency = DEFAULT_CURRENCY, limit = FEATURED_LIMIT } = options;
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
    loadRatesToCzk(db),
  ]);

  return rows.map((row): OfferCard => {
    const originalCurrency = row.currency as Currency;
    const originalPrice = row.price === null ? null : Number(row.price);
    return {
      id: row.id,
      activated_at: row.activatedAt.toISOString(),
      offer_type: row.offerType as OfferCard['offer_type'],
      property_type: row.propertyType as OfferCard['property_type'],
      price: originalPrice === null ? null : convertAmount(originalPrice, originalCurrency, currency, rates),
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
              image_file: photoUrls(row.mainPhotoVariants, publicApiUrl),
              room_type: row.mainPhotoRoomType,
            }
          : null,
    };
  });
}
