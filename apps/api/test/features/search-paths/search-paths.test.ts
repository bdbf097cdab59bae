import { type Db, type LocationKind, locationNames, locations } from '@estately/db';
import {
  ComposeSearchPathResponseSchema,
  countrySlug,
  DecomposeSearchPathResponseSchema,
  LOCALES,
  type Locale,
  languageOf,
  offerTypeSlug,
  parseFilters,
  propertyTypeSlug,
  type SearchFilters,
  searchWord,
  UNIVERSAL_SEARCH_WORD,
} from '@estately/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApi, type TestApi } from '../../support/helpers.ts';

// POST /public/offer_search_path/decompose and /compose (spec 7) over the search URLs of
// spec 2 in all 30 locales, with locality slugs resolved against the gazetteer.

async function insertPlace(
  db: Db,
  place: { kind: LocationKind; parentId?: number; countryCode: string; population: number },
  names: Partial<Record<Locale, [string, string]>>,
): Promise<number> {
  const [row] = await db
    .insert(locations)
    .values({ ...place, latitude: 50, longitude: 14 })
    .returning({ id: locations.id });
  const id = row!.id;
  await db.insert(locationNames).values(
    (Object.entries(names) as [Locale, [string, string]][]).map(([locale, [name, slug]]) => ({
      locationId: id,
      locale,
      countryCode: place.countryCode,
      kind: place.kind,
      name,
      slug,
      population: place.population,
    })),
  );
  return id;
}

/** Praha's name and slug in a locale: its exonym where the language has one. */
function prahaIn(locale: Locale): [string, string] {
  const language = languageOf(locale);
  if (language === 'cs' || language === 'sk') return ['Praha', 'praha'];
  if (language === 'de') return ['Prag', 'prag'];
  if (['it', 'pl', 'es', 'pt', 'bs', 'hr', 'sr'].includes(language)) return ['Praga', 'praga'];
  return ['Prague', 'prague'];
}

function inEveryLocale(name: (locale: Locale) => [string, string]) {
  return Object.fromEntries(LOCALES.map((locale) => [locale, name(locale)])) as Record<
    Locale,
    [string, string]
  >;
}

const ids = { cz: 0, de: 0, praha: 0, vinohrady: 0, munchen: 0 };
let api: TestApi;

beforeAll(async () => {
  api = await buildTestApi();
  const { db } = api;
  ids.cz = await insertPlace(
    db,
    { kind: 'country', countryCode: 'CZ', population: 10_500_000 },
    inEveryLocale((locale) => ['Czechia', countrySlug(locale, 'CZ')]),
  );
  ids.de = await insertPlace(
    db,
    { kind: 'country', countryCode: 'DE', population: 83_000_000 },
    inEveryLocale((locale) => [locale === 'cs' ? 'Německo' : 'Germany', countrySlug(locale, 'DE')]),
  );
  ids.praha = await insertPlace(
    db,
    { kind: 'city', parentId: ids.cz, countryCode: 'CZ', population: 1_300_000 },
    inEveryLocale(prahaIn),
  );
  ids.vinohrady = await insertPlace(
    db,
    { kind: 'city_part', parentId: ids.praha, countryCode: 'CZ', population: 50_000 },
    { cs: ['Vinohrady', 'praha-vinohrady'], en: ['Vinohrady', 'prague-vinohrady'] },
  );
  ids.munchen = await insertPlace(
    db,
    { kind: 'city', parentId: ids.de, countryCode: 'DE', population: 1_500_000 },
    { de: ['München', 'munchen'], cs: ['Mnichov', 'mnichov'], en: ['Munich', 'munich'] },
  );
});

afterAll(async () => {
  await api?.close();
});

async function decompose(path: string) {
  return api.app.inject({ method: 'POST', url: '/public/offer_search_path/decompose', payload: { path } });
}

async function compose(locale: string, filters: Record<string, unknown>) {
  return api.app.inject({
    method: 'POST',
    url: '/public/offer_search_path/compose',
    payload: { locale, filters },
  });
}

