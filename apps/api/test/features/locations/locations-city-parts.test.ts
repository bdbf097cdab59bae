import { locationNames, locations } from '@estately/db';
import { buildGazetteer, locationNameRows } from '@estately/db/seed';
import {
  haversineKm,
  LocationAutocompleteResponseSchema,
  NEARBY_PLACES_LIMIT,
  NearbyPlacesResponseSchema,
  REVERSE_CITY_PART_MAX_KM,
  ReverseLocationResponseSchema,
} from '@estately/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApi, type TestApi } from '../../support/helpers.ts';

// Issue 38 defect 6: the editor's place search and pin find city parts. Runs on the real
// gazetteer of Czechia (the seed's), where Brno's districts were missing: "Brno-Kr" gave only
// "Brno" and a pin in Královo Pole named no city part.

let api: TestApi;
const gazetteer = buildGazetteer();
const czech = gazetteer.all.filter((location) => location.countryCode === 'CZ');
const brno = gazetteer.cities.get('CZ')?.find((city) => city.name === 'Brno');
const praha = gazetteer.cities.get('CZ')?.find((city) => city.name === 'Praha');
const at = (location: { latitude: number; longitude: number }) => ({
  lat: location.latitude,
  lng: location.longitude,
});
const part = (name: string) =>
  czech.find((location) => location.kind === 'city_part' && location.name === name);

