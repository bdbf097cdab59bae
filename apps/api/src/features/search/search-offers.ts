import { type Db, offers } from '@estately/db';
import type { MediaStorage } from '@estately/db/storage';
import {
  type Currency,
  DEFAULT_CURRENCY,
  type ExchangeRates,
  pageMeta,
  pageOffset,
  type SearchFilters,
  type SearchOffersResponse,
  SearchOffersResponseSchema,
  type Sort,
} from '@estately/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import { perDatabase } from '../../lib/per-database.ts';
import {
  cardRowsOfJson,
  offerCardColumns,
  offerCardsJson,
  toOfferCard,
} from '../offers-shared/offer-card.ts';
import { countScope, type OfferCountCache } from './count-cache.ts';
import { indexable, partitionOnly, partitionTotalStatement } from './facet-count-rows.ts';
import type { FacetIndex } from './facet-index-types.ts';
import { allConditions, type OfferConditions, queryRows } from './offer-conditions.ts';
import { conditionsWithoutLookups, prepareSearch } from './prepare-search.ts';
import { COUNTERS_TOTAL, RATES_TEXT, type ReadSnapshot, readVersions } from './read-versions.ts';
import { encodeBody } from './trusted-serializer.ts';

export interface SearchOffersOptions {
  db: Db;
  filters: SearchFilters;
  storage: MediaStorage;
  /** "Now" for the listing-age filter. */
  now?: Date;
  /** Serves the total from memory while no offer it counts has changed. */
  cache?: OfferCountCache;
  /** Counts the total of a search by partition and value-set choices (facet-index.ts); with `cache`. */
  index?: FacetIndex;
  /**
   * A snapshot of the change counters the caller read after its request came (with `cache`):
   * the answer is taken under it instead of a snapshot of its own.
   */
  snapshot?: ReadSnapshot;
  /**
   * Offers the person asking hid (decision 072): left out. Such a search is the person's own,
   * answered in SQL and kept nowhere (the index and the caches hold everyone's answers).
   */
  hidden?: readonly number[];
}

/**
 * Spec 9 sorts. Every order ends with the id so pages never overlap or skip offers that tie;
 * offers without a price or area go last either way.
 */
const ORDER_BY: Readonly<Record<Sort, SQL[]>> = {
  // Null placement spelled out to match offers_type_country_rank_id_idx (DESC NULLS LAST, read
  // backwards for ascending) so the planner can walk the index; no column is null. Offers "not
  // confirmed recently" come after the confirmed ones, and first in the reverse order (decision 065).
  activated_at_desc: [
    sql`${offers.isUnconfirmed} asc`,
    sql`${offers.activatedAt} desc nulls last`,
    sql`${offers.id} desc nulls last`,
  ],
  activated_at_asc: [
    sql`${offers.isUnconfirmed} desc`,
    sql`${offers.activatedAt} asc nulls first`,
    sql`${offers.id} asc nulls first`,
  ],
  price_asc: [sql`${offers.priceNormalized} asc nulls last`, sql`${offers.id} asc`],
  price_desc: [sql`${offers.priceNormalized} desc nulls last`, sql`${offers.id} desc`],
  area_asc: [sql`${offers.usefulAreaMeters} asc nulls last`, sql`${offers.id} asc`],
  area_desc: [sql`${offers.usefulAreaMeters} desc nulls last`, sql`${offers.id} desc`],
};

/**
 * Areas from this size (square degrees; a 100 km radius in central Europe is about 5, 25 km
 * about 0.3) are walked first. Smaller ones hold too few of the partition's offers for a walk
 * to beat the area index. Since the walk reads index entries only (offers_public_newest_idx,
 * migration 0012), a 25 km circle is walked too: a chunk of 250 entries took 0.8 ms where
 * sorting the circle's 1,400-4,100 band entries took 13-30 ms on the busy benchmark machine.
 */
const WALK_FROM_SQ_DEG = 0.2;
const WALK_CHUNK = 250;
const WALK_MAX_ROWS = 1_000;

/**
 * The ids of the newest offers matching a large-area search, found by walking the newest
 * offers of everything but the area (offers_type_country_rank_id_idx, in order) and
 * testing the area on each: a 100 km circle around a city holds a large share of its
 * country's offers, so a page is full after a few hundred rows. The planner cannot see this
 * (it estimates any area at 0.1 % of the rows) and would read every offer in the area to sort
 * them. Null when WALK_MAX_ROWS rows did not fill the page: then the area is sparse and the
 * area index is the better road.
 */
