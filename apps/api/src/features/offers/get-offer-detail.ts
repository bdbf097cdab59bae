import {
  companyProfiles,
  type Db,
  offers,
  properties,
  propertyEnergyCertificates,
  propertyMedia,
  propertyTrust,
  sellers,
  users,
} from '@estately/db';
import { type MediaStorage, variantUrls } from '@estately/db/storage';
import {
  type Currency,
  companySlug,
  DEFAULT_CURRENCY,
  formatAddress,
  layoutFromRooms,
  type OfferDetail,
  OfferDetailSchema,
  offerPageAnswer,
  offerParameters,
  outcomeShownUntil,
  type PhotoVariants,
  type PropertyState,
  propertyVideoOf,
  type RoomType,
  trustScoreFromPoints,
} from '@estately/domain';
import { and, eq, sql } from 'drizzle-orm';
import { perDatabase } from '../../lib/per-database.ts';
import { logoUrls } from '../companies/company-logo.ts';
import { energyCertificateOf } from '../offers-shared/energy-certificate-view.ts';
import {
  convertedPrice,
  parseJson,
  type RateRow,
  ratesColumn,
  ratesFromRows,
} from '../offers-shared/exchange-rates.ts';
import type { OfferCountCache } from '../search/count-cache.ts';
import { type CountScope, type ReadSnapshot, readVersions } from '../search/read-versions.ts';
import { encodeBody } from '../search/trusted-serializer.ts';
import { getFairPrice, type KeptComparables } from './get-fair-price.ts';
import { offerGroupColumn, offerGroupOf } from './offer-group.ts';
import { offerHistoryColumn, offerHistoryOf } from './offer-history.ts';
import { offerGone, offerNotFound, wasPublicProperty } from './public-offer.ts';

export interface GetOfferDetailOptions {
  db: Db;
  id: number;
  /** Currency of `price` (spec 9: default CZK); `original_price` stays as entered. */
  currency?: Currency;
  storage: MediaStorage;
  /** The fair price's comparable offers kept per group (decision 064); without, read. */
  comparables?: KeptComparables;
}

export interface OfferDetailBodyOptions extends GetOfferDetailOptions {
  /** Encoded details kept while their offer, its accounts and the rates are unchanged. */
  bodies: OfferCountCache;
  /** The fair price's comparable offers of each group, kept under the same counters. */
  comparableGroups: OfferCountCache;
  /** Check each body against its schema (tests). */
  check: boolean;
}

/** A kept detail and the partition whose change counter stamps it. */
interface KeptDetail {
  scope: CountScope;
  body: Buffer;
  /** A sold or rented offer's page ends with time, not with a write (decision 042). */
  shownUntil: number | null;
}

/** A detail's version: its partition's counters, the accounts counter and the rates. */
function detailVersion(snapshot: ReadSnapshot, scope: CountScope): string {
  return `${snapshot.version(scope)}|${snapshot.accounts}|${snapshot.ratesKey}`;
}

/**
 * GET /public/offers/{id} as the UTF-8 JSON the route sends, kept per offer and currency.
 * Everything a detail shows comes from the offer's `offers` row (rewritten with every write to
 * the property, its photos and its state, so its partition's counter moves), the tables whose
 * triggers bump the same counter or the accounts counter (migration 0014), and the rates: while
 * a snapshot shows them unchanged, the body built before is the database's (decision 022).
 */
export async function offerDetailBody(options: OfferDetailBodyOptions): Promise<Buffer> {
  const { bodies, check, db, id, currency = DEFAULT_CURRENCY } = options;
  const snapshot = await readVersions(db).current();
  // Days on market move with the calendar, not with a write: a kept body lasts its UTC day.
  const key = `${id}\n${currency}\n${new Date().toISOString().slice(0, 10)}`;
  const kept = bodies.fresh<KeptDetail>(key, (entry) => detailVersion(snapshot, entry.scope));
  if (kept) {
    if (kept.shownUntil !== null && kept.shownUntil <= Date.now()) throw offerGone();
    return kept.body;
  }
  const detail = await getOfferDetail({
    ...options,
    comparables: { cache: options.comparableGroups, snapshot },
  });
  const scope = {
    offerType: detail.offer_type,
    propertyType: detail.property_type,
    countryCode: detail.country_code,
  };
  const body = encodeBody(OfferDetailSchema, detail, {
    check,
    label: 'GET /public/offers/{id}: the 200 body',
  });
  const shownUntil = detail.state_changed_at ? outcomeShownUntil(new Date(detail.state_changed_at)) : null;
  bodies.put(key, detailVersion(snapshot, scope), { scope, body, shownUntil } satisfies KeptDetail);
  return body;
}

