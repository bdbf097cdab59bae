// The benchmark queries of issue 4 ("Performance"), Q1..Q7, as parameter sets drawn from a
// fixed seed: every run asks the same questions. Each query kind has a list of variants
// (cities, price ranges, value-set choices) cycled by the timing loops, so no single cached
// plan or page hides the cost. A query is expressed once as HTTP query parameters; the
// database runs parse them with the same filter model as the API (parseFilters).

import type { Db } from '@estately/db';
import { LocalMediaStorage } from '@estately/db/storage';
import {
  type AreaVertex,
  type DrawnArea,
  encodeAreas,
  type FacetGroup,
  MULTI_VALUE_FILTERS,
  parseFilters,
  quantizeCoordinate,
  type SearchFilters,
} from '@estately/domain';
import { sql } from 'drizzle-orm';
import { getOfferDetail, offerDetailBody } from '../../apps/api/src/features/offers/get-offer-detail.ts';
import { listSimilarOffers } from '../../apps/api/src/features/offers/list-similar-offers.ts';
import { clusterOffers } from '../../apps/api/src/features/search/cluster-offers.ts';
import { OfferCountCache } from '../../apps/api/src/features/search/count-cache.ts';
import { countOfferFacets } from '../../apps/api/src/features/search/count-offer-facets.ts';
import type { FacetIndex } from '../../apps/api/src/features/search/facet-index/facet-index.ts';
import { queryRows } from '../../apps/api/src/features/search/offer-conditions.ts';
import { searchOffers } from '../../apps/api/src/features/search/search-offers.ts';
import { pick, seededRandom } from './lib.ts';

export const SEED = 4;
export const VARIANTS = 64;
/** The three facet groups of Q1 (the filter panel's first groups). */
export const Q1_FACETS: FacetGroup[] = ['dispositions', 'ownerships', 'building_types'];
/** The searches `--growth` measures at two sizes: a market, a city viewport, two radii. */
export const GROWTH_QUERIES = ['Q1', 'Q2 bbox', 'Q3 25 km', 'Q3 100 km'] as const;
/** Map zoom levels of Q6. */
export const MAP_ZOOMS = [5, 8, 11, 14] as const;

type Params = Record<string, string>;

interface City {
  country: string;
  lat: number;
  lng: number;
}

export interface QueryVariants {
  /** Q1: country + offer type + property type + price range, newest first, page 1. */
  q1: Params[];
  /** Q2: Q1 inside a city viewport. */
  q2: Params[];
  /** Q2 polygon: Q1 inside a 12-vertex polygon drawn around the city, minus a motorway corridor (issue 44 point 1). */
  q2polygon: Params[];
  /** Q3: Q1 within 25 km / 100 km of a city. */
  q3r25: Params[];
  q3r100: Params[];
  /** Q4: Q1 at page 40. */
  q4: Params[];
  /** Q5: Q1 + six to eight value-set filters. */
  q5: Params[];
  /** Q6: map viewports (a 1280 x 800 px map) per zoom, with the Q1 filters or none. */
  map: Record<number, { filtered: Params[]; unfiltered: Params[] }>;
  /** Q7: offer ids (detail + 4 similar). */
  offerIds: number[];
}

const COMBOS = [
  // Weighted towards the biggest markets of the generator, as traffic would be.
  ['CZ', 'sale', 'apartment'],
  ['CZ', 'sale', 'apartment'],
  ['CZ', 'sale', 'house'],
  ['CZ', 'rent', 'apartment'],
  ['CZ', 'rent', 'house'],
  ['DE', 'sale', 'apartment'],
  ['DE', 'rent', 'apartment'],
  ['PL', 'sale', 'apartment'],
  ['SK', 'sale', 'apartment'],
  ['AT', 'sale', 'apartment'],
] as const;

/** A viewport of a 1280 x 800 px map (5 x ~3 tiles of 256 px) around a point at a zoom. */
export function viewport(lat: number, lng: number, zoom: number): string {
  const width = (360 / 2 ** zoom) * 5;
  const height = Math.min(170, (360 / 2 ** zoom) * 3.1 * Math.cos((lat * Math.PI) / 180));
  const south = Math.max(-85, lat - height / 2);
  const north = Math.min(85, lat + height / 2);
  const west = Math.max(-180, lng - width / 2);
  const east = Math.min(180, lng + width / 2);
  return [south, west, north, east].map((v) => v.toFixed(4)).join(',');
}

