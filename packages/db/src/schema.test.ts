import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haversineKm, searchNormalize, withinBox, withinRadius } from './geo.ts';
import { MIGRATIONS_FOLDER } from './migrate.ts';
import { locationNames, locations, offers, properties, sellers, users } from './schema/index.ts';
import { createTestDatabase, type TestDatabase } from './testing.ts';

// Runs on PGlite by default and on PostgreSQL when TEST_DATABASE_URL is set (CONVENTIONS 9).

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.cleanup();
});

async function makeOwner(email: string) {
  const [user] = await t.db.insert(users).values({ email, passwordHash: 'x' }).returning();
  if (!user) throw new Error('no user');
  return user;
}

/** PostgreSQL reports a CHECK violation as SQLSTATE 23514; drizzle wraps it in `cause`. */
async function rejectsWithCheck(promise: Promise<unknown>, constraint: string) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, `expected ${constraint} to reject`).toBeDefined();
  const cause =
    (error as { cause?: { code?: string; constraint?: string; message?: string } }).cause ?? error;
  const text = `${(cause as { message?: string }).message} ${(cause as { constraint?: string }).constraint ?? ''}`;
  expect((cause as { code?: string }).code).toBe('23514');
  expect(text).toContain(constraint);
}

describe('migrations', () => {
  it('applied every migration file and created the extensions', async () => {
    const applied = await t.query<{ n: number }>(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    // Every entry of the drizzle-kit journal, however many migrations later issues add.
    const journal = JSON.parse(
      readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
    ) as {
      entries: unknown[];
    };
    expect(journal.entries.length).toBeGreaterThanOrEqual(3);
    expect(applied[0]?.n).toBe(journal.entries.length);
    const ext = await t.query<{ extname: string }>('select extname from pg_extension order by extname');
    expect(ext.map((r) => r.extname)).toEqual(expect.arrayContaining(['pg_trgm', 'unaccent', 'btree_gist']));
  });

  it('created the search indexes on offers', async () => {
    const rows = await t.query<{ indexname: string; indexdef: string }>(
      "select indexname, indexdef from pg_indexes where tablename = 'offers'",
    );
    const defs = Object.fromEntries(rows.map((r) => [r.indexname, r.indexdef]));
    expect(defs.offers_location_gist).toMatch(/USING gist \(location\)/);
    expect(defs.offers_tags_gin).toMatch(/USING gin \(tags\)/);
    expect(defs.offers_activated_idx).toMatch(/activated_at DESC/);
    // Ends with the id so the default sort (confirmed first, newest first, ties by id: decision
    // 065) is read in index order.
    expect(defs.offers_type_country_rank_id_idx).toMatch(
      /offer_type, property_type, country_code, is_unconfirmed, activated_at DESC NULLS LAST, id DESC NULLS LAST/,
    );
  });
});

describe('constraints', () => {
  it('rejects values outside the spec value sets', async () => {
    const owner = await makeOwner('checks@example.test');
    const base = {
      ownerId: owner.id,
      offerType: 'sale',
      propertyType: 'apartment',
      countryCode: 'CZ',
    } as const;
    await expect(t.db.insert(properties).values(base).returning()).resolves.toHaveLength(1);
    await rejectsWithCheck(
      t.db.insert(properties).values({ ...base, offerType: 'lease' }),
      'properties_offer_type_check',
    );
    await rejectsWithCheck(
      t.db.insert(properties).values({ ...base, currency: 'XYZ' }),
      'properties_currency_check',
    );
    await rejectsWithCheck(
      t.db.insert(properties).values({ ...base, state: 'deleted' }),
      'properties_state_check',
    );
    await rejectsWithCheck(t.db.insert(properties).values({ ...base, penb: 'h' }), 'properties_penb_check');
    await rejectsWithCheck(
      t.db.insert(properties).values({ ...base, tags: ['bazen', 'castle'] }),
      'properties_tags_check',
    );
    await rejectsWithCheck(
      t.db.insert(properties).values({ ...base, rooms: ['kitchen', 'garage'] }),
      'properties_rooms_check',
    );
    await rejectsWithCheck(t.db.insert(properties).values({ ...base, price: 0 }), 'properties_price_check');
    await rejectsWithCheck(
      t.db.insert(properties).values({ ...base, latitude: 91 }),
      'properties_latitude_check',
    );
  });

  it('keeps seller rating within 1.0..5.0 and trust score within 0..100 (spec 5)', async () => {
    await expect(
      t.db.insert(sellers).values({ sellerType: 'agency', name: 'A', rating: 4.5, trustScore: 100 }),
    ).resolves.toBeDefined();
    await rejectsWithCheck(
      t.db.insert(sellers).values({ sellerType: 'agency', name: 'B', rating: 0.5 }),
      'sellers_rating_check',
    );
    await rejectsWithCheck(
      t.db.insert(sellers).values({ sellerType: 'agency', name: 'C', trustScore: 101 }),
      'sellers_trust_score_check',
    );
    await rejectsWithCheck(
      t.db.insert(sellers).values({ sellerType: 'bank', name: 'D' }),
      'sellers_seller_type_check',
    );
  });

  it('rejects an unknown locale and an upper-case e-mail on users', async () => {
    await rejectsWithCheck(
      t.db.insert(users).values({ email: 'x@example.test', passwordHash: 'x', preferredLanguage: 'xx' }),
      'users_preferred_language_check',
    );
    await rejectsWithCheck(
      t.db.insert(users).values({ email: 'Upper@Example.test', passwordHash: 'x' }),
      'users_email_lower_check',
    );
  });
});

// Three cities with known coordinates: Praha, Plzeň (~84 km west) and Brno (~185 km south-east).
const CITIES = [
  { name: 'Praha', lat: 50.0755, lng: 14.4378 },
  { name: 'Plzeň', lat: 49.7384, lng: 13.3736 },
  { name: 'Brno', lat: 49.1951, lng: 16.6068 },
] as const;

describe('geographic search on offers', () => {
  const ids = new Map<string, number>();
  beforeAll(async () => {
    const owner = await makeOwner('geo@example.test');
    for (const city of CITIES) {
      const [p] = await t.db
        .insert(properties)
        .values({
          ownerId: owner.id,
          state: 'active',
          offerType: 'sale',
          propertyType: 'apartment',
          countryCode: 'CZ',
          city: city.name,
          latitude: city.lat,
          longitude: city.lng,
        })
        .returning({ id: properties.id });
      if (!p) throw new Error('insert failed');
      ids.set(city.name, p.id);
      await t.db.insert(offers).values({
        id: p.id,
        ownerId: owner.id,
        sellerType: 'private',
        offerType: 'sale',
        propertyType: 'apartment',
        currency: 'CZK',
        priceVariant: 'fixed',
        locale: 'cs',
        city: city.name,
        countryCode: 'CZ',
        latitude: city.lat,
        longitude: city.lng,
        activatedAt: new Date(),
      });
    }
  });

  async function citiesWhere(condition: ReturnType<typeof sql>) {
    const rows = await t.db
      .select({ city: offers.city })
      .from(offers)
      .where(condition)
      .orderBy(asc(offers.city));
    return rows.map((r) => r.city);
  }

  it('stores the generated point as (longitude, latitude)', async () => {
    const [row] = await t.db
      .select({ location: offers.location })
      .from(offers)
      .where(eq(offers.id, ids.get('Brno') ?? 0));
    expect(row?.location).toEqual({ x: 16.6068, y: 49.1951 });
  });

  it('finds offers inside a bounding box', async () => {
    // A box around western Bohemia and Prague, excluding Moravia.
    expect(
      await citiesWhere(withinBox(offers.location, { south: 49.5, west: 13, north: 50.3, east: 15 })),
    ).toEqual(['Plzeň', 'Praha']);
    expect(
      await citiesWhere(withinBox(offers.location, { south: 49, west: 16, north: 49.5, east: 17 })),
    ).toEqual(['Brno']);
  });

  it('finds offers within a radius, exactly by great-circle distance', async () => {
    const toPlzen = haversineKm(CITIES[0].lat, CITIES[0].lng, CITIES[1].lat, CITIES[1].lng);
    expect(toPlzen).toBeGreaterThan(80);
    expect(toPlzen).toBeLessThan(90);
    expect(await citiesWhere(withinRadius(offers.location, CITIES[0].lat, CITIES[0].lng, 25))).toEqual([
      'Praha',
    ]);
    expect(
      await citiesWhere(withinRadius(offers.location, CITIES[0].lat, CITIES[0].lng, toPlzen + 1)),
    ).toEqual(['Plzeň', 'Praha']);
    expect(await citiesWhere(withinRadius(offers.location, CITIES[0].lat, CITIES[0].lng, 100))).toEqual([
      'Plzeň',
      'Praha',
    ]);
    // The box corner lies farther than the radius: the exact filter must drop a point there.
    expect(
      await citiesWhere(withinRadius(offers.location, CITIES[0].lat, CITIES[0].lng, toPlzen - 1)),
    ).toEqual(['Praha']);
  });

  it('the bounding-box query can use the GiST index', async () => {
    await t.exec('set enable_seqscan = off');
    const plan = await t.query<{ 'QUERY PLAN': string }>(
      'explain select id from offers where location <@ box(point(13, 49.5), point(15, 50.3))',
    );
    await t.exec('set enable_seqscan = on');
    expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toContain('offers_location_gist');
  });
});

describe('location autocomplete', () => {
  beforeAll(async () => {
    for (const [i, city] of CITIES.entries()) {
      const [loc] = await t.db
        .insert(locations)
        .values({
          kind: 'city',
          countryCode: 'CZ',
          latitude: city.lat,
          longitude: city.lng,
          population: 1000 - i,
        })
        .returning({ id: locations.id });
      if (!loc) throw new Error('insert failed');
      await t.db.insert(locationNames).values([
        {
          locationId: loc.id,
          locale: 'cs',
          countryCode: 'CZ',
          kind: 'city',
          name: city.name,
          slug: city.name.toLowerCase(),
        },
      ]);
    }
  });

  async function complete(input: string) {
    const rows = await t.db
      .select({ name: locationNames.name })
      .from(locationNames)
      .where(
        and(
          eq(locationNames.locale, 'cs'),
          sql`${searchNormalize(locationNames.name)} like ${searchNormalize(input)} || '%'`,
        ),
      );
    return rows.map((r) => r.name);
  }

  it('ignores accents and case: "Plzen" and "plzeň" find "Plzeň"', async () => {
    expect(await complete('Plzen')).toEqual(['Plzeň']);
    expect(await complete('plzeň')).toEqual(['Plzeň']);
    expect(await complete('PLZ')).toEqual(['Plzeň']);
    expect(await complete('Ostrava')).toEqual([]);
  });

  it('ranks fuzzy matches by trigram similarity', async () => {
    const rows = await t.query<{ name: string }>(
      'select name from location_names where search_normalize(name) % search_normalize($1) order by similarity(search_normalize(name), search_normalize($1)) desc',
      ['Prha'],
    );
    expect(rows[0]?.name).toBe('Praha');
  });
});
