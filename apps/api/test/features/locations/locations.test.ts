import {
  type Db,
  type LocationKind,
  locationNames,
  locations,
  offers,
  pointsOfInterest,
  properties,
} from '@estately/db';
import {
  AREA_DESCRIPTION_ERROR_MESSAGE,
  AreaDescriptionResponseSchema,
  haversineKm,
  LOCALES,
  type Locale,
  LocationAutocompleteResponseSchema,
  NO_RESULTS_MESSAGE,
  ReverseLocationResponseSchema,
} from '@estately/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boxAround } from '../../../src/features/locations/geo-box.ts';
import { createTtlCache } from '../../../src/features/locations/offer-stats-cache.ts';
import { buildTestApi, insertOwner, setRates, type TestApi } from '../../support/helpers.ts';

// The location calls of issue 4: autocomplete (trigram, accents ignored), area description
// (spec 8 messages), reverse lookup (spec 5 coordinates). A small hand-made gazetteer keeps
// every expected value computable here.

interface PlaceFixture {
  kind: LocationKind;
  parentId?: number | null;
  countryCode: string;
  population: number;
  lat: number;
  lng: number;
  /** Name and slug per locale. */
  names: Partial<Record<Locale, [string, string]>>;
}

async function insertPlace(db: Db, place: PlaceFixture): Promise<number> {
  const [row] = await db
    .insert(locations)
    .values({
      kind: place.kind,
      parentId: place.parentId ?? null,
      countryCode: place.countryCode,
      population: place.population,
      latitude: place.lat,
      longitude: place.lng,
    })
    .returning({ id: locations.id });
  const id = row!.id;
  const names = Object.entries(place.names) as [Locale, [string, string]][];
  if (names.length > 0) {
    await db.insert(locationNames).values(
      names.map(([locale, [name, slug]]) => ({
        locationId: id,
        locale,
        countryCode: place.countryCode,
        kind: place.kind,
        name,
        slug,
        population: place.population,
      })),
    );
  }
  return id;
}

/** The same name in every locale, slugged. */
function everywhere(name: string, slug: string): Partial<Record<Locale, [string, string]>> {
  return Object.fromEntries(LOCALES.map((locale) => [locale, [name, slug]]));
}

interface AreaOffer {
  ownerId: number;
  offerType: 'sale' | 'rent';
  locationPath: number[];
  price: number;
  currency: 'CZK' | 'EUR';
  priceNormalized: number;
  area: number | null;
  rentPricePeriod?: 'month' | 'week' | 'day';
}

/** A property and its read-model row placed in a location (and its ancestors). */
async function insertAreaOffer(db: Db, offer: AreaOffer): Promise<number> {
  const [property] = await db
    .insert(properties)
    .values({
      ownerId: offer.ownerId,
      state: 'active',
      offerType: offer.offerType,
      propertyType: 'apartment',
      price: offer.price,
      currency: offer.currency,
      rentPricePeriod: offer.offerType === 'rent' ? (offer.rentPricePeriod ?? 'month') : null,
      usefulArea: offer.area,
      usefulAreaMeters: offer.area,
      city: 'Praha',
      countryCode: 'CZ',
      latitude: 50.08,
      longitude: 14.42,
      publishedAt: new Date('2026-01-02T00:00:00Z'),
      activatedAt: new Date('2026-01-02T00:00:00Z'),
    })
    .returning({ id: properties.id });
  const id = property!.id;
  await db.insert(offers).values({
    id,
    ownerId: offer.ownerId,
    sellerType: 'private',
    offerType: offer.offerType,
    propertyType: 'apartment',
    price: offer.price,
    currency: offer.currency,
    priceNormalized: offer.priceNormalized,
    priceVariant: 'fixed',
    rentPricePeriod: offer.offerType === 'rent' ? (offer.rentPricePeriod ?? 'month') : null,
    usefulAreaMeters: offer.area,
    locale: 'cs',
    city: 'Praha',
    countryCode: 'CZ',
    locationId: offer.locationPath.at(-1) ?? null,
    locationPath: offer.locationPath,
    latitude: 50.08,
    longitude: 14.42,
    activatedAt: new Date('2026-01-02T00:00:00Z'),
    publishedAt: new Date('2026-01-02T00:00:00Z'),
  });
  return id;
}