type Detail = OfferDetail;

interface CertificateRow {
  fileName: string;
  bytes: number;
  createdAt: string;
}

interface PhotoRow {
  id: number;
  variants: Parameters<typeof variantUrls>[1];
  isMain: boolean;
  position: number;
  roomType: string | null;
  isFloorPlan: boolean;
}

/**
 * The detail statement, prepared once per database: the offer with its property, creator and
 * seller, its photos in display order and the exchange rates, in one round trip. Prepared
 * (named), PostgreSQL plans it once per connection; planning the five-table statement cost
 * more than running it (0.5 ms against 2.7 ms on the busy benchmark machine).
 */
function detailStatement(db: Db) {
  return (
    db
      .select({
        offer: offers,
        description: properties.description,
        flatSettings: properties.flatSettings,
        monthlyFees: properties.monthlyFees,
        monthlyUtilities: properties.monthlyUtilities,
        utilitiesIncluded: properties.utilitiesIncluded,
        usefulArea: properties.usefulArea,
        usefulAreaUnits: properties.usefulAreaUnits,
        rooms: properties.rooms,
        state: properties.state,
        stateChangedAt: properties.stateChangedAt,
        videoProvider: properties.videoProvider,
        videoId: properties.videoId,
        energyCertificate: sql<CertificateRow | null>`(
        select json_build_object('fileName', ${propertyEnergyCertificates.fileName},
          'bytes', ${propertyEnergyCertificates.bytes}, 'createdAt', ${propertyEnergyCertificates.createdAt})
        from ${propertyEnergyCertificates} where ${propertyEnergyCertificates.propertyId} = ${offers.id})`,
        creator: {
          id: users.id,
          accountType: users.accountType,
          firstName: users.firstName,
          lastName: users.lastName,
          companyName: users.companyName,
          verified: users.verified,
          profilePicturePath: users.profilePicturePath,
          createdAt: users.createdAt,
          replyThreads: users.replyThreads,
          replyRatePercent: users.replyRatePercent,
          replyMedianMinutes: users.replyMedianMinutes,
          rating: users.sellerRating,
          ratingCount: users.sellerRatingCount,
        },
        // The trust signals kept with the offer's last write (decision 066): no work per request.
        trustPoints: propertyTrust.points,
        company: { name: companyProfiles.name, logoKey: companyProfiles.logoKey },
        seller: {
          id: sellers.id,
          sellerType: sellers.sellerType,
          name: sellers.name,
          website: sellers.website,
          logoKey: sellers.logoKey,
          countryCode: sellers.countryCode,
          rating: sellers.rating,
          ratingCount: sellers.ratingCount,
          trustScore: sellers.trustScore,
          isVerified: sellers.isVerified,
        },
        photos: sql<PhotoRow[] | null>`(
        select json_agg(json_build_object(
          'id', ${propertyMedia.id}, 'variants', ${propertyMedia.variants}, 'isMain', ${propertyMedia.isMain},
          'position', ${propertyMedia.position}, 'roomType', ${propertyMedia.roomType},
          'isFloorPlan', ${propertyMedia.isFloorPlan}
        ) order by ${propertyMedia.position}, ${propertyMedia.id})
        from ${propertyMedia} where ${propertyMedia.propertyId} = ${offers.id} and ${propertyMedia.status} = 'ready')`,
        rates: ratesColumn(),
        history: offerHistoryColumn(),
        group: offerGroupColumn(),
      })
      .from(offers)
      .innerJoin(properties, eq(properties.id, offers.id))
      .innerJoin(users, eq(users.id, properties.ownerId))
      .leftJoin(sellers, eq(sellers.id, properties.sellerId))
      .leftJoin(companyProfiles, eq(companyProfiles.userId, users.id))
      .leftJoin(propertyTrust, eq(propertyTrust.propertyId, offers.id))
      // Every offer that was public once: its state decides 200 or 410 (decision 042).
      .where(and(eq(offers.id, sql.placeholder('id')), wasPublicProperty()))
      .limit(1)
      .prepare('offer_detail')
  );
}

const preparedDetail = perDatabase(detailStatement);

/**
 * GET /public/offers/{id} (spec 7): every field of spec 3 "Property / offer detail" with the
 * derived layout, address and parameter list. Searchable values come from the read model
 * (`offers`), what only the detail shows (description, flat settings, area as entered, rooms)
 * from `properties`; photos in display order. Throws not_found for an unknown, draft or
 * struck offer, gone for one its state no longer shows (OFFER_VISIBILITY, decision 042).
 */