async function walkNewest(db: Db, conditions: OfferConditions, need: number): Promise<number[] | null> {
  const areas = conditions.areas.map((area) => area.condition);
  const rest = allConditions({
    common: conditions.common.filter((condition) => !areas.includes(condition)),
    groups: conditions.groups,
    areas: [],
  });
  const inArea = sql.join(areas, sql` and `);
  const found: number[] = [];
  let cursor: { unconfirmed: boolean; at: string; id: number } | null = null;
  for (let walked = 0; walked < WALK_MAX_ROWS; walked += WALK_CHUNK) {
    // After the last offer walked in (flag, newest first, id): the rest of its flag's run, and
    // after the confirmed offers every unconfirmed one.
    const later: SQL = sql`(${offers.activatedAt} < ${cursor?.at ?? null}::timestamptz or (${offers.activatedAt} = ${cursor?.at ?? null}::timestamptz and ${offers.id} < ${cursor?.id ?? null}))`;
    const after: SQL = !cursor
      ? sql``
      : cursor.unconfirmed
        ? sql`and ${offers.isUnconfirmed} and ${later}`
        : sql`and (${offers.isUnconfirmed} or (not ${offers.isUnconfirmed} and ${later}))`;
    // The inner query walks the index (its LIMIT makes that the cheapest plan), on the index
    // entries alone when offers_public_newest_idx covers the filters; the outer one, aliased as
    // the table, tests the area on the entries walked. Latitude and longitude are read from
    // the point (the same values: the point is generated from them), which the index carries.
    const rows = await queryRows<{ id: number | string; at: string; hit: boolean; unconfirmed: boolean }>(
      db,
      sql`select ${offers.id} as id, ${offers.activatedAt}::text as at, ${offers.isUnconfirmed} as unconfirmed,
                 coalesce(${inArea}, false) as hit
          from (select ${offers.id}, ${offers.isUnconfirmed}, ${offers.activatedAt}, ${offers.location}, ${offers.location}[0] as longitude,
                       ${offers.location}[1] as latitude
                from ${offers} where ${rest} ${after}
                order by ${sql.join(ORDER_BY.activated_at_desc, sql`, `)} limit ${WALK_CHUNK}) as offers
          order by ${sql.join(ORDER_BY.activated_at_desc, sql`, `)}`,
    );
    for (const row of rows) {
      if (!row.hit) continue;
      found.push(Number(row.id));
      if (found.length >= need) return found;
    }
    const last = rows[rows.length - 1];
    // Every offer outside the area has been seen: the matches found are all there are.
    if (rows.length < WALK_CHUNK || !last) return found;
    cursor = { unconfirmed: Boolean(last.unconfirmed), at: last.at, id: Number(last.id) };
  }
  return null;
}

/**
 * GET /public/offers (spec 7, spec 9): one page of active offers matching every filter, in
 * the asked order, with the paging meta of spec 3 and prices in `filters.currency` (default
 * CZK).
 */