const ids = {
  cz: 0,
  de: 0,
  praha: 0,
  vinohrady: 0,
  plzen: 0,
  prachatice: 0,
  munchen: 0,
  veseli: 0,
  novaVesSmall: 0,
  novaVesBig: 0,
  suva: 0,
};

const PRAHA = { lat: 50.0875, lng: 14.4214 };
const VINOHRADY = { lat: 50.0755, lng: 14.4378 };
const PLZEN = { lat: 49.7475, lng: 13.3776 };
const PRACHATICE = { lat: 49.0129, lng: 13.9975 };
const MUNCHEN = { lat: 48.1374, lng: 11.5755 };

let api: TestApi;

beforeAll(async () => {
  api = await buildTestApi();
  const { db } = api;
  await setRates(db, { EUR: 25 });

  ids.cz = await insertPlace(db, {
    kind: 'country',
    countryCode: 'CZ',
    population: 10_500_000,
    ...PRAHA,
    names: { cs: ['Česko', 'cesko'], en: ['Czechia', 'czechia'], de: ['Tschechien', 'tschechien'] },
  });
  ids.de = await insertPlace(db, {
    kind: 'country',
    countryCode: 'DE',
    population: 83_000_000,
    lat: 52.52,
    lng: 13.405,
    names: { cs: ['Německo', 'nemecko'], en: ['Germany', 'germany'], de: ['Deutschland', 'deutschland'] },
  });
  ids.praha = await insertPlace(db, {
    kind: 'city',
    parentId: ids.cz,
    countryCode: 'CZ',
    population: 1_300_000,
    ...PRAHA,
    names: { cs: ['Praha', 'praha'], en: ['Prague', 'prague'], de: ['Prag', 'prag'], it: ['Praga', 'praga'] },
  });
  ids.vinohrady = await insertPlace(db, {
    kind: 'city_part',
    parentId: ids.praha,
    countryCode: 'CZ',
    population: 50_000,
    ...VINOHRADY,
    names: { cs: ['Vinohrady', 'praha-vinohrady'], en: ['Vinohrady', 'prague-vinohrady'] },
  });
  ids.plzen = await insertPlace(db, {
    kind: 'city',
    parentId: ids.cz,
    countryCode: 'CZ',
    population: 170_000,
    ...PLZEN,
    names: { cs: ['Plzeň', 'plzen'], en: ['Pilsen', 'pilsen'], de: ['Pilsen', 'pilsen'] },
  });
  // Named in Czech only: every other locale falls back.
  ids.prachatice = await insertPlace(db, {
    kind: 'city',
    parentId: ids.cz,
    countryCode: 'CZ',
    population: 11_000,
    ...PRACHATICE,
    names: { cs: ['Prachatice', 'prachatice'] },
  });
  ids.munchen = await insertPlace(db, {
    kind: 'city',
    parentId: ids.de,
    countryCode: 'DE',
    population: 1_500_000,
    ...MUNCHEN,
    names: {
      cs: ['Mnichov', 'mnichov'],
      en: ['Munich', 'munich'],
      de: ['München', 'munchen'],
      'de-AT': ['München', 'munchen'],
    },
  });
  // Ranking: a prefix match with a low similarity, and two equally similar non-prefix matches
  // that only population tells apart.
  ids.veseli = await insertPlace(db, {
    kind: 'city',
    parentId: ids.cz,
    countryCode: 'CZ',
    population: 11_500,
    lat: 48.954,
    lng: 17.381,
    names: { cs: ['Veselí nad Moravou', 'veseli-nad-moravou'] },
  });
  ids.novaVesSmall = await insertPlace(db, {
    kind: 'city',
    parentId: ids.cz,
    countryCode: 'CZ',
    population: 500,
    lat: 49.9,
    lng: 15.1,
    names: { cs: ['Nová Ves', 'nova-ves'] },
  });
  ids.novaVesBig = await insertPlace(db, {
    kind: 'city',
    parentId: ids.cz,
    countryCode: 'CZ',
    population: 2_000,
    lat: 50.2,
    lng: 14.2,
    names: { cs: ['Nová Ves', 'nova-ves-2'] },
  });
  // Right beside the antimeridian (Fiji).
  ids.suva = await insertPlace(db, {
    kind: 'city',
    countryCode: 'FJ',
    population: 93_000,
    lat: -17.7,
    lng: 179.9,
    names: everywhere('Suva', 'suva'),
  });

  // Points of interest: near Vinohrady (so also within Praha's circle), further out in Praha,
  // and one 20 km away that no circle reaches.
  await db.insert(pointsOfInterest).values([
    { kind: 'school', name: 'ZŠ Vinohrady', cityLocationId: ids.praha, latitude: 50.076, longitude: 14.438 },
    { kind: 'school', name: 'Gymnázium', cityLocationId: ids.praha, latitude: 50.095, longitude: 14.41 },
    { kind: 'park', name: 'Stromovka', cityLocationId: ids.praha, latitude: 50.105, longitude: 14.42 },
    { kind: 'supermarket', name: 'Far away', cityLocationId: ids.praha, latitude: 50.27, longitude: 14.42 },
    {
      kind: 'cafe',
      name: 'Pilsner café',
      cityLocationId: ids.plzen,
      ...{ latitude: 49.747, longitude: 13.378 },
    },
  ]);

  const owner = await insertOwner(db);
  const path = [ids.cz, ids.praha];
  // Sale per m2 (CZK): 100,000 (Vinohrady), 120,000, 140,000 (priced in EUR); one without area.
  await insertAreaOffer(db, {
    ownerId: owner,
    offerType: 'sale',
    locationPath: [...path, ids.vinohrady],
    price: 10_000_000,
    currency: 'CZK',
    priceNormalized: 10_000_000,
    area: 100,
  });
  await insertAreaOffer(db, {
    ownerId: owner,
    offerType: 'sale',
    locationPath: path,
    price: 6_000_000,
    currency: 'CZK',
    priceNormalized: 6_000_000,
    area: 50,
  });
  await insertAreaOffer(db, {
    ownerId: owner,
    offerType: 'sale',
    locationPath: path,
    price: 280_000,
    currency: 'EUR',
    priceNormalized: 7_000_000,
    area: 50,
  });
  await insertAreaOffer(db, {
    ownerId: owner,
    offerType: 'sale',
    locationPath: path,
    price: 9_000_000,
    currency: 'CZK',
    priceNormalized: 9_000_000,
    area: null,
  });
  // Rent per m2 and month (CZK): 500, and 3,000 a week on 40 m2 = 325.
  await insertAreaOffer(db, {
    ownerId: owner,
    offerType: 'rent',
    locationPath: path,
    price: 25_000,
    currency: 'CZK',
    priceNormalized: 25_000,
    area: 50,
  });
  await insertAreaOffer(db, {
    ownerId: owner,
    offerType: 'rent',
    locationPath: path,
    price: 3_000,
    currency: 'CZK',
    priceNormalized: 3_000,
    area: 40,
    rentPricePeriod: 'week',
  });
});