export async function getOfferDetail(options: GetOfferDetailOptions): Promise<OfferDetail> {
  const { db, id, storage, currency = DEFAULT_CURRENCY } = options;
  const rows = await preparedDetail(db).execute({ id });
  const row = rows[0];
  if (!row) throw offerNotFound();
  const state = row.state as PropertyState;
  const answer = offerPageAnswer(state, row.stateChangedAt);
  if (answer === 'gone') throw offerGone();
  if (answer === 'not_found') throw offerNotFound();

  const { offer, creator, seller } = row;
  const photos = parseJson<PhotoRow[] | null>(row.photos) ?? [];
  const certificate = parseJson<CertificateRow | null>(row.energyCertificate);
  const rates = ratesFromRows(parseJson<RateRow[] | null>(row.rates) ?? []);
  const originalCurrency = offer.currency as Currency;
  const originalPrice = offer.price === null ? null : Number(offer.price);
  const rooms = row.rooms as RoomType[];
  const fields = {
    ownership: offer.ownership as Detail['ownership'],
    reconstruction: offer.reconstruction as Detail['reconstruction'],
    penb: offer.penb as Detail['penb'],
    type_of_building: offer.typeOfBuilding as Detail['type_of_building'],
    type_of_heating: offer.typeOfHeating as Detail['type_of_heating'],
    furnishings: offer.furnishings as Detail['furnishings'],
    floor: offer.floor,
    total_floors: offer.totalFloors,
  };
  // Comparable offers share the offer's partition, whose counter stamps the kept detail and the
  // kept comparables of the offer's group: a change among them renews both (decision 064).
  const fairPrice = await getFairPrice({
    db,
    base: {
      id: offer.id,
      offerType: offer.offerType,
      propertyType: offer.propertyType,
      countryCode: offer.countryCode,
      city: offer.city,
      disposition: offer.disposition,
      priceNormalized: offer.priceNormalized,
      usefulAreaMeters: offer.usefulAreaMeters,
      priceVariant: offer.priceVariant,
      rentPricePeriod: offer.rentPricePeriod,
      latitude: offer.latitude,
      longitude: offer.longitude,
    },
    currency,
    rates,
    ...(options.comparables ? { kept: options.comparables } : {}),
  });

  return {
    id: offer.id,
    state: state as Detail['state'],
    // Only where the page ends with time: a sold or rented offer (decision 042).
    state_changed_at: state === 'sold' || state === 'rented' ? row.stateChangedAt.toISOString() : null,
    activated_at: offer.activatedAt.toISOString(),
    published_at: offer.publishedAt ? offer.publishedAt.toISOString() : null,
    is_price_reduced: offer.isPriceReduced,
    not_confirmed_recently: offer.isUnconfirmed,
    // The stored figures of the reply roll-up (decision 065): no aggregate per request.
    responsiveness:
      creator.replyRatePercent === null
        ? null
        : {
            conversations: creator.replyThreads,
            reply_rate_percent: creator.replyRatePercent,
            median_reply_minutes: creator.replyMedianMinutes,
          },
    ...offerHistoryOf({
      id: offer.id,
      stored: row.history,
      state,
      listedAt: offer.publishedAt ?? offer.activatedAt,
      price: originalPrice,
      originalCurrency,
      currency,
      rates,
    }),
    property_group: offerGroupOf(row.group, currency, rates),
    fair_price: fairPrice,
    trust: row.trustPoints ? trustScoreFromPoints(row.trustPoints) : null,
    city: offer.city,
    city_part: offer.cityPart,
    country_code: offer.countryCode,
    currency_iso_code: currency,
    original_currency_iso_code: originalCurrency,
    original_price: originalPrice,
    price: originalPrice === null ? null : convertedPrice(originalPrice, originalCurrency, currency, rates),
    price_variant: offer.priceVariant as Detail['price_variant'],
    disposition: offer.disposition as Detail['disposition'],
    flat_settings: row.flatSettings ?? null,
    is_top_offer: offer.isTopOffer,
    top_offer_mutations: offer.topOfferMutations as Detail['top_offer_mutations'],
    latitude: offer.latitude,
    longitude: offer.longitude,
    locale: offer.locale as Detail['locale'],
    offer_types: [offer.offerType as Detail['offer_type']],
    offer_type: offer.offerType as Detail['offer_type'],
    property_type: offer.propertyType as Detail['property_type'],
    street: offer.street,
    zip: offer.zip,
    useful_area: row.usefulArea === null ? null : Number(row.usefulArea),
    useful_area_meters: offer.usefulAreaMeters,
    useful_area_units: row.usefulAreaUnits as Detail['useful_area_units'],
    bathroom: offer.bathrooms,
    description: row.description,
    free_from_date: offer.freeFromDate,
    minimum_rental_period: offer.minimumRentalPeriod,
    ...monthlyAmounts(row, originalCurrency, currency, rates),
    number_of_parking_places: offer.numberOfParkingPlaces,
    other_params: offer.otherParams as Detail['other_params'],
    parking: offer.parking as Detail['parking'],
    rent_price_period: offer.rentPricePeriod as Detail['rent_price_period'],
    room: rooms,
    year_built: offer.yearBuilt,
    tags: offer.tags as Detail['tags'],
    is_verified: offer.isVerified,
    has_floor_plan: offer.hasFloorPlan,
    seller_type: offer.sellerType as Detail['seller_type'],
    ...fields,
    photos: photos.map((photo) => ({
      id: photo.id,
      image_file: variantUrls(storage, photo.variants) as PhotoVariants,
      is_main: photo.isMain,
      position: photo.position,
      room_type: photo.roomType as RoomType | null,
      is_floor_plan: photo.isFloorPlan,
    })),
    video: propertyVideoOf(row.videoProvider, row.videoId),
    energy_certificate: certificate
      ? energyCertificateOf({
          propertyId: offer.id,
          fileName: certificate.fileName,
          bytes: certificate.bytes,
          createdAt: new Date(certificate.createdAt),
        })
      : null,
    creator: {
      id: creator.id,
      account_type: creator.accountType === 'company' ? 'company' : 'person',
      display_name: creatorName(creator),
      email_verified: creator.verified,
      profile_picture_url: creator.profilePicturePath ? storage.url(creator.profilePicturePath) : null,
      member_since: creator.createdAt.toISOString(),
      rating: creator.rating === null ? null : Number(creator.rating),
      rating_count: creator.ratingCount,
    },
    seller: seller
      ? {
          id: seller.id,
          seller_type: seller.sellerType as NonNullable<Detail['seller']>['seller_type'],
          name: seller.name,
          website: seller.website,
          logo_url: seller.logoKey ? storage.url(seller.logoKey) : null,
          country_code: seller.countryCode,
          rating: seller.rating === null ? null : Number(seller.rating),
          rating_count: seller.ratingCount,
          trust_score: seller.trustScore,
          is_verified: seller.isVerified,
        }
      : null,
    company: offerCompany(creator, row.company, storage),
    layout: offer.layout ?? layoutFromRooms(rooms),
    address: formatAddress({ street: offer.street, city: offer.city }),
    parameters: offerParameters(fields).map((parameter) => ({
      key: parameter.key,
      value: parameter.value,
      value_keys: parameter.valueKeys,
    })),
  };
}

