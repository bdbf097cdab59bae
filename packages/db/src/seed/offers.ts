import {
  type CountryCode,
  DEFAULT_RATES,
  type Disposition,
  type EnergyClass,
  layoutFromRooms,
  type OtherParam,
  type RoomType,
  type Tag,
} from '@estately/domain';
import { isPublicProperty, lastPriceReduction, type OfferRow, projectOfferRow } from '../offer-projection.ts';
import type { priceHistory, properties, propertyMedia } from '../schema/index.ts';
import { type CountryMarket, MARKETS } from './countries.ts';
import type { Gazetteer, GazetteerCity, GazetteerLocation } from './gazetteer.ts';
import type { PoolPhoto } from './photo-pool.ts';
import { Random, WeightedTable } from './random.ts';
import { describeOffer, namesFor } from './texts.ts';

// One generated property with everything that hangs off it. Each offer draws from its own
// random stream (seed + index), so offer i is the same whatever the batch size or driver.

export type SellerRef = {
  id: number;
  userId: number;
  sellerType: 'private' | 'developer' | 'agency' | 'broker' | 'other';
  rating: number | null;
  trustScore: number;
  contactIds: number[];
  countryCode: CountryCode;
};

export type GeneratedOffer = {
  property: typeof properties.$inferInsert & { id: number };
  offer: OfferRow | null;
  media: (typeof propertyMedia.$inferInsert)[];
  prices: (typeof priceHistory.$inferInsert)[];
};

const DAY = 86_400_000;

const APARTMENT_DISPOSITIONS: readonly (readonly [Disposition, number])[] = [
  ['1', 14],
  ['2', 30],
  ['3', 28],
  ['4', 14],
  ['5', 5],
  ['6+', 2],
  ['maisonette', 4],
  ['atypical', 3],
];
const HOUSE_DISPOSITIONS: readonly (readonly [Disposition, number])[] = [
  ['2', 3],
  ['3', 15],
  ['4', 32],
  ['5', 28],
  ['6+', 17],
  ['atypical', 5],
];

function roomsCount(d: Disposition, r: Random): number {
  if (d === '6+') return r.int(6, 8);
  if (d === 'maisonette') return r.int(3, 5);
  if (d === 'atypical') return r.int(1, 4);
  return Number(d);
}

export class OfferGenerator {
  private readonly countries: WeightedTable<CountryMarket>;
  private readonly cities = new Map<CountryCode, WeightedTable<GazetteerCity>>();
  private readonly sellersByCountry = new Map<CountryCode, WeightedTable<SellerRef>>();
  private readonly allSellers: WeightedTable<SellerRef>;
  private readonly photos: {
    exteriorHouse: PoolPhoto[];
    exteriorFlat: PoolPhoto[];
    floorPlans: PoolPhoto[];
    rooms: Map<RoomType, PoolPhoto[]>;
    pictures: PoolPhoto[];
  };
  private mediaId = 1;
  private priceId = 1;

  private readonly seed: string;
  private readonly gazetteer: Gazetteer;
  private readonly demoSellers: { person: SellerRef; agency: SellerRef };
  private readonly now: Date;

