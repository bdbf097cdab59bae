import type { Db } from '@estately/db';
import type { ExchangeRates } from '@estately/domain';
import { sql } from 'drizzle-orm';
import { ratesFromRows } from '../offers-shared/exchange-rates.ts';

// The change counters every cached public read is checked against (docs/decisions/012, 022):
// `offer_count_versions` per (offer type, property type, country), bumped by statement
// triggers on `offers` in the writing transaction; `read_model_versions` for what a detail
// shows of accounts and sellers; and the exchange rates themselves. One snapshot of all three
// serves every request waiting for it, so a cached search, detail or similar-offer answer costs
// no query of its own, and never one per request: concurrent requests share one small read.
//
// Freshness is the same as one query per request: a request only takes a snapshot whose read
// was sent after the request arrived. A request that comes while a read is on its way waits
// for the next one (sent as soon as that one is back), so any write committed before the
// request came is seen.

/** The partition a filter is confined to: the columns the change counters are kept by. */
export interface CountScope {
  offerType?: string;
  propertyType?: string;
  countryCode?: string;
}

/** The counters and rates as one read saw them. */
export interface ReadSnapshot {
  /** Live exchange rates (CZK per unit). */
  readonly rates: ExchangeRates;
  /** The rates as text: part of a version when an answer depends on them. */
  readonly ratesKey: string;
  /** The accounts and sellers counter (read_model_versions 'accounts'). */
  readonly accounts: string;
  /**
   * The sum of every change counter (COUNTERS_TOTAL). Counters only grow, so a later read of
   * the same sum means no counter moved in between (search-offers.ts checks a page so).
   */
  readonly total: string;
  /**
   * The sum of the change counters of every partition the scope covers, plus the TRUNCATE
   * row: counters only grow, so any change to an offer the scope can see changes the sum.
   */
  version(scope: CountScope): string;
  /** Every partition's change counter (and the TRUNCATE row '*'), as read. */
  counterRows(): readonly CounterRow[];
}

export interface CounterRow {
  offerType: string;
  propertyType: string;
  countryCode: string;
  version: number;
}

class Snapshot implements ReadSnapshot {
  readonly rates: ExchangeRates;
  readonly ratesKey: string;
  readonly accounts: string;
  readonly total: string;
  private readonly rows: readonly CounterRow[];
  private readonly sums = new Map<string, string>();

  constructor(fields: {
    rates: ExchangeRates;
    ratesKey: string;
    accounts: string;
    total: string;
    rows: readonly CounterRow[];
  }) {
    this.rates = fields.rates;
    this.ratesKey = fields.ratesKey;
    this.accounts = fields.accounts;
    this.total = fields.total;
    this.rows = fields.rows;
  }

  /** The counter rows, for the next snapshot when the total has not moved. */
  counterRows(): readonly CounterRow[] {
    return this.rows;
  }

  version(scope: CountScope): string {
    const key = `${scope.offerType ?? ''}|${scope.propertyType ?? ''}|${scope.countryCode ?? ''}`;
    let sum = this.sums.get(key);
    if (sum === undefined) {
      let total = 0;
      for (const row of this.rows) {
        if (
          row.offerType === '*' ||
          ((scope.offerType === undefined || row.offerType === scope.offerType) &&
            (scope.propertyType === undefined || row.propertyType === scope.propertyType) &&
            (scope.countryCode === undefined || row.countryCode === scope.countryCode))
        )
          total += row.version;
      }
      sum = String(total);
      this.sums.set(key, sum);
    }
    return sum;
  }
}

/**
 * Reads snapshots of the change counters for one database, one read at a time, shared by
 * every request that waits while it is sent (see the note above). The counter rows (a few
 * hundred) are read again only when their total moved; the rates only when their text did.
 */
export class ReadVersions {
  private readonly db: Db;
  private statement: ReturnType<typeof snapshotStatement> | undefined;
  private last: Snapshot | null = null;
  /** The read on its way to the database. */
  private running: Promise<ReadSnapshot> | null = null;
  /** The read sent once `running` is back; requests arriving now join it. */
  private waiting: Promise<ReadSnapshot> | null = null;