afterAll(async () => {
  await api?.close();
});

async function autocomplete(query: string) {
  const response = await api.app.inject({ method: 'GET', url: `/public/locations/autocomplete?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return LocationAutocompleteResponseSchema.parse(response.json()).data;
}

describe('GET /public/locations/autocomplete', () => {
  it('ignores accents and case: "Plzen", "PLZEŇ" and "plzeň" all find Plzeň', async () => {
    for (const q of ['Plzen', 'PLZE%C5%87', 'plze%C5%88', 'plzen']) {
      const [first] = await autocomplete(`q=${q}&locale=cs`);
      expect(first).toMatchObject({ id: ids.plzen, name: 'Plzeň', slug: 'plzen', kind: 'city' });
    }
  });

  it('matches names in any locale and answers in the requested one', async () => {
    const [first] = await autocomplete('q=prag&locale=cs');
    expect(first).toMatchObject({ id: ids.praha, name: 'Praha', name_locale: 'cs', matched_name: 'Prag' });
    const [english] = await autocomplete('q=pilsen&locale=en');
    expect(english).toMatchObject({ id: ids.plzen, name: 'Pilsen', slug: 'pilsen', name_locale: 'en' });
  });

  it('finds München from "munchen", "Muenchen" and the prefix "muen"', async () => {
    for (const q of ['munchen', 'Muenchen', 'muen', 'M%C3%BCnch']) {
      const results = await autocomplete(`q=${q}&locale=de`);
      expect(results[0], q).toMatchObject({ id: ids.munchen, name: 'München', name_locale: 'de' });
    }
  });

  it('returns every field of a suggestion, with the parent named in the locale', async () => {
    const [vinohrady] = await autocomplete('q=vinohrady&locale=en');
    expect(vinohrady).toEqual({
      id: ids.vinohrady,
      kind: 'city_part',
      name: 'Vinohrady',
      name_locale: 'en',
      slug: 'prague-vinohrady',
      country_code: 'CZ',
      parent_id: ids.praha,
      parent_name: 'Prague',
      latitude: VINOHRADY.lat,
      longitude: VINOHRADY.lng,
      population: 50_000,
      matched_name: 'Vinohrady',
    });
  });

  it('falls back to the same language, then English, then any locale', async () => {
    // de-AT has no name for Praha: German wins.
    const [praha] = await autocomplete('q=praha&locale=de-AT');
    expect(praha).toMatchObject({
      id: ids.praha,
      name: 'Prag',
      name_locale: 'de',
      parent_name: 'Tschechien',
    });
    // fr has no name and no French sibling: English.
    const [munich] = await autocomplete('q=mnichov&locale=fr');
    expect(munich).toMatchObject({
      id: ids.munchen,
      name: 'Munich',
      name_locale: 'en',
      parent_name: 'Germany',
    });
    // Prachatice is named in Czech only.
    const [prachatice] = await autocomplete('q=prachatice&locale=en');
    expect(prachatice).toMatchObject({ id: ids.prachatice, name: 'Prachatice', name_locale: 'cs' });
  });

  it('ranks prefix matches first, then similarity, then population', async () => {
    // "pra": Praha (exact-ish, short) before the longer Prachatice; both are prefixes.
    const pra = await autocomplete('q=pra&locale=cs');
    expect(pra.slice(0, 2).map((place) => place.id)).toEqual([ids.praha, ids.prachatice]);

    // "ves": the prefix "Veselí nad Moravou" outranks the more similar "Nová Ves"; the two
    // equally similar Nová Ves follow, the bigger first.
    const ves = await autocomplete('q=ves&locale=cs');
    expect(ves.map((place) => place.id)).toEqual([ids.veseli, ids.novaVesBig, ids.novaVesSmall]);
  });

  it('matches one- and two-letter queries by prefix in the locale', async () => {
    const pl = await autocomplete('q=pl&locale=cs');
    expect(pl.map((place) => place.id)).toEqual([ids.plzen]);
    const p = await autocomplete('q=P&locale=cs');
    expect(p.map((place) => place.id)).toEqual([ids.praha, ids.plzen, ids.prachatice]);
  });

  it('filters by country', async () => {
    expect((await autocomplete('q=munich&locale=cs&country_code=DE')).map((p) => p.id)).toEqual([
      ids.munchen,
    ]);
    expect(await autocomplete('q=munich&locale=cs&country_code=cz')).toEqual([]);
  });

  it('treats % and _ as letters, not wildcards', async () => {
    expect(await autocomplete('q=%25%25%25&locale=cs')).toEqual([]);
    expect(await autocomplete('q=p_a&locale=cs')).toEqual([]);
  });

  it('returns at most `limit` places, 10 by default', async () => {
    expect(await autocomplete('q=p&locale=cs&limit=1')).toHaveLength(1);
    expect(await autocomplete('q=p&locale=cs&limit=25')).toHaveLength(3);
  });

  it.each([
    ['limit=0', { limit: ['validation.number_too_small'] }],
    ['limit=26', { limit: ['validation.number_too_large'] }],
    ['limit=abc', { limit: ['validation.invalid_number'] }],
    ['limit=2.5', { limit: ['validation.invalid_integer'] }],
    ['locale=xx', { locale: ['validation.invalid_value'] }],
    ['country_code=ZZ', { country_code: ['validation.invalid_value'] }],
  ])('rejects %s with 422 naming the field', async (param, errors) => {
    const response = await api.app.inject({
      method: 'GET',
      url: `/public/locations/autocomplete?q=praha&${param}`,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ code: 'validation_errors', message: 'Validation Error', errors });
  });

  it('requires a query of 1 to 100 characters', async () => {
    for (const query of ['', 'q=', 'q=%20%20', `q=${'a'.repeat(101)}`]) {
      const response = await api.app.inject({
        method: 'GET',
        url: `/public/locations/autocomplete?${query}`,
      });
      expect(response.statusCode, query).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['q']);
    }
  });
});

describe('GET /public/locations/{id}/area_description', () => {
  async function describeArea(id: number, query = '') {
    const response = await api.app.inject({
      method: 'GET',
      url: `/public/locations/${id}/area_description${query}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return AreaDescriptionResponseSchema.parse(response.json());
  }

  it('counts offers of the city and its parts with median prices per m2 in the locale currency', async () => {
    const body = await describeArea(ids.praha, '?locale=cs');
    expect(body.location).toMatchObject({ id: ids.praha, name: 'Praha', kind: 'city', parent_name: 'Česko' });
    expect(body.currency).toBe('CZK');
    expect(body.population).toBe(1_300_000);
    // Sale: 100,000, 120,000 and 140,000 CZK/m2 (one offer has no area) -> 120,000.
    expect(body.offers.sale).toEqual({ count: 4, priced_count: 3, median_price_per_m2: 120_000 });
    // Rent per month: 500 and 3,000 * 52/12 / 40 = 325 -> 412.5, rounded.
    expect(body.offers.rent).toEqual({ count: 2, priced_count: 2, median_price_per_m2: 413 });
  });

  it("converts into the locale's currency, or the one asked for", async () => {
    const de = await describeArea(ids.praha, '?locale=de');
    expect(de.currency).toBe('EUR');
    expect(de.location.name).toBe('Prag');
    // 120,000 CZK / 25 and 412.5 CZK / 25 = 16.5.
    expect(de.offers.sale.median_price_per_m2).toBe(4_800);
    expect(de.offers.rent.median_price_per_m2).toBe(17);
    const eur = await describeArea(ids.praha, '?locale=cs&currency=eur');
    expect(eur.currency).toBe('EUR');
    expect(eur.offers.sale.median_price_per_m2).toBe(4_800);
  });

  it('counts points of interest within the circle by kind, most frequent first', async () => {
    const praha = await describeArea(ids.praha);
    // 1 + sqrt(1,300,000) / 250 = 5.56 km: the supermarket 20 km out is not counted.
    expect(praha.points_of_interest).toEqual({
      radius_km: 5.6,
      total: 3,
      by_kind: [
        { kind: 'school', count: 2 },
        { kind: 'park', count: 1 },
      ],
    });

    const vinohrady = await describeArea(ids.vinohrady);
    expect(vinohrady.points_of_interest).toEqual({
      radius_km: 1.5,
      total: 1,
      by_kind: [{ kind: 'school', count: 1 }],
    });
    expect(vinohrady.offers.sale).toEqual({ count: 1, priced_count: 1, median_price_per_m2: 100_000 });
    expect(vinohrady.offers.rent).toEqual({ count: 0, priced_count: 0, median_price_per_m2: null });
  });

  it("counts a country's offers and the points of interest of its cities", async () => {
    const cz = await describeArea(ids.cz, '?locale=en');
    expect(cz.location).toMatchObject({ kind: 'country', name: 'Czechia' });
    expect(cz.offers.sale.count).toBe(4);
    expect(cz.points_of_interest.radius_km).toBeNull();
    expect(cz.points_of_interest.total).toBe(5);
  });

  it("answers 'No results found.' for a place without offers or points of interest", async () => {
    const response = await api.app.inject({
      method: 'GET',
      url: `/public/locations/${ids.prachatice}/area_description`,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'not_found', message: NO_RESULTS_MESSAGE });
    expect(NO_RESULTS_MESSAGE).toBe('No results found.');
  });

  it('answers 404 Not Found for an unknown id and 422 for a malformed one', async () => {
    const unknown = await api.app.inject({ method: 'GET', url: '/public/locations/999999/area_description' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'not_found', message: 'Not Found' });

    const malformed = await api.app.inject({ method: 'GET', url: '/public/locations/abc/area_description' });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors).toEqual({ id: ['validation.invalid_integer'] });

    const badCurrency = await api.app.inject({
      method: 'GET',
      url: `/public/locations/${ids.praha}/area_description?currency=XXX`,
    });
    expect(badCurrency.statusCode).toBe(422);
    expect(badCurrency.json().errors).toEqual({ currency: ['validation.invalid_value'] });
  });
});

