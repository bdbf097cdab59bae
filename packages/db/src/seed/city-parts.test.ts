import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../migrate.ts';
import { locationNames, locations } from '../schema/index.ts';
import { createTestDatabase, type TestDatabase } from '../testing.ts';
import { EXTRA_CITY_PARTS } from './city-parts.ts';
import { buildGazetteer, locationNameRows } from './gazetteer.ts';

// Migration 0025 (issue 38 defect 6) gives a database seeded before Brno's districts existed the
// same districts the seed now makes: names, points, populations and slugs alike. Run on the
// gazetteer of Czechia without them, twice (the second run adds nothing).

const MIGRATION = readFileSync(join(MIGRATIONS_FOLDER, '0025_brno_city_parts.sql'), 'utf8');
const LOCALES_HERE = ['cs', 'en', 'de', 'ar'] as const;

let db: TestDatabase;
const gazetteer = buildGazetteer();
const extra = new Set(EXTRA_CITY_PARTS.map((part) => part.name));
const brno = gazetteer.cities.get('CZ')?.find((city) => city.name === 'Brno');
const isExtra = (location: { kind: string; parentId: number | null; name: string }) =>
  location.kind === 'city_part' && location.parentId === brno?.id && extra.has(location.name);

const run = async () => {
  for (const statement of MIGRATION.split('--> statement-breakpoint')) await db.exec(statement);
};

beforeAll(async () => {
  db = await createTestDatabase();
  const before = gazetteer.all.filter((location) => location.countryCode === 'CZ' && !isExtra(location));
  const ids = new Set(before.map((location) => location.id));
  await db.db.insert(locations).values(
    before.map((location) => ({
      id: location.id,
      kind: location.kind,
      parentId: location.parentId,
      countryCode: location.countryCode,
      geonamesId: location.geonamesId,
      population: location.population,
      latitude: location.latitude,
      longitude: location.longitude,
    })),
  );
  const names = locationNameRows(gazetteer)
    .filter((row) => ids.has(row.locationId) && (LOCALES_HERE as readonly string[]).includes(row.locale))
    .map((row, index) => ({ id: index + 1, ...row }));
  for (let at = 0; at < names.length; at += 1000)
    await db.db.insert(locationNames).values(names.slice(at, at + 1000));
  await db.exec(
    `select setval(pg_get_serial_sequence('locations', 'id'), (select max(id) from locations));
     select setval(pg_get_serial_sequence('location_names', 'id'), (select max(id) from location_names));`,
  );
}, 60_000);

afterAll(async () => {
  await db?.cleanup();
});

describe('migration 0025: Brno’s districts', () => {
  it('adds the 29 districts under Brno with the seed’s points, populations, names and slugs, once', async () => {
    await run();
    await run();
    const parts = await db.query<{
      name: string;
      locale: string;
      slug: string;
      lat: number;
      lng: number;
      population: number;
    }>(
      `select n.name, n.locale, n.slug, l.latitude as lat, l.longitude as lng, l.population
       from locations l join location_names n on n.location_id = l.id
       where l.parent_id = ${brno?.id} and l.kind = 'city_part'
       order by n.locale, n.name`,
    );
    const seeded = gazetteer.all.filter(isExtra);
    expect(seeded).toHaveLength(29);
    const byId = new Map(seeded.map((location) => [location.id, location]));
    const expected = locationNameRows(gazetteer)
      .filter((row) => byId.has(row.locationId) && (LOCALES_HERE as readonly string[]).includes(row.locale))
      .map((row) => {
        const location = byId.get(row.locationId)!;
        return {
          name: row.name,
          locale: row.locale,
          slug: row.slug,
          lat: location.latitude,
          lng: location.longitude,
          population: location.population,
        };
      })
      .sort((a, b) => (a.locale === b.locale ? (a.name < b.name ? -1 : 1) : a.locale < b.locale ? -1 : 1));
    expect(parts).toHaveLength(29 * LOCALES_HERE.length);
    expect(parts).toEqual(expected);
    // German names Brno "Brünn": its districts' slugs start with the city's German slug.
    expect(parts.find((row) => row.locale === 'de' && row.name === 'Brno-Královo Pole')?.slug).toBe(
      'brunn-brno-kralovo-pole',
    );
  });
});
