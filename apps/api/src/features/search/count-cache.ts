import type { Db } from '@estately/db';
import type { SearchFilters } from '@estately/domain';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type CountScope, readVersions } from './read-versions.ts';

// Totals and facet counts are the expensive part of a search (a count reads every match; the
// list page reads 25). They are cached per process, keyed by the exact counting statement,
// and stamped with the change counters of the offers they can include (offer_count_versions,
// bumped by statement triggers on `offers`, migration 0007). A request first takes a snapshot
// of the counters (read-versions.ts: one small read shared by the requests of the moment), then
// serves the cached counts only if they are unchanged, so an answer is never staler than the
// database it reads (docs/decisions/012, 022). Search pages, offer details and similar offers
// are kept the same way under keys of their own (`getKeyed`).

export type { CountScope } from './read-versions.ts';

/**
 * The partition of a filter. `counted` lists the facet groups a statement counts: a counted
 * group's own choice does not narrow its counts (disjunctive facets count the other offer
 * types too), so the scope must not narrow by it either.
 */
export function countScope(filters: SearchFilters, counted: readonly string[] = []): CountScope {
  return {
    ...(filters.offer_type === undefined || counted.includes('offer_type')
      ? {}
      : { offerType: filters.offer_type }),
    ...(filters.property_type === undefined || counted.includes('property_type')
      ? {}
      : { propertyType: filters.property_type }),
    ...(filters.country_code === undefined ? {} : { countryCode: filters.country_code }),
  };
}

/** The sum of the change counters a scope covers, from a snapshot read now (read-versions.ts). */
export async function countVersion(db: Db, scope: CountScope): Promise<string> {
  return (await readVersions(db).current()).version(scope);
}

const dialect = new PgDialect();

export interface OfferCountCacheOptions {
  /** Most statements remembered; the least recently used goes first. */
  maxEntries?: number;
  /**
   * Most rows held over all entries (a total is one row, a map answer up to its cap of
   * cells), so memory stays bounded whatever is cached: 100,000 rows are some 20 MB.
   */
  maxRows?: number;
}

export interface CountCacheStats {
  hits: number;
  misses: number;
  entries: number;
}

/**
 * A bounded least-recently-used map from a counting statement to its last answer and the
 * change counters it was computed under. One per API process (created with the search routes
 * and passed to the operations), so several instances stay correct without sharing it.
 *
 * With a read replica (docs/decisions/059) requests of the primary and of the replica share it.
 * That is sound because both databases are points of one history in which every change counter
 * only grows: two reads with the same sum for a scope, from either database, saw the same
 * offers in that scope, so an answer kept under a version is the answer of every database at
 * that version. An answer computed while a write landed carries that write under the version
 * read before it, as with one database; the primary's next snapshot has moved on and replaces
 * it, and a replica request of the same moment gets the newer answer, never an older one.
 * Answers of the two databases under different versions only replace each other under their
 * key. (The facet index is another matter: it is caught up in place and serves later
 * requests, see facet-index/held-partitions.ts.)
 */
export class OfferCountCache {
  private readonly entries = new Map<string, { version: string; value: unknown; rows: number }>();
  /** Computations on their way, by key and version. */
  private readonly inFlight = new Map<string, Promise<unknown>>();
  private readonly maxEntries: number;
  private readonly maxRows: number;
  private rows = 0;
  private hits = 0;
  private misses = 0;

  constructor(options: OfferCountCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 5_000;
    this.maxRows = options.maxRows ?? 100_000;
  }

  /**
   * The answer of `statement`, computed by `compute` unless an answer under the current change
   * counters is cached. The counters are read before computing, so a change that lands in
   * between makes the stored answer stale at once rather than hiding the change. `version`
   * is the scope's sum when the caller took a snapshot already (prepare-search.ts), before
   * building the statement.
   */
  async get<T>(
    db: Db,
    scope: CountScope,
    statement: SQL,
    compute: () => Promise<T>,
    version?: string,
  ): Promise<T> {
    const query = dialect.sqlToQuery(statement);
    const key = `${query.sql}\n${JSON.stringify(query.params)}`;
    return this.getKeyed(key, version ?? (await countVersion(db, scope)), compute);
  }

  /**
   * The answer cached under `key` while it was computed under `version`, else `compute()`'s,
   * stored under that version. The caller reads the version before computing, so a change
   * that lands in between makes the stored answer stale at once rather than hiding the change.
   */
  async getKeyed<T>(key: string, version: string, compute: () => Promise<T>): Promise<T> {
    const cached = this.fresh<T>(key, () => version);
    if (cached !== undefined) return cached;
    // Concurrent misses of one question under one version share one computation: a cold
    // count over a large market asked by many visitors at once runs once, not once each.
    const flight = `${key}\n${version}`;
    const running = this.inFlight.get(flight);
    if (running) return running as Promise<T>;
    const computing = compute().then(
      (value) => {
        this.inFlight.delete(flight);
        this.put(key, version, value);
        return value;
      },
      (error: unknown) => {
        this.inFlight.delete(flight);
        throw error;
      },
    );
    this.inFlight.set(flight, computing);
    return computing;
  }

  /**
   * The value under `key` when it was stored under the version `current` gives for it now,
   * else undefined (a miss). For answers whose version follows from the entry itself, as an
   * offer detail's from the offer's partition; `getKeyed` for the others.
   */
  fresh<T>(key: string, current: (value: T) => string): T | undefined {
    const cached = this.entries.get(key);
    if (!cached || cached.version !== current(cached.value as T)) {
      this.misses += 1;
      return undefined;
    }
    this.hits += 1;
    // Re-inserted: Map keeps insertion order, so the oldest key is the least recently used.
    this.entries.delete(key);
    this.entries.set(key, cached);
    return cached.value as T;
  }

  /**
   * Whether an answer computed under `version` is kept under `key` (no hit or miss counted,
   * nothing moved): a caller with a cheaper road than computing it looks first.
   */
  holds(key: string, version: string): boolean {
    return this.entries.get(key)?.version === version;
  }

  /**
   * Stores `value` under `key`, computed under `version` (read before computing it). An
   * encoded body counts a row per started KiB, so the row bound bounds its memory too.
   */
  put(key: string, version: string, value: unknown): void {
    this.remove(key);
    const body = bodyOf(value);
    const rows = body ? Math.ceil(body.byteLength / 1024) + 1 : Array.isArray(value) ? value.length + 1 : 1;
    this.entries.set(key, { version, value, rows });
    this.rows += rows;
    while (this.entries.size > this.maxEntries || this.rows > this.maxRows) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined || oldest === key) break;
      this.remove(oldest);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.rows -= entry.rows;
    this.entries.delete(key);
  }

  stats(): CountCacheStats {
    return { hits: this.hits, misses: this.misses, entries: this.entries.size };
  }

  clear(): void {
    this.entries.clear();
    this.rows = 0;
  }
}

/** The encoded body an entry holds (itself, or its `body` field), if any. */
function bodyOf(value: unknown): Buffer | undefined {
  if (Buffer.isBuffer(value)) return value;
  const body = (value as { body?: unknown } | null)?.body;
  return Buffer.isBuffer(body) ? body : undefined;
}
