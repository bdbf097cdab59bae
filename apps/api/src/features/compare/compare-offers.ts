import { type Db, offers, properties, propertyTrust } from '@estately/db';
import type { MediaStorage } from '@estately/db/storage';
import {
  type CompareOffer,
  type CompareResponse,
  type Currency,
  DEFAULT_CURRENCY,
  haversineKm,
  type LatLng,
} from '@estately/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { loadExchangeRates } from '../offers-shared/exchange-rates.ts';
import { isPublicProperty } from '../offers-shared/is-public-property.ts';
import { offerCardColumns, toOfferCard } from '../offers-shared/offer-card.ts';

/**
 * GET /public/offers/compare (issue 44 point 4, decision 072): 2-4 public offers side by side in
 * one call, each card with the rows the compare table shows: price per m2 in the asked
 * currency, floor, parameters, energy class, the offer's trust score when one was computed, and
 * with a chosen place the great-circle distance to it. Ids that are not public are named in
 * `missing`, so the page can say which offer left the market.
 */
export async function compareOffers(options: {
  db: Db;
  ids: readonly number[];
  storage: MediaStorage;
  currency?: Currency;
  place?: LatLng;
}): Promise<CompareResponse> {
  const { db, ids, storage, place } = options;
  const currency = options.currency ?? DEFAULT_CURRENCY;
  const [rows, rates] = await Promise.all([
    db
      .select({
        ...offerCardColumns,
        floor: offers.floor,
        totalFloors: offers.totalFloors,
        yearBuilt: offers.yearBuilt,
        ownership: offers.ownership,
        reconstruction: offers.reconstruction,
        typeOfBuilding: offers.typeOfBuilding,
        typeOfHeating: offers.typeOfHeating,
        furnishings: offers.furnishings,
        parking: offers.parking,
        penb: offers.penb,
        otherParams: offers.otherParams,
        trustScore: propertyTrust.score,
      })
      .from(offers)
      .innerJoin(properties, eq(properties.id, offers.id))
      .leftJoin(propertyTrust, eq(propertyTrust.propertyId, offers.id))
      .where(and(inArray(offers.id, [...ids]), eq(offers.isPublic, true), isPublicProperty())),
    loadExchangeRates(db),
  ]);
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  const data: CompareOffer[] = [];
  const missing: number[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (!row) {
      missing.push(id);
      continue;
    }
    const card = toOfferCard(row, { currency, rates, storage });
    const area = card.useful_area_meters;
    data.push({
      ...card,
      price_per_m2: card.price !== null && area !== null && area > 0 ? Math.round(card.price / area) : null,
      floor: row.floor,
      total_floors: row.totalFloors,
      year_built: row.yearBuilt,
      ownership: row.ownership as CompareOffer['ownership'],
      reconstruction: row.reconstruction as CompareOffer['reconstruction'],
      type_of_building: row.typeOfBuilding as CompareOffer['type_of_building'],
      type_of_heating: row.typeOfHeating as CompareOffer['type_of_heating'],
      furnishings: row.furnishings as CompareOffer['furnishings'],
      parking: row.parking as CompareOffer['parking'],
      penb: row.penb as CompareOffer['penb'],
      other_params: row.otherParams as CompareOffer['other_params'],
      trust_score: row.trustScore,
      distance_km: place
        ? Math.round(haversineKm(place, { lat: card.latitude, lng: card.longitude }) * 10) / 10
        : null,
    });
  }
  return { data, missing };
}