  constructor(
    seed: string,
    gazetteer: Gazetteer,
    sellers: SellerRef[],
    demoSellers: { person: SellerRef; agency: SellerRef },
    pool: PoolPhoto[],
    now: Date,
  ) {
    this.seed = seed;
    this.gazetteer = gazetteer;
    this.demoSellers = demoSellers;
    this.now = now;
    this.countries = new WeightedTable(MARKETS.map((m) => [m, m.weight] as const));
    for (const [code, list] of gazetteer.cities) {
      if (list.length)
        this.cities.set(code, new WeightedTable(list.map((c) => [c, c.population ** 0.85] as const)));
    }
    const sellerWeight = (s: SellerRef) =>
      ({ agency: 8, developer: 6, broker: 4, private: 1, other: 1 })[s.sellerType];
    const grouped = new Map<CountryCode, SellerRef[]>();
    for (const s of sellers) grouped.set(s.countryCode, [...(grouped.get(s.countryCode) ?? []), s]);
    for (const [code, list] of grouped)
      this.sellersByCountry.set(code, new WeightedTable(list.map((s) => [s, sellerWeight(s)] as const)));
    this.allSellers = new WeightedTable(sellers.map((s) => [s, sellerWeight(s)] as const));
    const rooms = new Map<RoomType, PoolPhoto[]>();
    for (const p of pool)
      if (p.kind === 'room' && p.roomType) rooms.set(p.roomType, [...(rooms.get(p.roomType) ?? []), p]);
    this.photos = {
      exteriorHouse: pool.filter((p) => p.kind === 'house'),
      exteriorFlat: pool.filter((p) => p.kind === 'apartment_building'),
      floorPlans: pool.filter((p) => p.kind === 'floor_plan'),
      rooms,
      pictures: pool.filter((p) => p.kind !== 'floor_plan'),
    };
  }