/**
 * A drawn search around a city (issue 44 point 1): a 12-vertex polygon about as large as a
 * zoom-12 viewport, its corners at irregular distances (a hand-drawn ring, concave in places),
 * and a motorway corridor across it left out: a 600 m wide band through the city.
 */
export function drawnCityAreas(lat: number, lng: number, random: () => number): string {
  const cosLat = Math.cos((lat * Math.PI) / 180);
  const ring: AreaVertex[] = Array.from({ length: 12 }, (_, i) => {
    const angle = (i / 12) * 2 * Math.PI + random() * 0.2;
    const km = 5 + random() * 7;
    return [
      quantizeCoordinate(lat + (km / 111.2) * Math.sin(angle)),
      quantizeCoordinate(lng + (km / (111.2 * cosLat)) * Math.cos(angle)),
    ];
  });
  const tilt = (random() - 0.5) * 0.6;
  const half = 0.3 / 111.2;
  const reach = 14 / (111.2 * cosLat);
  const corridor: AreaVertex[] = [
    [lat - half + tilt * -reach, lng - reach],
    [lat - half + tilt * reach, lng + reach],
    [lat + half + tilt * reach, lng + reach],
    [lat + half + tilt * -reach, lng - reach],
  ].map(([a, b]) => [quantizeCoordinate(a!), quantizeCoordinate(b!)]);
  const areas: DrawnArea[] = [
    { shape: 'polygon', exclude: false, points: ring },
    { shape: 'polygon', exclude: true, points: corridor },
  ];
  return encodeAreas(areas);
}

export async function buildVariants(db: Db): Promise<QueryVariants> {
  const random = seededRandom(SEED);
  const cities = (
    await queryRows<{ country_code: string; latitude: number; longitude: number }>(
      db,
      sql`select country_code, latitude, longitude from locations
          where kind = 'city' and country_code in ('CZ', 'DE', 'PL', 'SK', 'AT')
          order by population desc, id limit 300`,
    )
  ).map((r): City => ({ country: r.country_code, lat: Number(r.latitude), lng: Number(r.longitude) }));
  const ids = (
    await queryRows<{ id: number | string }>(
      db,
      sql`select id from offers where id % 97 = 0 order by id limit 2000`,
    )
  ).map((r) => Number(r.id));

  const q1: Params[] = [];
  const q1Cities: City[] = [];
  for (let i = 0; i < VARIANTS; i++) {
    const [country, offerType, propertyType] = pick(random, COMBOS);
    const sale = offerType === 'sale';
    const from = sale
      ? 1_000_000 + Math.round(random() * 7_000) * 1_000
      : 8_000 + Math.round(random() * 22) * 1_000;
    const to = Math.round(from * (1.5 + random() * 2));
    q1.push({
      country_code: country,
      offer_type: offerType,
      property_type: propertyType,
      price_from: String(from),
      price_to: String(to),
      currency: 'CZK',
    });
    const local = cities.filter((c) => c.country === country);
    // Big cities more often: the first tenth of the list by population half of the time.
    const pool = random() < 0.5 ? local.slice(0, Math.max(1, Math.ceil(local.length / 10))) : local;
    q1Cities.push(pool.length > 0 ? pick(random, pool) : { country, lat: 50.08, lng: 14.43 });
  }
  const withQ1 = (extra: (i: number) => Params): Params[] => q1.map((p, i) => ({ ...p, ...extra(i) }));
  const city = (i: number): City => q1Cities[i] as City;

  const groups = Object.keys(MULTI_VALUE_FILTERS) as Array<keyof typeof MULTI_VALUE_FILTERS>;
  const q5 = withQ1(() => {
    const count = 6 + Math.floor(random() * 3);
    const chosen = [...groups].sort(() => random() - 0.5).slice(0, count);
    const params: Params = {};
    for (const group of chosen) {
      const values = [...MULTI_VALUE_FILTERS[group]] as string[];
      const take = 1 + Math.floor(random() * Math.min(3, values.length));
      params[group] = values
        .sort(() => random() - 0.5)
        .slice(0, take)
        .join(',');
    }
    return params;
  });

  const map: QueryVariants['map'] = {};
  for (const zoom of MAP_ZOOMS) {
    const filtered = withQ1((i) => ({ bbox: viewport(city(i).lat, city(i).lng, zoom), zoom: String(zoom) }));
    const unfiltered = q1.map((_, i) => ({
      bbox: viewport(city(i).lat, city(i).lng, zoom),
      zoom: String(zoom),
    }));
    map[zoom] = { filtered, unfiltered };
  }

  const shuffled = [...ids].sort(() => random() - 0.5).slice(0, 500);
  return {
    q1,
    q2: withQ1((i) => ({ bbox: viewport(city(i).lat, city(i).lng, 12) })),
    // A random stream of its own, so the other variants stay what they were.
    q2polygon: ((drawn) => withQ1((i) => ({ areas: drawnCityAreas(city(i).lat, city(i).lng, drawn) })))(
      seededRandom(SEED + 44),
    ),
    q3r25: withQ1((i) => ({ lat: String(city(i).lat), lng: String(city(i).lng), radius_km: '25' })),
    q3r100: withQ1((i) => ({ lat: String(city(i).lat), lng: String(city(i).lng), radius_km: '100' })),
    q4: withQ1(() => ({ page: '40' })),
    q5,
    map,
    offerIds: shuffled,
  };
}

