import { type Db, locationNames, locations, offers, projectOfferRow, properties } from '@estately/db';
import { loadRates } from './helpers.ts';

// Fixtures for the search tests: offers with chosen read-model values and gazetteer entries.

/** Read-model values of an offer; anything left out takes the values `insertOffer` uses. */
export type OfferRowOverrides = Partial<Omit<typeof offers.$inferInsert, 'id' | 'ownerId' | 'isPublic'>>;

/**
 * A property and its offer row with chosen read-model values (search filters, sorting, map).
 * The property carries the chosen values it has a column for, `projectOfferRow` projects it
 * as property operations do, and the chosen values are pinned on the row (a test may set a
 * read-model value, such as the CZK price, directly). `state` and `struck` go on the property,
 * so a hidden offer's row is not public and tests prove it stays out.
 */
export async function insertSearchOffer(
  db: Db,
  fixture: SearchOfferFixture,
  values: OfferRowOverrides = {},
): Promise<number> {
  const [id] = await insertSearchOffers(db, fixture, [values]);
  return id!;
}

type SearchOfferFixture = {
  ownerId: number;
  state?: 'draft' | 'active' | 'paused' | 'sold';
  struck?: boolean;
};

/** `insertSearchOffer` for many offers at once: two statements (properties, then offers); their ids in order. */
export async function insertSearchOffers(
  db: Db,
  fixture: SearchOfferFixture,
  list: readonly OfferRowOverrides[],
): Promise<number[]> {
  const propertyOf = (values: OfferRowOverrides) => {
    const activatedAt = values.activatedAt ?? new Date('2026-01-01T00:00:00Z');
    const area = values.usefulAreaMeters === undefined ? 74 : values.usefulAreaMeters;
    const property = {
      ownerId: fixture.ownerId,
      state: fixture.state ?? 'active',
      offerType: values.offerType ?? 'sale',
      propertyType: values.propertyType ?? 'apartment',
      price: values.price === undefined ? 5_000_000 : values.price,
      currency: values.currency ?? 'CZK',
      priceVariant: values.priceVariant ?? 'fixed',
      rentPricePeriod: values.rentPricePeriod ?? null,
      disposition: values.disposition === undefined ? '3' : values.disposition,
      rooms: values.roomTypes ?? ['living_room', 'bedroom', 'bedroom'],
      bathrooms: values.bathrooms ?? null,
      usefulArea: area,
      usefulAreaMeters: area,
      floor: values.floor ?? null,
      totalFloors: values.totalFloors ?? null,
      yearBuilt: values.yearBuilt ?? null,
      typeOfBuilding: values.typeOfBuilding ?? null,
      typeOfHeating: values.typeOfHeating ?? null,
      ownership: values.ownership ?? null,
      reconstruction: values.reconstruction ?? null,
      furnishings: values.furnishings ?? null,
      parking: values.parking ?? null,
      penb: values.penb ?? 'unknown',
      otherParams: values.otherParams ?? [],
      tags: values.tags ?? [],
      freeFromDate: values.freeFromDate ?? null,
      locale: values.locale ?? 'cs',
      street: values.street === undefined ? 'Vinohradská 12' : values.street,
      city: values.city ?? 'Praha',
      cityPart: values.cityPart ?? null,
      countryCode: values.countryCode ?? 'CZ',
      locationId: values.locationId ?? null,
      latitude: values.latitude ?? 50.08,
      longitude: values.longitude ?? 14.42,
      hasFloorPlan: values.hasFloorPlan ?? false,
      isVerified: values.isVerified ?? false,
      isTopOffer: values.isTopOffer ?? false,
      publishedAt: values.publishedAt === undefined ? activatedAt : values.publishedAt,
      activatedAt,
      struckAt: fixture.struck ? new Date() : null,
    } satisfies typeof properties.$inferInsert;
    return { property, activatedAt };
  };
  const built = list.map(propertyOf);
  const inserted = await db
    .insert(properties)
    .values(built.map((entry) => entry.property))
    .returning({ id: properties.id });
  const rates = await loadRates(db);
  const rows = inserted.map(({ id }, n) => {
    const values = list[n]!;
    const seller = {
      id: null,
      sellerType: values.sellerType ?? 'private',
      rating: values.sellerRating ?? null,
      trustScore: values.sellerTrustScore ?? null,
    };
    const projected = projectOfferRow({ ...built[n]!.property, id }, seller, rates, {
      locationPath: values.locationPath ?? [],
    });
    return { ...projected, ...values, activatedAt: built[n]!.activatedAt, id, ownerId: fixture.ownerId };
  });
  await db.insert(offers).values(rows);
  return inserted.map(({ id }) => id);
}

/** A gazetteer entry with its name and slug in one locale. */
export async function insertLocation(
  db: Db,
  values: {
    kind: 'country' | 'city' | 'city_part';
    parentId?: number | null;
    countryCode: string;
    name: string;
    slug: string;
    latitude: number;
    longitude: number;
    locale?: string;
    population?: number;
  },
): Promise<number> {
  const [row] = await db
    .insert(locations)
    .values({
      kind: values.kind,
      parentId: values.parentId ?? null,
      countryCode: values.countryCode,
      latitude: values.latitude,
      longitude: values.longitude,
      population: values.population ?? 0,
    })
    .returning({ id: locations.id });
  await db.insert(locationNames).values({
    locationId: row!.id,
    locale: values.locale ?? 'cs',
    countryCode: values.countryCode,
    kind: values.kind,
    name: values.name,
    slug: values.slug,
    population: values.population ?? 0,
  });
  return row!.id;
}

/** A tiny deterministic generator (the same offers and changes every run): numbers, picks, subsets. */
export function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
  const some = <T>(items: readonly T[]) => items.filter(() => next() < 0.4);
  return { next, pick, some };
}