  generate(index: number): GeneratedOffer {
    const r = new Random(`offer:${this.seed}:${index}`);
    const id = index + 1;
    // The first offers belong to the demo accounts (a private person and an agency, in Czechia).
    const demo = index < 6 ? this.demoSellers.person : index < 30 ? this.demoSellers.agency : null;
    const market = demo ? (MARKETS[0] as CountryMarket) : this.countries.pick(r);
    const cityTable = this.cities.get(market.code);
    if (!cityTable) throw new Error(`no cities for ${market.code}`);
    const city = cityTable.pick(r);
    const part = city.parts.length > 0 && r.bool(0.55) ? r.pick(city.parts) : null;
    const centre: GazetteerLocation = part ?? city;
    const spreadKm = part ? 0.8 : Math.min(8, 0.6 + Math.sqrt(city.population) / 250);
    const latitude = round6(centre.latitude + (r.normal() * spreadKm) / 111.2);
    const longitude = round6(
      centre.longitude + (r.normal() * spreadKm) / (111.2 * Math.cos((centre.latitude * Math.PI) / 180)),
    );
    const seller = demo ?? this.sellersByCountry.get(market.code)?.pick(r) ?? this.allSellers.pick(r);
    const locale = r.weighted(market.locales);

    const offerType = r.bool(seller.sellerType === 'developer' ? 0.9 : 0.62) ? 'sale' : 'rent';
    const propertyType = r.bool(city.population > 200_000 ? 0.82 : 0.55) ? 'apartment' : 'house';
    const isFlat = propertyType === 'apartment';
    const drawn = r.weighted(isFlat ? APARTMENT_DISPOSITIONS : HOUSE_DISPOSITIONS);
    const n = roomsCount(drawn, r);
    const separateKitchen = r.bool(isFlat ? 0.4 : 0.75);
    const bathrooms = n >= 4 && r.bool(0.5) ? 2 : 1;
    // Spaces beside the living rooms. The spec's layout counts every room but kitchen,
    // bathroom and toilet (spec 3), so these count too: the living rooms make up the rest,
    // and a numeric disposition is the derived count, so "3" never shows as "4+KK".
    const spaces: RoomType[] = [];
    if (isFlat && r.bool(0.45)) spaces.push('balcony');
    if (r.bool(isFlat ? 0.12 : 0.5)) spaces.push('terrace');
    if (r.bool(isFlat ? 0.4 : 0.3)) spaces.push('cellar');
    if (r.bool(0.2)) spaces.push('cloakroom');
    if (r.bool(0.08)) spaces.push('chamber');
    if (!isFlat && r.bool(0.15)) spaces.push('canteen');
    const livingRooms = Math.max(1, n - spaces.length);
    const rooms: RoomType[] = ['living_room'];
    for (let i = 1; i < livingRooms; i++) rooms.push(i === 3 && r.bool(0.4) ? 'kids_room' : 'bedroom');
    if (separateKitchen) rooms.push('kitchen');
    for (let i = 0; i < bathrooms; i++) rooms.push('bathroom');
    if (r.bool(0.6)) rooms.push('toilet');
    rooms.push(...spaces);
    const counted = livingRooms + spaces.length;
    const disposition: Disposition =
      drawn === 'maisonette' || drawn === 'atypical'
        ? drawn
        : counted >= 6
          ? '6+'
          : (String(counted) as Disposition);

    const area = Math.round(Math.max(18, (isFlat ? 22 + 21 * n : 70 + 28 * n) * Math.exp(r.normal() * 0.15)));
    const reconstruction = r.weighted([
      ['after_reconstruction', 28],
      ['partial_reconstruction', 15],
      ['original_state', 20],
      ['new_building', 22],
      ['insulated', 10],
      ['other', 5],
    ] as const);
    const newBuilding = reconstruction === 'new_building';
    const typeOfBuilding = newBuilding
      ? r.weighted([
          ['brick', 50],
          ['skeletal', 25],
          ['aerated_concrete', 15],
          ['wooden_building', 5],
          ['mixed', 5],
        ] as const)
      : isFlat
        ? r.weighted([
            ['brick', 45],
            ['panel', 35],
            ['skeletal', 6],
            ['mixed', 7],
            ['stonework', 3],
            ['other', 4],
          ] as const)
        : r.weighted([
            ['brick', 60],
            ['aerated_concrete', 12],
            ['wooden_building', 10],
            ['stonework', 8],
            ['mixed', 7],
            ['other', 3],
          ] as const);
    const nowYear = this.now.getUTCFullYear();
    const yearBuilt = newBuilding
      ? r.int(nowYear - 3, nowYear + 1)
      : typeOfBuilding === 'panel'
        ? r.int(1960, 1992)
        : r.int(1890, nowYear - 4);
    const totalFloors = isFlat
      ? r.weighted([
          [3, 10],
          [4, 15],
          [5, 15],
          [6, 12],
          [8, 12],
          [12, 8],
          [2, 5],
        ] as const) + (typeOfBuilding === 'panel' ? r.int(0, 5) : 0)
      : r.int(1, 3);
    const floor = isFlat ? (disposition === 'maisonette' ? totalFloors - 1 : r.int(0, totalFloors)) : null;
    const typeOfHeating = r.weighted([
      ['central_remote', isFlat ? 35 : 3],
      ['gas', 25],
      ['electric', 8],
      ['solid_fuel_stove', isFlat ? 1 : 8],
      ['floor', 6],
      ['heat_pump', newBuilding ? 30 : 8],
      ['fireplace', isFlat ? 1 : 4],
      ['condensing_boiler', 10],
      ['infrafolia', 2],
      ['other', 2],
    ] as const);
    const penb: EnergyClass = newBuilding
      ? r.weighted([
          ['a', 35],
          ['b', 50],
          ['c', 15],
        ] as const)
      : r.weighted([
          ['b', 8],
          ['c', 22],
          ['d', 20],
          ['e', 12],
          ['f', 6],
          ['g', 8],
          ['unknown', 24],
        ] as const);
    const otherParams = r.subset<OtherParam>([
      ['loggia', isFlat ? 0.2 : 0.02],
      ['lift', isFlat ? (totalFloors >= 5 ? 0.85 : 0.3) : 0],
      ['garage', isFlat ? 0.12 : 0.55],
      ['private_parking', isFlat ? 0.25 : 0.6],
      ['internet', 0.6],
      ['clima', newBuilding ? 0.45 : 0.12],
      ['garden', isFlat ? 0.04 : 0.85],
      ['barrier_free', newBuilding ? 0.5 : 0.08],
      ['swimming_pool', isFlat ? 0.01 : 0.08],
    ]);
    const tags = r.subset<Tag>([
      ['bazen', otherParams.includes('swimming_pool') ? 0.9 : 0],
      ['klimatizace', otherParams.includes('clima') ? 0.7 : 0],
      ['penthouse', isFlat && floor === totalFloors ? 0.3 : 0],
      ['sauna', isFlat ? 0.02 : 0.1],
      ['vana', 0.35],
      ['vyhled', 0.15],
      ['elektromobil', newBuilding ? 0.25 : 0.03],
      ['rekuperace', newBuilding ? 0.4 : 0.03],
      ['recepce', isFlat && newBuilding ? 0.05 : 0],
    ]);
    const furnishings = r.weighted([
      ['equipped', offerType === 'rent' ? 45 : 15],
      ['partially_equipped', 35],
      ['not_equipped', offerType === 'rent' ? 15 : 45],
      ['other', 5],
    ] as const);
    const hasParking = otherParams.includes('garage') || otherParams.includes('private_parking');
    const parking = hasParking
      ? otherParams.includes('garage')
        ? 'garage'
        : r.pick(['parking_slot', 'parking_place'] as const)
      : null;
    const ownership =
      offerType === 'sale'
        ? r.weighted([
            ['personal', 78],
            ['cooperative', market.code === 'CZ' ? 15 : 3],
            ['shared_ownership', 4],
            ['other', 3],
          ] as const)
        : r.weighted([
            ['personal', 90],
            ['cooperative', 5],
            ['other', 5],
          ] as const);

    // Price: the country's big-city level, scaled down for smaller cities, by condition and type.
    const largest = this.gazetteer.cities.get(market.code)?.[0]?.population ?? city.population;
    const sizeFactor = clamp(
      0.55 + 0.45 * (Math.log(city.population / 1000) / Math.log(Math.max(2, largest / 1000))),
      0.5,
      1,
    );
    const conditionFactor = newBuilding
      ? 1.18
      : reconstruction === 'original_state'
        ? 0.82
        : reconstruction === 'after_reconstruction'
          ? 1.05
          : 1;
    const typeFactor = isFlat ? 1 : 0.72;
    const noise = Math.exp(r.normal() * 0.14);
    const perM2 =
      (offerType === 'sale' ? market.saleM2 : market.rentM2) *
      sizeFactor *
      conditionFactor *
      typeFactor *
      noise;
    const rentPricePeriod =
      offerType === 'rent'
        ? r.weighted([
            ['month', 96],
            ['week', 3],
            ['day', 1],
          ] as const)
        : null;
    let price = perM2 * area;
    if (rentPricePeriod === 'week') price /= 4.3;
    if (rentPricePeriod === 'day') price /= 22;
    price = roundNice(price, market.currency);
    const priceVariant = r.weighted([
      ['fixed', 82],
      ['negotiable', 13],
      ['on_request', 3],
      ['auction', 2],
    ] as const);

    // Life cycle: most offers are active; struck ones stay out of the public read model.
    const state = r.weighted([
      ['active', 91],
      ['paused', 3],
      ['reserved', 2],
      [offerType === 'sale' ? 'sold' : 'rented', 2],
      ['draft', 1.5],
      ['archived', 0.5],
    ] as const);
    const createdAt = new Date(this.now.getTime() - r.int(1, 540) * DAY - r.int(0, DAY - 1));
    // Publication follows creation by up to two days, but never lies in the future.
    const publishedAt =
      state === 'draft'
        ? null
        : new Date(Math.min(this.now.getTime() - 60_000, createdAt.getTime() + r.int(0, 2 * DAY)));
    const activatedAt =
      publishedAt && r.bool(0.15)
        ? new Date(Math.min(this.now.getTime() - 60_000, publishedAt.getTime() + r.int(1, 60) * DAY))
        : publishedAt;
    const struck = state === 'active' && r.bool(0.004);
    const isVerified = seller.sellerType !== 'private' ? r.bool(0.5) : r.bool(0.15);
    const hasFloorPlan = r.bool(isFlat ? 0.45 : 0.35) && this.photos.floorPlans.length > 0;
    const isTopOffer = r.bool(0.04);
    const names = namesFor(market.code);
    const street = r.bool(0.9) ? `${r.pick(names.streets)} ${r.int(1, 180)}` : null;
    const cityName = city.name;
    const cityPart = part?.name ?? null;

    const description = describeOffer(
      locale,
      {
        offerType,
        propertyType,
        layout: layoutFromRooms(rooms),
        area,
        city: cityName,
        cityPart,
        floor,
        totalFloors: isFlat ? totalFloors : null,
        otherParams,
        newBuilding,
        furnished: furnishings === 'equipped',
      },
      r,
    );

    const property: GeneratedOffer['property'] = {
      id,
      ownerId: seller.userId,
      sellerId: seller.id,
      contactId: r.pick(seller.contactIds),
      state,
      offerType,
      propertyType,
      price,
      currency: market.currency,
      priceVariant,
      rentPricePeriod,
      disposition,
      rooms,
      bathrooms,
      usefulArea: area,
      usefulAreaUnits: 'm2',
      usefulAreaMeters: area,
      floor,
      totalFloors,
      yearBuilt,
      typeOfBuilding,
      typeOfHeating,
      ownership,
      reconstruction,
      furnishings,
      parking,
      numberOfParkingPlaces: parking
        ? r.weighted([
            [1, 80],
            [2, 18],
            [3, 2],
          ] as const)
        : null,
      penb,
      otherParams,
      tags,
      freeFromDate: r.bool(0.5) ? isoDate(new Date(this.now.getTime() + r.int(-30, 120) * DAY)) : null,
      minimumRentalPeriod:
        offerType === 'rent'
          ? r.weighted([
              [null, 30],
              [6, 20],
              [12, 45],
              [24, 5],
            ] as const)
          : null,
      description,
      locale,
      street,
      zip: zipFor(market.code, r),
      city: cityName,
      cityPart,
      countryCode: market.code,
      locationId: centre.id,
      latitude,
      longitude,
      hasFloorPlan,
      isVerified,
      verifiedAt: isVerified ? createdAt : null,
      struckAt: struck ? new Date(this.now.getTime() - DAY) : null,
      strikeReason: struck ? 'Misleading photos' : null,
      isTopOffer,
      topOfferMutations: isTopOffer ? [locale] : [],
      createdAt,
      updatedAt: activatedAt ?? createdAt,
      // Of the generator's clock, not the database's: the same seed gives the same rows.
      stateChangedAt: activatedAt ?? createdAt,
      publishedAt,
      activatedAt,
    };

    // Photos: an exterior first, then the rooms, then the floor plan.
    const media: GeneratedOffer['media'] = [];
    const count = r.weighted([
      [0, 3],
      [2, 6],
      [3, 12],
      [4, 15],
      [5, 16],
      [6, 15],
      [8, 14],
      [10, 11],
      [12, 8],
    ] as const);
    const chosen: PoolPhoto[] = [];
    if (count > 0 && this.photos.pictures.length > 0) {
      const exterior = isFlat ? (r.bool(0.5) ? this.photos.exteriorFlat : []) : this.photos.exteriorHouse;
      if (exterior.length) chosen.push(r.pick(exterior));
      for (const room of rooms) {
        if (chosen.length >= count - (hasFloorPlan ? 1 : 0)) break;
        const options = this.photos.rooms.get(room);
        if (options?.length && r.bool(0.8)) chosen.push(r.pick(options));
      }
      while (chosen.length < count - (hasFloorPlan ? 1 : 0)) chosen.push(r.pick(this.photos.pictures));
      if (hasFloorPlan) chosen.push(r.pick(this.photos.floorPlans));
    }
    chosen.forEach((photo, position) => {
      media.push({
        id: this.mediaId++,
        propertyId: id,
        ownerId: seller.userId,
        position,
        isMain: position === 0,
        roomType: photo.roomType,
        kind: photo.kind === 'floor_plan' ? 'floor_plan' : 'photo',
        storageKey: photo.storageKey,
        contentType: 'image/webp',
        variants: photo.variants,
        width: photo.width,
        height: photo.height,
        bytes: photo.bytes,
        createdAt,
      });
    });

    const prices: GeneratedOffer['prices'] = [];
    if (price !== null) {
      let at = createdAt.getTime();
      const changes = r.bool(0.22) ? r.int(1, 3) : 0;
      let earlier = price;
      const history: { price: number; at: number }[] = [];
      for (let i = 0; i < changes; i++) earlier = roundNice(earlier * r.float(1.02, 1.1), market.currency);
      history.push({ price: earlier, at });
      for (let i = changes; i > 0; i--) {
        at += r.int(5, 40) * DAY;
        earlier = i === 1 ? price : roundNice(earlier / r.float(1.02, 1.06), market.currency);
        history.push({ price: earlier, at: Math.min(at, this.now.getTime() - 1000) });
      }
      for (const h of history)
        prices.push({
          id: this.priceId++,
          propertyId: id,
          price: h.price,
          currency: market.currency,
          changedAt: new Date(h.at),
        });
    }

    const main = media[0];
    // Only public offers enter the read model at generation time; the projection is the one
    // property operations use (docs/decisions/012).
    const offer: GeneratedOffer['offer'] = isPublicProperty(property)
      ? projectOfferRow(
          property,
          {
            id: seller.id,
            sellerType: seller.sellerType,
            rating: seller.rating,
            trustScore: seller.trustScore,
          },
          DEFAULT_RATES,
          {
            photos: {
              count: media.length,
              // The seed's photos are rendered before their rows are written: always ready.
              main: main?.variants
                ? { id: main.id as number, variants: main.variants, roomType: main.roomType ?? null }
                : null,
            },
            locationPath: part
              ? [part.id, city.id, city.parentId as number]
              : [city.id, city.parentId as number],
            priceReduction: lastPriceReduction(
              prices.map((p) => ({ price: p.price, currency: p.currency, changedAt: p.changedAt as Date })),
              publishedAt,
            ),
          },
        )
      : null;
    return { property, offer, media, prices };
  }
}

