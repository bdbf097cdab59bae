import { type Db, locationNames, locations, offers, properties } from '@estately/db';

// Fixtures for the search tests: offers with chosen read-model values and gazetteer entries.

/** Read-model values of an offer; anything left out takes the values `insertOffer` uses. */
export type OfferRowOverrides = Partial<Omit<typeof offers.$inferInsert, 'id' | 'ownerId'>>;

/**
 * A property and its offer row with chosen read-model values (search filters, sorting, map).
 * `state` and `struck` go on the property, so tests can prove hidden offers stay out.
 */
export async function insertSearchOffer(
  db: Db,
  fixture: { ownerId: number; state?: 'draft' | 'active' | 'paused' | 'sold'; struck?: boolean },
  values: OfferRowOverrides = {},
): Promise<number> {
  const activatedAt = values.activatedAt ?? new Date('2026-01-01T00:00:00Z');
  const [property] = await db
    .insert(properties)
    .values({
      ownerId: fixture.ownerId,
      state: fixture.state ?? 'active',
      offerType: 'sale',
      propertyType: 'apartment',
      price: 5_000_000,
      currency: 'CZK',
      disposition: '3',
      rooms: ['living_room', 'bedroom', 'bedroom'],
      usefulArea: 74,
      usefulAreaMeters: 74,
      city: values.city ?? 'Praha',
      countryCode: values.countryCode ?? 'CZ',
      latitude: values.latitude ?? 50.08,
      longitude: values.longitude ?? 14.42,
      publishedAt: activatedAt,
      activatedAt,
      struckAt: fixture.struck ? new Date() : null,
    })
    .returning({ id: properties.id });
  const id = property!.id;
  await db.insert(offers).values({
    sellerType: 'private',
    offerType: 'sale',
    propertyType: 'apartment',
    price: 5_000_000,
    currency: 'CZK',
    priceNormalized: 5_000_000,
    priceVariant: 'fixed',
    disposition: '3',
    layout: '3+KK',
    usefulAreaMeters: 74,
    locale: 'cs',
    street: 'Vinohradská 12',
    city: 'Praha',
    countryCode: 'CZ',
    latitude: 50.08,
    longitude: 14.42,
    publishedAt: activatedAt,
    ...values,
    activatedAt,
    id,
    ownerId: fixture.ownerId,
  });
  return id;
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