beforeAll(async () => {
  api = await buildTestApi();
  const ids = new Set(czech.map((location) => location.id));
  for (let at = 0; at < czech.length; at += 1000) {
    await api.db.insert(locations).values(
      czech.slice(at, at + 1000).map((location) => ({
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
  }
  const names = locationNameRows(gazetteer)
    .filter((row) => ids.has(row.locationId) && ['cs', 'en', 'ar'].includes(row.locale))
    .map((row, index) => ({ id: index + 1, ...row }));
  for (let at = 0; at < names.length; at += 1000)
    await api.db.insert(locationNames).values(names.slice(at, at + 1000));
}, 60_000);

afterAll(async () => {
  await api?.close();
});

async function autocomplete(q: string, locale = 'cs') {
  const response = await api.app.inject({
    method: 'GET',
    url: `/public/locations/autocomplete?q=${encodeURIComponent(q)}&locale=${locale}&country_code=CZ`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return LocationAutocompleteResponseSchema.parse(response.json()).data;
}

async function reverse(lat: number, lng: number, locale = 'cs') {
  const response = await api.app.inject({
    method: 'GET',
    url: `/public/locations/reverse?lat=${lat}&lng=${lng}&locale=${locale}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return ReverseLocationResponseSchema.parse(response.json()).data;
}

describe('the gazetteer', () => {
  it("has Brno's 29 districts under Brno, slugged once by the city", () => {
    expect(brno).toBeDefined();
    const parts = brno?.parts.map((location) => location.name) ?? [];
    expect(parts).toHaveLength(29);
    expect(parts).toContain('Brno-Královo Pole');
    expect(parts).toContain('Brno-Řečkovice a Mokrá Hora');
    for (const location of brno?.parts ?? []) {
      expect(location.parentId).toBe(brno?.id);
      // Every district lies within 12 km of the city's point.
      expect(haversineKm(at(location), at(brno!)), location.name).toBeLessThan(12);
    }
    const slug = locationNameRows(gazetteer).find(
      (row) => row.locale === 'cs' && row.locationId === part('Brno-Královo Pole')?.id,
    )?.slug;
    expect(slug).toBe('brno-kralovo-pole');
  });
});

describe('GET /public/locations/autocomplete with city parts', () => {
  it('suggests the city part for "Brno-Kr", named with its city', async () => {
    const places = await autocomplete('Brno-Kr');
    expect(places[0]).toMatchObject({
      id: part('Brno-Královo Pole')?.id,
      kind: 'city_part',
      name: 'Brno-Královo Pole',
      parent_id: brno?.id,
      parent_name: 'Brno',
    });
  });

  it('finds a district by its own name without the city, accents ignored', async () => {
    const places = await autocomplete('kralovo pole', 'en');
    expect(places.map((place) => place.name)).toContain('Brno-Královo Pole');
    const zabovresky = await autocomplete('Brno-Zabov');
    expect(zabovresky[0]).toMatchObject({ name: 'Brno-Žabovřesky', parent_name: 'Brno' });
  });

  it('lists Brno before its districts for "Brno", and the districts after it', async () => {
    const places = await autocomplete('Brno');
    expect(places[0]).toMatchObject({ id: brno?.id, kind: 'city' });
    expect(places.slice(1).some((place) => place.kind === 'city_part' && place.parent_id === brno?.id)).toBe(
      true,
    );
  });
});

describe('GET /public/locations/reverse: the city and city part of a point', () => {
  it('names the district a point in Královo Pole lies in, and its city', async () => {
    const place = await reverse(49.2291, 16.5962);
    expect(place.city).toEqual({ id: brno?.id, name: 'Brno' });
    expect(place.city_part).toEqual({ id: part('Brno-Královo Pole')?.id, name: 'Brno-Královo Pole' });
  });

  it("gives the district even when the city's own point is the nearest place", async () => {
    // Right beside Brno's point: the city is the nearest place, Brno-střed its nearest part.
    const place = await reverse(brno!.latitude + 0.0005, brno!.longitude);
    expect(place).toMatchObject({ id: brno?.id, kind: 'city' });
    expect(place.city).toEqual({ id: brno?.id, name: 'Brno' });
    expect(place.city_part).toEqual({ id: part('Brno-střed')?.id, name: 'Brno-střed' });
  });

  it('names the nearest of several districts by great-circle distance', async () => {
    for (const [lat, lng] of [
      [49.2135, 16.5745],
      [49.17, 16.58],
      [49.205, 16.69],
      [49.28, 16.61],
    ] as const) {
      const expected = brno!.parts
        .map((location) => [location, haversineKm({ lat, lng }, at(location))] as const)
        .sort((a, b) => a[1] - b[1])[0]![0];
      const place = await reverse(lat, lng);
      expect(place.city_part?.name, `${lat},${lng}`).toBe(expected.name);
    }
  });

  it('uses a Prague part from GeoNames too, in the asked locale', async () => {
    const karlin = part('Karlín');
    const place = await reverse(karlin!.latitude, karlin!.longitude, 'en');
    expect(place.city).toEqual({ id: praha?.id, name: 'Prague' });
    expect(place.city_part).toEqual({ id: karlin?.id, name: 'Karlín' });
  });

  it(`gives a city without a part within ${REVERSE_CITY_PART_MAX_KM} km, and no part for a town without any`, async () => {
    const small = gazetteer.cities
      .get('CZ')
      ?.find((city) => city.parts.length === 0 && city.population < 20_000);
    const place = await reverse(small!.latitude, small!.longitude);
    expect(place.city).toEqual({ id: small?.id, name: small?.name });
    expect(place.city_part).toBeNull();
  });
});

describe('GET /public/locations/nearby', () => {
  async function nearby(query: string) {
    return api.app.inject({ method: 'GET', url: `/public/locations/nearby?${query}` });
  }

  it("lists Brno's districts around a point in Královo Pole, the most populous first, inside the circle", async () => {
    const point = { lat: 49.2291, lng: 16.5962 };
    const response = await nearby(`lat=${point.lat}&lng=${point.lng}&km=3&locale=en`);
    expect(response.statusCode, response.body).toBe(200);
    const places = NearbyPlacesResponseSchema.parse(response.json()).data;
    const expected = czech
      .filter((location) => location.kind !== 'country' && haversineKm(point, at(location)) <= 3)
      .sort((a, b) => b.population - a.population || a.id - b.id)
      .map((location) => location.id);
    expect(places.map((place) => place.id)).toEqual(expected);
    expect(places.map((place) => place.name)).toContain('Brno-Královo Pole');
    expect(places.map((place) => place.name)).not.toContain('Brno-Bystrc');
  });

  it(`gives at most ${NEARBY_PLACES_LIMIT} places, in the asked locale`, async () => {
    const praha = gazetteer.cities.get('CZ')?.find((city) => city.name === 'Praha');
    const response = await nearby(`lat=${praha!.latitude}&lng=${praha!.longitude}&km=25&locale=en`);
    const places = NearbyPlacesResponseSchema.parse(response.json()).data;
    expect(places.length).toBeLessThanOrEqual(NEARBY_PLACES_LIMIT);
    expect(places[0]).toMatchObject({ id: praha?.id, kind: 'city', name: 'Prague' });
  });

  it('answers an empty list far from every place', async () => {
    const response = await nearby('lat=0&lng=-30&km=10');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: [] });
  });

  it.each([
    ['lat=49&lng=16&km=26', { km: ['validation.number_too_large'] }],
    ['lat=49&lng=16&km=0', { km: ['validation.number_too_small'] }],
    ['lat=49&lng=16', { km: ['validation.invalid_number'] }],
    ['lat=91&lng=16&km=1', { lat: ['validation.number_too_large'] }],
  ])('rejects %s with 422 naming the field', async (query, errors) => {
    const response = await nearby(query);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ code: 'validation_errors', message: 'Validation Error', errors });
  });
});