describe('GET /public/locations/{id}/area_description when the lookup fails', () => {
  it("answers 503 'Error retrieving area description'", async () => {
    const broken = await buildTestApi({ LOG_LEVEL: 'silent' });
    try {
      const id = await insertPlace(broken.db, {
        kind: 'city',
        countryCode: 'CZ',
        population: 1000,
        lat: 50,
        lng: 14,
        names: { cs: ['Ves', 'ves'] },
      });
      // The table the lookup reads is gone, as when the database loses it mid-flight.
      await broken.database.exec('alter table points_of_interest rename to points_of_interest_gone');
      const response = await broken.app.inject({
        method: 'GET',
        url: `/public/locations/${id}/area_description`,
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        code: 'service_unavailable',
        message: AREA_DESCRIPTION_ERROR_MESSAGE,
      });
      expect(AREA_DESCRIPTION_ERROR_MESSAGE).toBe('Error retrieving area description');
    } finally {
      await broken.close();
    }
  });
});

describe('GET /public/locations/reverse', () => {
  async function reverse(query: string) {
    const response = await api.app.inject({ method: 'GET', url: `/public/locations/reverse?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return ReverseLocationResponseSchema.parse(response.json()).data;
  }

  it('finds the nearest city part with its distance', async () => {
    const point = { lat: 50.075, lng: 14.44 };
    const place = await reverse(`lat=${point.lat}&lng=${point.lng}&locale=en`);
    expect(place).toMatchObject({
      id: ids.vinohrady,
      kind: 'city_part',
      name: 'Vinohrady',
      parent_name: 'Prague',
    });
    expect(place.distance_km).toBeCloseTo(haversineKm(point, VINOHRADY), 2);
  });

  it('picks the nearest by great-circle distance among several candidates', async () => {
    const fixtures = [
      [ids.praha, PRAHA],
      [ids.vinohrady, VINOHRADY],
      [ids.plzen, PLZEN],
      [ids.prachatice, PRACHATICE],
      [ids.munchen, MUNCHEN],
    ] as const;
    for (const point of [
      { lat: 49.5, lng: 13.7 },
      { lat: 49.3, lng: 13.9 },
      { lat: 48.5, lng: 12.5 },
      { lat: 49.9, lng: 14.1 },
    ]) {
      const [expectedId, where] = fixtures
        .map(([id, at]) => [id, haversineKm(point, at)] as const)
        .sort((a, b) => a[1] - b[1])[0]!;
      const place = await reverse(`lat=${point.lat}&lng=${point.lng}&locale=cs`);
      expect(place.id, JSON.stringify(point)).toBe(expectedId);
      expect(place.distance_km).toBeCloseTo(where, 2);
    }
  });

  it('never answers with a country', async () => {
    // The Czech country row sits on Praha's coordinates; the city is returned.
    const place = await reverse(`lat=${PRAHA.lat}&lng=${PRAHA.lng}`);
    expect(place).toMatchObject({ id: ids.praha, kind: 'city', distance_km: 0 });
  });

  it('finds a place across the antimeridian', async () => {
    const place = await reverse('lat=-17.7&lng=-179.95&locale=en');
    expect(place).toMatchObject({ id: ids.suva, name: 'Suva' });
    expect(place.distance_km).toBeCloseTo(
      haversineKm({ lat: -17.7, lng: -179.95 }, { lat: -17.7, lng: 179.9 }),
      2,
    );
  });

  it("answers 'No results found.' far from every place", async () => {
    const response = await api.app.inject({ method: 'GET', url: '/public/locations/reverse?lat=0&lng=-30' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'not_found', message: NO_RESULTS_MESSAGE });
  });

  it.each([
    ['lat=91&lng=14', { lat: ['validation.number_too_large'] }],
    ['lat=-90.5&lng=14', { lat: ['validation.number_too_small'] }],
    ['lat=50&lng=180.01', { lng: ['validation.number_too_large'] }],
    ['lat=50&lng=-181', { lng: ['validation.number_too_small'] }],
    ['lat=abc&lng=14', { lat: ['validation.invalid_number'] }],
    ['lat=&lng=14', { lat: ['validation.invalid_number'] }],
    ['lng=14', { lat: ['validation.invalid_number'] }],
    ['lat=50', { lng: ['validation.invalid_number'] }],
    ['lat=50&lng=14&locale=zz', { locale: ['validation.invalid_value'] }],
  ])('rejects %s with 422 naming the field', async (query, errors) => {
    const response = await api.app.inject({ method: 'GET', url: `/public/locations/reverse?${query}` });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ code: 'validation_errors', message: 'Validation Error', errors });
  });

  it('accepts the bounds themselves', async () => {
    for (const query of ['lat=90&lng=180', 'lat=-90&lng=-180']) {
      const response = await api.app.inject({ method: 'GET', url: `/public/locations/reverse?${query}` });
      // Nothing lies within 1,000 km of the poles here, but the values are valid.
      expect(response.statusCode, query).toBe(404);
    }
  });
});

describe('boxAround', () => {
  it('encloses the circle, wraps past the antimeridian and spans every longitude at a pole', () => {
    const box = boxAround(50, 14, 100);
    expect(box.north - 50).toBeCloseTo(100 / 111.195, 3);
    expect(box.east - 14).toBeGreaterThan(100 / 111.195);
    const wrapped = boxAround(-17.7, -179.95, 50);
    expect(wrapped.west).toBeLessThan(-180);
    const polar = boxAround(89.9, 0, 50);
    expect(polar).toMatchObject({ north: 90, west: -180, east: 180 });
  });
});

describe('createTtlCache', () => {
  it('keeps a value until it expires, shares a pending load and forgets failures', async () => {
    let clock = 0;
    const cache = createTtlCache<number>({ ttlMs: 100, max: 2, now: () => clock });
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cache.get('x', load), cache.get('x', load)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    clock = 99;
    expect(await cache.get('x', load)).toBe(1);
    clock = 100;
    expect(await cache.get('x', load)).toBe(2);

    await expect(cache.get('y', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('y', load)).toBe(3);

    // At most `max` entries: the oldest goes.
    await cache.get('z', load);
    expect(cache.size).toBe(2);
    expect(await cache.get('x', load)).toBe(5);
  });
});

describe('OpenAPI', () => {
  it('documents the location calls under the locations tag', async () => {
    const document = (await api.app.inject({ method: 'GET', url: '/docs/json' })).json();
    for (const path of [
      '/public/locations/autocomplete',
      '/public/locations/reverse',
      '/public/locations/{id}/area_description',
    ]) {
      expect(document.paths[path]?.get?.tags, path).toEqual(['locations']);
    }
    const parameters = document.paths['/public/locations/reverse'].get.parameters.map(
      (p: { name: string }) => p.name,
    );
    expect(parameters).toEqual(expect.arrayContaining(['lat', 'lng', 'locale']));
  });
});
