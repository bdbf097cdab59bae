import {
  type Db,
  offers,
  type PhotoVariantsJson,
  pointsOfInterest,
  projectOfferRow,
  properties,
  propertyMedia,
  sellerContacts,
  sellers,
  users,
} from '@estately/db';
import type { Currency, Locale } from '@estately/domain';
import { loadRates } from './helpers.ts';

// Fixtures of the offer detail tests (issue 4): a property with every detail field, its row in
// the offer read model written the way property operations write it, photos, seller, contact.

let counter = 0;

export interface FullOfferFixture {
  ownerId: number;
  state?: 'draft' | 'active' | 'paused' | 'sold';
  struck?: boolean;
  offerType?: 'sale' | 'rent';
  propertyType?: 'apartment' | 'house';
  price?: number | null;
  currency?: Currency;
  /** CZK price for cross-currency comparison; defaults to the price when in CZK. */
  priceNormalized?: number | null;
  area?: number | null;
  countryCode?: string;
  city?: string;
  latitude?: number;
  longitude?: number;
  locale?: Locale;
  description?: string | null;
  sellerId?: number | null;
  contactId?: number | null;
  activatedAt?: Date;
  /** Photos to attach, in this order of insertion: position and flags given. */
  photos?: { position: number; isMain?: boolean; roomType?: string | null; isFloorPlan?: boolean }[];
}

export function photoVariants(tag: string): PhotoVariantsJson {
  return {
    thumb: `photos/${tag}/thumb.webp`,
    card: `photos/${tag}/card.webp`,
    gallery: `photos/${tag}/gallery.webp`,
    full: `photos/${tag}/full.webp`,
    full_avif: `photos/${tag}/full.avif`,
  };
}

export async function insertUser(db: Db, values: Partial<typeof users.$inferInsert> = {}): Promise<number> {
  counter += 1;
  const [row] = await db
    .insert(users)
    .values({
      email: `user-${counter}-${Date.now()}@example.com`,
      passwordHash: 'not-a-real-hash',
      ...values,
    })
    .returning({ id: users.id });
  return row!.id;
}

export async function insertSeller(
  db: Db,
  values: Partial<typeof sellers.$inferInsert> = {},
): Promise<number> {
  const [row] = await db
    .insert(sellers)
    .values({ sellerType: 'agency', name: 'Reality Vltava s.r.o.', ...values })
    .returning({ id: sellers.id });
  return row!.id;
}

export async function insertContact(
  db: Db,
  sellerId: number,
  values: Partial<typeof sellerContacts.$inferInsert> = {},
): Promise<number> {
  const [row] = await db
    .insert(sellerContacts)
    .values({ sellerId, contactName: 'Jana Nováková', ...values })
    .returning({ id: sellerContacts.id });
  return row!.id;
}

export async function insertFullOffer(db: Db, fixture: FullOfferFixture): Promise<number> {
  const state = fixture.state ?? 'active';
  const offerType = fixture.offerType ?? 'sale';
  const propertyType = fixture.propertyType ?? 'apartment';
  const price = fixture.price === undefined ? 6_500_000 : fixture.price;
  const currency = fixture.currency ?? 'CZK';
  const area = fixture.area === undefined ? 74 : fixture.area;
  const countryCode = fixture.countryCode ?? 'CZ';
  const city = fixture.city ?? 'Praha';
  const latitude = fixture.latitude ?? 50.0755;
  const longitude = fixture.longitude ?? 14.4378;
  const locale = fixture.locale ?? 'cs';
  const activatedAt = fixture.activatedAt ?? new Date('2026-03-01T10:00:00Z');
  const rooms = ['living_room', 'bedroom', 'bedroom', 'kitchen', 'bathroom'];
  const values = {
    ownerId: fixture.ownerId,
    sellerId: fixture.sellerId ?? null,
    contactId: fixture.contactId ?? null,
    state,
    offerType,
    propertyType,
    price,
    currency,
    priceVariant: 'negotiable',
    rentPricePeriod: offerType === 'rent' ? 'month' : null,
    disposition: '3',
    rooms,
    bathrooms: 1,
    flatSettings: { balcony_area: 6 },
    usefulArea: area,
    usefulAreaUnits: 'm2',
    usefulAreaMeters: area,
    floor: 3,
    totalFloors: 5,
    yearBuilt: 1932,
    typeOfBuilding: 'brick',
    typeOfHeating: 'gas',
    ownership: 'personal',
    reconstruction: 'after_reconstruction',
    furnishings: 'partially_equipped',
    parking: 'garage',
    numberOfParkingPlaces: 1,
    penb: 'c',
    otherParams: ['lift', 'internet'],
    tags: ['vyhled'],
    freeFromDate: '2026-05-01',
    minimumRentalPeriod: offerType === 'rent' ? 12 : null,
    description: fixture.description === undefined ? 'Světlý byt s výhledem na Vltavu.' : fixture.description,
    locale,
    street: 'Vinohradská 12',
    zip: '120 00',
    city,
    cityPart: 'Vinohrady',
    countryCode,
    latitude,
    longitude,
    hasFloorPlan: true,
    isVerified: true,
    isTopOffer: true,
    topOfferMutations: ['cs', 'de'],
    publishedAt: activatedAt,
    activatedAt,
    struckAt: fixture.struck ? new Date() : null,
  } satisfies typeof properties.$inferInsert;
  const [property] = await db.insert(properties).values(values).returning({ id: properties.id });
  const id = property!.id;
  // The seller as the property operations read it; the fixture's offers are an agency's even
  // without a seller record. Photos are counted; the main photo stays off the card here.
  const projected = projectOfferRow(
    { ...values, id },
    { id: fixture.sellerId ?? null, sellerType: 'agency', rating: null, trustScore: null },
    await loadRates(db),
    { photos: { count: fixture.photos?.length ?? 0, main: null } },
  );
  // A test may pin the CZK price of an offer in another currency.
  await db
    .insert(offers)
    .values(
      fixture.priceNormalized === undefined
        ? projected
        : { ...projected, priceNormalized: fixture.priceNormalized },
    );
  for (const [index, photo] of (fixture.photos ?? []).entries()) {
    await db.insert(propertyMedia).values({
      propertyId: id,
      position: photo.position,
      isMain: photo.isMain ?? false,
      roomType: photo.roomType ?? null,
      kind: photo.isFloorPlan ? 'floor_plan' : 'photo',
      storageKey: `photos/${id}-${index}/original.webp`,
      variants: photoVariants(`${id}-${index}`),
    });
  }
  return id;
}

/** A point of interest `metresNorth` north and `metresEast` east of a point (small offsets). */
export async function insertPoiNear(
  db: Db,
  origin: { latitude: number; longitude: number },
  values: { kind: string; name: string; metresNorth: number; metresEast: number },
): Promise<{ id: number; latitude: number; longitude: number }> {
  const latitude = origin.latitude + values.metresNorth / 111_195;
  const longitude =
    origin.longitude + values.metresEast / (111_195 * Math.cos((origin.latitude * Math.PI) / 180));
  const [row] = await db
    .insert(pointsOfInterest)
    .values({ kind: values.kind, name: values.name, latitude, longitude })
    .returning({ id: pointsOfInterest.id });
  return { id: row!.id, latitude, longitude };
}