export async function searchOffers(options: SearchOffersOptions): Promise<SearchOffersResponse> {
  const { db, filters, storage, now = new Date() } = options;
  const hidden = options.hidden ?? [];
  const personal = hidden.length > 0;
  const cache = personal ? undefined : options.cache;
  const index = personal ? undefined : options.index;
  const offset = pageOffset(filters.page, filters.per_page);
  /** The cards of `wanted`, in that order. */
  const cardsById = async (wanted: readonly number[]): Promise<CardRow[]> => {
    if (wanted.length === 0) return [];
    const cards = (await preparedCards(db).execute({ ids: [...wanted] })) as CardRow[];
    const byId = new Map(cards.map((card) => [card.id, card]));
    return wanted.flatMap((id) => byId.get(id) ?? []);
  };
  const page = async (conditions: OfferConditions): Promise<CardRow[]> => {
    const walk =
      filters.sort === 'activated_at_desc' &&
      conditions.areas.length > 0 &&
      conditions.areas.every((area) => area.squareDegrees >= WALK_FROM_SQ_DEG) &&
      offset + filters.per_page <= WALK_CHUNK;
    const ids = walk ? await walkNewest(db, conditions, offset + filters.per_page) : null;
    if (ids === null) {
      // The page's ids first, from index entries alone where an index covers the filters
      // (offers_public_newest_idx, offers_public_area_idx: migration 0012); then the page's 25
      // rows by primary key. Reading the wide rows of every candidate is what cost.
      const page = db
        .select({ id: offers.id })
        .from(offers)
        .where(allConditions(conditions))
        .orderBy(...ORDER_BY[filters.sort])
        .limit(filters.per_page)
        .offset(offset)
        .as('page');
      return db
        .select(offerCardColumns)
        .from(offers)
        .innerJoin(page, eq(page.id, offers.id))
        .orderBy(...ORDER_BY[filters.sort]);
    }
    return cardsById(ids.slice(offset, offset + filters.per_page));
  };
  // A search by offer type, property type and country alone adds up the pre-aggregated
  // counts (facet-count-rows.ts) instead of counting up to every public offer.
  const totalStatement = (conditions: OfferConditions) =>
    partitionOnly(filters) && !personal ? partitionTotalStatement(filters) : countStatement(conditions);
  const countTotal = async (conditions: OfferConditions) =>
    Number((await queryRows<{ total: number }>(db, totalStatement(conditions)))[0]?.total ?? 0);
  const respond = (rows: CardRow[], count: number, rates: ExchangeRates): SearchOffersResponse =>
    responseOf(filters, storage, rows, count, rates);

  if (cache && index && !options.snapshot) {
    const answer = await searchAsHeld({ db, filters, cache, index, now, offset });
    if (answer) return respond(answer.rows, answer.total, answer.rates);
  }

  if (cache) {
    // The page and the total are both kept under the change counters of the filter's
    // partition, from one snapshot shared with the requests of the moment (read-versions.ts):
    // a repeated search costs no query while none of its offers changed. The page's rows are
    // kept in the offers' own currency and converted with the live rates on every answer.
    const scope = countScope(filters);
    const {
      conditions,
      version = '',
      rates,
      snapshot,
    } = await prepareSearch(db, filters, now, scope, options.snapshot);
    const versioned = `${version}|${snapshot?.ratesKey ?? ''}`;
    if (index && snapshot && !partitionOnly(filters) && indexable(filters)) {
      // The process's facet index selects the page's ids and counts the total in one pass
      // over the partitions (facet-index.ts); the page's cards are then read by id.
      const selected = await cache.getKeyed(pageKey(filters, now, 'index'), versioned, () =>
        index.page(db, snapshot, filters, offset, filters.per_page),
      );
      if (selected) {
        const rows = await cache.getKeyed(pageKey(filters, now), versioned, () => cardsById(selected.ids));
        return respond(rows, selected.total, rates);
      }
    }
    const [rows, count] = await Promise.all([
      cache.getKeyed(pageKey(filters, now), versioned, () => page(conditions)),
      cache.get(db, scope, totalStatement(conditions), () => countTotal(conditions), version),
    ]);
    return respond(rows, count, rates);
  }

  // Uncached: the page goes alongside the rates when its conditions need neither the rates
  // nor a place's centre.
  const prepared = prepareSearch(db, filters, now, undefined, undefined, hidden);
  const early = conditionsWithoutLookups(filters, now, hidden);
  const [rows, count, { rates }] = await Promise.all([
    early ? page(early) : prepared.then((p) => page(p.conditions)),
    prepared.then((p) => countTotal(p.conditions)),
    prepared,
  ]);
  return respond(rows, count, rates);
}

type CardRow = Parameters<typeof toOfferCard>[0];

/** The answer of a page's rows and total, prices in the asked currency with `rates`. */
function responseOf(
  filters: SearchFilters,
  storage: MediaStorage,
  rows: readonly CardRow[],
  count: number,
  rates: ExchangeRates,
): SearchOffersResponse {
  const currency: Currency = filters.currency ?? DEFAULT_CURRENCY;
  return {
    data: rows.map((row) => toOfferCard(row, { currency, rates, storage })),
    meta: pageMeta(count, filters.page, filters.per_page),
  };
}

/**
 * A search the facet index answers, in one round trip when nothing changed since the last
 * snapshot of the change counters (docs/decisions/025, addendum on fresh searches). The page
 * is selected from the partitions as the index holds them, provided each is held at that
 * snapshot's counters; then one statement reads the page's cards together with the counters'
 * total and the rates. Counters only grow, so the same total means no offer changed between
 * that snapshot and this statement, which was sent after the request came: the page, the
 * total and the cards are those of the database now, as fresh as a snapshot read first. Null
 * when the guess cannot be made or checked (the caller takes a snapshot and syncs the index).
 * The kept page (decision 022) is preferred when there is one: its check is a snapshot alone.
 */
async function searchAsHeld(options: {
  db: Db;
  filters: SearchFilters;
  cache: OfferCountCache;
  index: FacetIndex;
  now: Date;
  offset: number;
}): Promise<{ rows: CardRow[]; total: number; rates: ExchangeRates; versioned: string } | null> {
  const { db, filters, cache, index, now, offset } = options;
  if (partitionOnly(filters) || !indexable(filters)) return null;
  const base = readVersions(db).latest();
  if (!base) return null;
  const versioned = `${base.version(countScope(filters))}|${base.ratesKey}`;
  const key = pageKey(filters, now);
  if (cache.holds(key, versioned)) return null;
  const held = index.pageAsHeld(db, base, filters, offset, filters.per_page);
  if (!held) return null;
  const { ids, total } = held.value;
  const [checked] = (await preparedCheckedCards(db).execute({
    ids,
    total: base.total,
    rates: base.ratesKey,
  })) as { unchanged: boolean; cards: string | null }[];
  if (checked?.unchanged !== true) return null;
  held.confirm();
  const byId = new Map<number, CardRow>();
  for (const row of cardRowsOfJson(checked.cards)) byId.set(row.id, row);
  const rows = ids.flatMap((id) => byId.get(id) ?? []);
  // Kept as the snapshot path keeps them, under the snapshot the answer was checked against.
  cache.put(pageKey(filters, now, 'index'), versioned, held.value);
  cache.put(key, versioned, rows);
  return { rows, total, rates: base.rates, versioned };
}