function canonical(input: Record<string, unknown>): SearchFilters {
  const parsed = parseFilters(input);
  if (!parsed.success) throw new Error(JSON.stringify(parsed.errors));
  return parsed.data;
}

describe('compose and decompose in every locale', () => {
  it.each(LOCALES)('%s: filters -> path -> the same filters and place', async (locale) => {
    const slug = prahaIn(locale)[1];
    const filters = canonical({
      offer_type: 'sale',
      property_type: 'apartment',
      country_code: 'CZ',
      locality: slug,
      dispositions: ['3', '2'],
      price_from: 2_000_000,
      currency: 'CZK',
      has_floor_plan: true,
      sort: 'price_asc',
    });
    const expectedPath = [
      '',
      locale,
      searchWord(locale),
      offerTypeSlug(locale, 'sale'),
      propertyTypeSlug(locale, 'apartment'),
      countrySlug(locale, 'CZ'),
      slug,
    ].join('/');
    const expectedQuery = 'currency=CZK&dispositions=2,3&has_floor_plan=1&price_from=2000000&sort=price_asc';

    const composed = await compose(locale, filters as unknown as Record<string, unknown>);
    expect(composed.statusCode, composed.body).toBe(200);
    const { path, location_id } = ComposeSearchPathResponseSchema.parse(composed.json());
    expect(path).toBe(`${expectedPath}?${expectedQuery}`);
    expect(location_id).toBe(ids.praha);

    const decomposed = await decompose(path);
    expect(decomposed.statusCode, decomposed.body).toBe(200);
    const body = DecomposeSearchPathResponseSchema.parse(decomposed.json());
    expect(body).toEqual({
      locale,
      filters,
      canonical_path: path,
      location_id: ids.praha,
      location: { id: ids.praha, kind: 'city', name: prahaIn(locale)[0], slug, country_code: 'CZ' },
    });
  });

  it.each(LOCALES)(`%s: accepts "${UNIVERSAL_SEARCH_WORD}" and answers with its own word`, async (locale) => {
    const tail = `${offerTypeSlug(locale, 'rent')}/${countrySlug(locale, 'CZ')}?dispositions=2`;
    const response = await decompose(`/${locale}/${UNIVERSAL_SEARCH_WORD}/${tail}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      locale,
      filters: canonical({ offer_type: 'rent', country_code: 'CZ', dispositions: '2' }),
      canonical_path: `/${locale}/${searchWord(locale)}/${tail}`,
      location_id: null,
      location: null,
    });
  });
});

describe('POST /public/offer_search_path/decompose', () => {
  it('reads an absolute URL and a path without a locality', async () => {
    const response = await decompose('https://estately.example/de/suche/kaufen?dispositions=2&page=3');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      locale: 'de',
      filters: { offer_type: 'sale', dispositions: ['2'], page: 3, sort: 'activated_at_desc', per_page: 25 },
      canonical_path: '/de/suche/kaufen?dispositions=2&page=3',
      location_id: null,
      location: null,
    });
  });

  it("answers a locality slug of another locale with the path's own slug", async () => {
    const response = await decompose('/en/search/czechia/praha');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      filters: { country_code: 'CZ', locality: 'prague' },
      canonical_path: '/en/search/czechia/prague',
      location_id: ids.praha,
      location: { name: 'Prague', slug: 'prague' },
    });
  });

  it('resolves city parts', async () => {
    const response = await decompose('/cs/hledani/prodej/byty/cesko/praha-vinohrady');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      location_id: ids.vinohrady,
      location: { kind: 'city_part', name: 'Vinohrady', slug: 'praha-vinohrady', country_code: 'CZ' },
    });
  });

  it('answers 404 for a locality that names no place in the country', async () => {
    for (const path of ['/cs/hledani/prodej/cesko/atlantis', '/cs/hledani/nemecko/praha']) {
      const response = await decompose(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.json()).toEqual({ code: 'not_found', message: 'Not Found' });
    }
  });

  it.each([
    ['/en/listings', 'validation.invalid_value'],
    ['/xx/search', 'validation.invalid_value'],
    ['/en/suche', 'validation.invalid_value'],
    ['/en/search/flying-saucers', 'validation.invalid_slug'],
    ['/en/search/apartments/sale', 'validation.invalid_slug'],
    ['/cs/hledani/prodej/praha', 'validation.invalid_slug'],
  ])('rejects %s with 422 on path', async (path, key) => {
    const response = await decompose(path);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'validation_errors',
      message: 'Validation Error',
      errors: { path: [key] },
    });
  });

  it('rejects query filters that break spec 5, keyed by the filter', async () => {
    const response = await decompose('/en/search/sale?price_from=100&lat=95&lng=14');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      currency: ['validation.price_currency_required'],
      lat: ['validation.number_too_large'],
    });
  });

  it('requires a path', async () => {
    for (const payload of [{}, { path: '' }, { path: 42 }]) {
      const response = await api.app.inject({
        method: 'POST',
        url: '/public/offer_search_path/decompose',
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['path']);
    }
  });
});

describe('POST /public/offer_search_path/compose', () => {
  it('writes the bare search path for no filters', async () => {
    const response = await compose('cs', {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ path: '/cs/hledani', location_id: null, location: null });
  });

  it('drops a currency without price bounds, as the web does, and keeps it with one', async () => {
    const bare = await compose('en', { offer_type: 'sale', currency: 'EUR' });
    expect(bare.statusCode, bare.body).toBe(200);
    expect(bare.json().path).toBe('/en/search/sale');

    const priced = await compose('en', { offer_type: 'sale', currency: 'EUR', price_to: 300_000 });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json().path).toBe('/en/search/sale?currency=EUR&price_to=300000');
  });

  it('turns a city part location id into country and locality segments', async () => {
    const response = await compose('cs', { location_id: ids.vinohrady, offer_type: 'rent' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      path: '/cs/hledani/pronajem/cesko/praha-vinohrady',
      location_id: ids.vinohrady,
      location: { kind: 'city_part', slug: 'praha-vinohrady' },
    });
  });

  it('turns a country location id into the country segment', async () => {
    const response = await compose('en', { location_id: ids.de, property_type: 'house' });
    expect(response.statusCode).toBe(200);
    expect(response.json().path).toBe(`/en/search/houses/${countrySlug('en', 'DE')}`);
  });

  it('translates a locality slug into the target locale (language switch)', async () => {
    const response = await compose('de', { country_code: 'CZ', locality: 'prague' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      path: `/de/suche/${countrySlug('de', 'CZ')}/prag`,
      location_id: ids.praha,
    });
  });

  it('answers 404 for an unknown location id or locality', async () => {
    for (const filters of [{ location_id: 999_999 }, { country_code: 'DE', locality: 'praha' }]) {
      const response = await compose('cs', filters);
      expect(response.statusCode, JSON.stringify(filters)).toBe(404);
    }
  });

  it('rejects a location id in another country than country_code', async () => {
    const response = await compose('cs', { location_id: ids.praha, country_code: 'DE' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ 'filters.location_id': ['validation.invalid_value'] });
  });

  it('rejects filters that break spec 5 and unknown locales', async () => {
    const noCurrency = await compose('en', { price_from: 100 });
    expect(noCurrency.statusCode).toBe(422);
    expect(noCurrency.json().errors).toEqual({
      'filters.currency': ['validation.price_currency_required'],
    });

    const radius = await compose('en', { lat: 50, lng: 14, radius_km: 101 });
    expect(radius.statusCode).toBe(422);
    expect(radius.json().errors).toEqual({ 'filters.radius_km': ['validation.number_too_large'] });

    const locale = await compose('xx', {});
    expect(locale.statusCode).toBe(422);
    expect(locale.json().errors).toEqual({ locale: ['validation.invalid_value'] });
  });
});

describe('OpenAPI', () => {
  it('documents both calls under the search-paths tag', async () => {
    const document = (await api.app.inject({ method: 'GET', url: '/docs/json' })).json();
    for (const path of ['/public/offer_search_path/decompose', '/public/offer_search_path/compose']) {
      expect(document.paths[path]?.post?.tags, path).toEqual(['search-paths']);
    }
  });
});