  constructor(db: Db) {
    this.db = db;
  }

  /**
   * The last snapshot read, whenever that was; null before the first. Never an answer's
   * snapshot by itself: only a guess to be checked by a read sent after the request came
   * (search-offers.ts, count-offer-facets.ts: docs/decisions/025, addendum on fresh searches).
   */
  latest(): ReadSnapshot | null {
    return this.last;
  }

  /** A snapshot read after this call (shared with the other callers of the same moment). */
  current(): Promise<ReadSnapshot> {
    if (this.waiting) return this.waiting;
    // Nothing on its way: the read goes once this turn of the event loop is over, so the
    // requests that arrived together (a results page asks for its offers and its facet counts
    // at once) share it instead of the second waiting for a read of its own. It is still sent
    // after every caller it answers arrived.
    const after = this.running
      ? this.running.then(
          () => undefined,
          () => undefined,
        )
      : new Promise<void>((resolve) => setImmediate(resolve));
    const waiting = after.then(() => {
      this.waiting = null;
      return this.send();
    });
    this.waiting = waiting;
    return waiting;
  }

  private send(): Promise<ReadSnapshot> {
    const running = this.read().finally(() => {
      if (this.running === running) this.running = null;
    });
    this.running = running;
    return running;
  }

  private async read(): Promise<Snapshot> {
    const last = this.last;
    // The counter rows come along only when their total differs from the last snapshot's.
    this.statement ??= snapshotStatement(this.db);
    const row = (await this.statement.execute({ last: last?.total ?? '' }))[0];
    if (!row) throw new Error('change counters unreadable');
    const ratesKey = row.rates ?? '';
    const rates =
      last && last.ratesKey === ratesKey
        ? last.rates
        : ratesFromRows(
            ratesKey
              .split(',')
              .filter(Boolean)
              .map((pair) => {
                const [currency = '', rate = ''] = pair.split('=');
                return { currency, rate };
              }),
          );
    const counterRows =
      row.rows === null || row.rows === undefined
        ? (last?.counterRows() ?? [])
        : (typeof row.rows === 'string'
            ? (JSON.parse(row.rows) as unknown[][])
            : (row.rows as unknown[][])
          ).map(([offerType, propertyType, countryCode, version]) => ({
            offerType: String(offerType),
            propertyType: String(propertyType),
            countryCode: String(countryCode),
            version: Number(version),
          }));
    const snapshot = new Snapshot({
      rates,
      ratesKey,
      accounts: row.accounts,
      total: row.total,
      rows: counterRows,
    });
    this.last = snapshot;
    return snapshot;
  }
}

/**
 * The snapshot's one statement, prepared (planned once per connection: half its time was
 * planning). `last` is the previous snapshot's counter total: the counter rows come along only
 * when the total differs from it.
 */
function snapshotStatement(db: Db) {
  return db
    .select({
      total: sql<string>`counters.total`,
      rates: RATES_TEXT,
      accounts: sql<string>`(select coalesce(max(version), 0)::text from read_model_versions where name = 'accounts')`,
      rows: sql<unknown>`case when counters.total <> ${sql.placeholder('last')}::text
        then (select json_agg(json_build_array(offer_type, property_type, country_code, version))
                from offer_count_versions)
        end`,
    })
    .from(sql`(select ${COUNTERS_TOTAL} as total) as counters`)
    .prepare('read_versions_snapshot');
}

/** The sum of every change counter, as text: a snapshot's `total`. */
export const COUNTERS_TOTAL = sql<string>`(select coalesce(sum(version), 0)::text from offer_count_versions)`;

/** The live rates as text (currency=rate, by currency): a snapshot's `ratesKey` (empty: null). */
export const RATES_TEXT = sql<string | null>`(
  select string_agg(currency || '=' || rate_to_czk::text, ',' order by currency) from exchange_rates)`;

const readers = new WeakMap<Db, ReadVersions>();

/** The snapshot reader of a database (one per database object, shared by every cache of it). */
export function readVersions(db: Db): ReadVersions {
  let reader = readers.get(db);
  if (!reader) {
    reader = new ReadVersions(db);
    readers.set(db, reader);
  }
  return reader;
}