/**
 * The cards of a list of offer ids (offerCardsJson), read by one statement (one MVCC snapshot)
 * with whether the change counters' total and the rates are still `total` and `rates` (a
 * snapshot's `total` and `ratesKey`); prepared once per database.
 */
function checkedCardsStatement(db: Db) {
  return db
    .select({
      unchanged: sql<boolean>`${COUNTERS_TOTAL} = ${sql.placeholder('total')}::text
        and coalesce(${RATES_TEXT}, '') = ${sql.placeholder('rates')}::text`,
      cards: offerCardsJson(sql`${offers.id} = any(${sql.placeholder('ids')}::bigint[])`),
    })
    .from(sql`(select 1) as checked`)
    .prepare('offer_cards_by_id_checked');
}

const preparedCheckedCards = perDatabase(checkedCardsStatement);

/** The cards of a list of offer ids, prepared once per database (the page selected by the index). */
function cardsStatement(db: Db) {
  return db
    .select(offerCardColumns)
    .from(offers)
    .where(sql`${offers.id} = any(${sql.placeholder('ids')}::bigint[])`)
    .prepare('offer_cards_by_id');
}

const preparedCards = perDatabase(cardsStatement);

export interface SearchOffersBodyOptions extends SearchOffersOptions {
  cache: OfferCountCache;
  /** Encoded answers, kept under the same counters as the pages and totals they hold. */
  bodies: OfferCountCache;
  /** Check each body against its schema (tests). */
  check: boolean;
}

/**
 * GET /public/offers as the UTF-8 JSON the route sends. The whole answer is kept, encoded,
 * under its scope's change counters and the rates (the page and the total it holds are kept
 * under the same counters), so a repeated search is found rather than built, converted,
 * stringified and encoded again (docs/decisions/022).
 */
export async function searchOffersBody(options: SearchOffersBodyOptions): Promise<Buffer> {
  const { db, filters, bodies, check, cache, index, now = new Date() } = options;
  const encode = (answer: SearchOffersResponse) =>
    encodeBody(SearchOffersResponseSchema, answer, { check, label: 'GET /public/offers: the 200 body' });
  // A person's own search (hidden offers left out) is built for them alone and kept nowhere.
  if ((options.hidden?.length ?? 0) > 0) return encode(await searchOffers(options));
  // A search the index answers, not kept under the last snapshot: guessed and checked in one
  // statement (searchAsHeld), then kept under that snapshot's version like any other body.
  const base = index ? readVersions(db).latest() : null;
  if (index && base && !bodies.holds(pageKey(filters, now), bodyVersion(base, filters))) {
    const offset = pageOffset(filters.page, filters.per_page);
    const answer = await searchAsHeld({ db, filters, cache, index, now, offset });
    if (answer) {
      const body = encode(responseOf(filters, options.storage, answer.rows, answer.total, answer.rates));
      bodies.put(pageKey(filters, now), answer.versioned, body);
      return body;
    }
  }
  const snapshot = await readVersions(db).current();
  // The snapshot goes along: a search not kept reads no second one.
  return bodies.getKeyed(pageKey(filters, now), bodyVersion(snapshot, filters), async () =>
    encode(await searchOffers({ ...options, snapshot })),
  );
}

/** The version a search's body (and page) is kept under: its scope's counters and the rates. */
function bodyVersion(snapshot: ReadSnapshot, filters: SearchFilters): string {
  return `${snapshot.version(countScope(filters))}|${snapshot.ratesKey}`;
}

function countStatement(conditions: OfferConditions): SQL {
  return sql`select count(*)::int as total from ${offers} where ${allConditions(conditions)}`;
}

/**
 * The cache key of a search page: every filter, paging and sort as asked; the listing-age
 * filter is relative to now, so with it the key holds the instant (such pages are not reused).
 */
function pageKey(filters: SearchFilters, now: Date, kind = 'page'): string {
  return `${kind}\n${JSON.stringify(filters)}${filters.age_days === undefined ? '' : `\n${now.getTime()}`}`;
}