export function queryString(params: Params): string {
  return new URLSearchParams(params).toString();
}

function filtersOf(params: Params): SearchFilters {
  const parsed = parseFilters(params);
  if (!parsed.success) throw new Error(`bench query rejected: ${JSON.stringify(parsed.errors)}`);
  return parsed.data;
}

export interface Operations {
  /** List page with total (GET /public/offers). */
  list(params: Params): Promise<unknown>;
  /** The Q1 facet groups (GET /public/offers/facets). */
  facets(params: Params, groups?: FacetGroup[]): Promise<unknown>;
  /** Total only. */
  total(params: Params): Promise<unknown>;
  /** Map clusters (GET /public/offers/map). */
  map(params: Params): Promise<unknown>;
  /** Detail + 4 similar offers. */
  detail(id: number): Promise<unknown>;
  similar(id: number): Promise<unknown>;
}

/**
 * The API's operation functions on a database: database time without HTTP. With a count cache
 * they answer as the API does (a process-wide cache checked against the change counters);
 * without one every total and facet count is computed (the "cold" figures).
 */
export function databaseOperations(db: Db, cache?: OfferCountCache, index?: FacetIndex): Operations {
  const storage = new LocalMediaStorage({ root: '/tmp/estately-bench-media' });
  const cached = cache ? { cache, ...(index ? { index } : {}) } : {};
  // Details (encoded) and similar offers are kept in caches of their own, as the offers routes
  // keep them.
  const kept = cache ? { cache: new OfferCountCache({ maxEntries: 5_000 }) } : {};
  const details = cache ? new OfferCountCache({ maxEntries: 5_000, maxRows: 40_960 }) : undefined;
  // The fair price's comparable offers per group, as the detail route keeps them (decision 064).
  const comparableGroups = new OfferCountCache({ maxEntries: 5_000, maxRows: 100_000 });
  return {
    list: (params) => searchOffers({ db, filters: filtersOf(params), storage, ...cached }),
    facets: (params, groups = Q1_FACETS) =>
      countOfferFacets({ db, filters: filtersOf(params), groups, ...cached }),
    total: (params) => countOfferFacets({ db, filters: filtersOf(params), groups: [], ...cached }),
    map: (params) => {
      const filters = filtersOf(params);
      if (!filters.bbox) throw new Error('map query without bbox');
      return clusterOffers({
        db,
        filters: { ...filters, bbox: filters.bbox },
        zoom: Number(params.zoom),
        ...cached,
      });
    },
    detail: (id) =>
      details
        ? offerDetailBody({ db, id, storage, bodies: details, comparableGroups, check: false })
        : getOfferDetail({ db, id, storage }),
    similar: (id) => listSimilarOffers({ db, id, limit: 4, storage, ...kept }),
  };
}