function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

function clamp(x: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, x));
}

function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** Prices as people write them: sale prices to thousands, rents to tens (hundreds in CZK). */
export function roundNice(price: number, currency: string): number {
  const step =
    price >= 1_000_000
      ? currency === 'CZK'
        ? 10_000
        : 1_000
      : price >= 100_000
        ? 1_000
        : price >= 10_000
          ? 100
          : 10;
  return Math.max(step, Math.round(price / step) * step);
}

function zipFor(country: CountryCode, r: Random): string {
  switch (country) {
    case 'CZ':
    case 'SK':
      return `${r.int(100, 799)} ${String(r.int(0, 99)).padStart(2, '0')}`;
    case 'PL':
      return `${String(r.int(0, 99)).padStart(2, '0')}-${String(r.int(0, 999)).padStart(3, '0')}`;
    case 'GB':
      return `${r.pick(['SW', 'NW', 'E', 'N', 'M', 'B', 'LS'])}${r.int(1, 20)} ${r.int(1, 9)}${r.pick(['AB', 'XY', 'QT', 'HL'])}`;
    case 'AT':
    case 'CH':
    case 'BE':
    case 'LU':
    case 'BG':
      return String(r.int(1000, 9999));
    case 'NL':
      return `${r.int(1000, 9999)} ${r.pick(['AB', 'CD', 'EK', 'LM'])}`;
    case 'PT':
      return `${r.int(1000, 9999)}-${String(r.int(0, 999)).padStart(3, '0')}`;
    default:
      return String(r.int(10000, 99999));
  }
}