/**
 * The monthly amounts beside the rent (decision 074), read from `properties` like the
 * description: the page adds them up, converted into the detail's currency like the price.
 */
function monthlyAmounts(
  row: { monthlyFees: number | null; monthlyUtilities: number | null; utilitiesIncluded: boolean | null },
  from: Currency,
  to: Currency,
  rates: Parameters<typeof convertedPrice>[3],
): Pick<
  Detail,
  | 'monthly_fees'
  | 'monthly_utilities'
  | 'original_monthly_fees'
  | 'original_monthly_utilities'
  | 'utilities_included'
> {
  const converted = (amount: number | null) =>
    amount === null ? null : convertedPrice(amount, from, to, rates);
  return {
    monthly_fees: converted(row.monthlyFees),
    monthly_utilities: converted(row.monthlyUtilities),
    original_monthly_fees: row.monthlyFees,
    original_monthly_utilities: row.monthlyUtilities,
    utilities_included: row.utilitiesIncluded,
  };
}

/**
 * The company of a company account's offer (issue 38 point 12): its profile's name and small
 * logo, else the account's company name; the seller box links to the company page.
 */
function offerCompany(
  creator: { id: number; accountType: string; companyName: string | null },
  profile: { name: string; logoKey: string | null } | null,
  storage: MediaStorage,
): Detail['company'] {
  if (creator.accountType !== 'company') return null;
  const name = (profile?.name ?? creator.companyName ?? '').trim();
  if (!name) return null;
  const logo = logoUrls(storage, profile?.logoKey ?? null);
  return { id: creator.id, name, slug: companySlug(creator.id, name), logo_url: logo?.small ?? null };
}

/**
 * A public name for the publishing account: the company name, else first and last name.
 * Unlike the spec's display name it never falls back to the e-mail, which stays private.
 */
function creatorName(creator: {
  accountType: string;
  companyName: string | null;
  firstName: string | null;
  lastName: string | null;
}): string | null {
  if (creator.accountType === 'company' && creator.companyName?.trim()) return creator.companyName.trim();
  const name = [creator.firstName, creator.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || creator.companyName?.trim() || null;
}