/** The same operations over HTTP (one request each, keep-alive). */
export function httpOperations(baseUrl: string): Operations {
  const get = async (path: string) => {
    const response = await fetch(`${baseUrl}${path}`);
    const body = await response.text();
    if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${body.slice(0, 300)}`);
    return body;
  };
  return {
    list: (params) => get(`/public/offers?${queryString(params)}`),
    facets: (params, groups = Q1_FACETS) =>
      get(`/public/offers/facets?${queryString({ ...params, groups: groups.join(',') })}`),
    total: (params) => get(`/public/offers/facets?${queryString({ ...params, groups: 'offer_type' })}`),
    map: (params) => get(`/public/offers/map?${queryString(params)}`),
    detail: (id) => get(`/public/offers/${id}`),
    similar: (id) => get(`/public/offers/${id}/similar_offers?limit=4`),
  };
}

export interface NamedQuery {
  name: string;
  run: (ops: Operations, i: number) => Promise<unknown>;
}

/** Q1..Q7 as the table lists them (Q2 also with drawn areas); `i` picks the variant. */
export function namedQueries(v: QueryVariants): NamedQuery[] {
  const at = <T>(list: readonly T[], i: number): T => list[i % list.length] as T;
  // A search page: list with total and the three facet groups, side by side as the web asks.
  const search = (list: Params[]) => (ops: Operations, i: number) =>
    Promise.all([ops.list(at(list, i)), ops.facets(at(list, i))]);
  const queries: NamedQuery[] = [
    { name: 'Q1', run: search(v.q1) },
    { name: 'Q1 list+total', run: (ops, i) => ops.list(at(v.q1, i)) },
    { name: 'Q1 facets(3)', run: (ops, i) => ops.facets(at(v.q1, i)) },
    { name: 'Q1 total only', run: (ops, i) => ops.total(at(v.q1, i)) },
    { name: 'Q2 bbox', run: search(v.q2) },
    { name: 'Q2 polygon', run: search(v.q2polygon) },
    { name: 'Q3 25 km', run: search(v.q3r25) },
    { name: 'Q3 100 km', run: search(v.q3r100) },
    { name: 'Q4 page 40', run: search(v.q4) },
    { name: 'Q5 6-8 sets', run: search(v.q5) },
  ];
  for (const zoom of MAP_ZOOMS) {
    const lists = v.map[zoom];
    if (!lists) continue;
    queries.push({ name: `Q6 z${zoom} filtered`, run: (ops, i) => ops.map(at(lists.filtered, i)) });
    queries.push({ name: `Q6 z${zoom} all`, run: (ops, i) => ops.map(at(lists.unfiltered, i)) });
  }
  // The first VARIANTS offers, like every other query's variants: the warm pass asks each once.
  const offerIds = v.offerIds.slice(0, VARIANTS);
  queries.push({
    name: 'Q7 detail+4',
    run: (ops, i) => Promise.all([ops.detail(at(offerIds, i)), ops.similar(at(offerIds, i))]),
  });
  queries.push({ name: 'Q7 detail', run: (ops, i) => ops.detail(at(offerIds, i)) });
  return queries;
}

/**
 * Q1..Q3, coarse map zooms and Q7 without the caches (database time only): what a question
 * nobody asked since the last change to its offers costs, and the bound of every cache miss.
 */
export function coldQueries(v: QueryVariants): NamedQuery[] {
  return namedQueries(v)
    .filter((q) =>
      [
        'Q1',
        'Q1 total only',
        'Q2 bbox',
        'Q2 polygon',
        'Q3 25 km',
        'Q3 100 km',
        'Q6 z5 filtered',
        'Q6 z5 all',
        'Q6 z8 filtered',
        'Q7 detail+4',
      ].includes(q.name),
    )
    .map((q) => ({ ...q, name: `${q.name} cold` }));
}

/**
 * The cold rows' questions through the process's facet index (kept up to date, as the API's
 * is) but with no answer kept: what the first asking of a question costs, e.g. the first
 * after a write to its partition (decision 025).
 */
export function freshQueries(v: QueryVariants): NamedQuery[] {
  return coldQueries(v).map((q) => ({ ...q, name: q.name.replace(/ cold$/, ' fresh') }));
}

/** Q9: Q1 and Q2 while writes go on (the writes themselves are scripts/bench/writes.ts). */
export function q9Queries(v: QueryVariants): NamedQuery[] {
  return namedQueries(v)
    .filter((q) => ['Q1', 'Q2 bbox'].includes(q.name))
    .map((q) => ({ ...q, name: `Q9 ${q.name}` }));
}
