import type { Db } from '@estately/db';
import type { SearchFilters } from '@estately/domain';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { queryRows } from './offer-conditions.ts';

// Totals and facet counts are the expensive part of a search (a count reads every match; the
// list page reads 25). They are cached per process, keyed by the exact counting statement,
// and stamped with the change counters of the offers they can include (offer_count_versions,
// bumped by statement triggers on `offers`, migration 0007). A request first reads the
// counters (one indexed lookup), then serves the cached counts only if they are unchanged, so
// an answer is never staler than the database it reads (docs/decisions/012).

/** The partition a filter is confined to: the columns the change counters are kept by. */
export interface CountScope {
  offerType?: string;
  propertyType?: string;
  countryCode?: string;
}

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

/**
 * The sum of the change counters of every partition the scope covers, plus the TRUNCATE row.
 * Counters only grow, so any change to an offer the scope can see changes the sum.
 */
export async function countVersion(db: Db, scope: CountScope): Promise<string> {
  const [row] = await queryRows<{ version: string | number | null }>(
    db,
    sql`select coalesce(sum(version), 0)::text as version from offer_count_versions where ${versionCondition(scope)}`,
  );
  return String(row?.version ?? '0');
}

/** The counter rows a scope's sum adds up (see `countVersion`). */
export function versionCondition(scope: CountScope): SQL {
  return sql`(offer_type = '*'
           or (${scope.offerType === undefined ? sql`true` : sql`offer_type = ${scope.offerType}`}
               and ${scope.propertyType === undefined ? sql`true` : sql`property_type = ${scope.propertyType}`}
               and ${scope.countryCode === undefined ? sql`true` : sql`country_code = ${scope.countryCode}`}))`;
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
 */
export class OfferCountCache {
  private readonly entries = new Map<string, { version: string; value: unknown; rows: number }>();
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
   * is the scope's sum when the caller read it already (in the same round trip as the
   * exchange rates, prepare-search.ts), before building the statement.
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
    version ??= await countVersion(db, scope);
    const cached = this.entries.get(key);
    if (cached && cached.version === version) {
      this.hits += 1;
      // Re-inserted: Map keeps insertion order, so the oldest key is the least recently used.
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached.value as T;
    }
    this.misses += 1;
    const value = await compute();
    this.remove(key);
    const rows = Array.isArray(value) ? value.length + 1 : 1;
    this.entries.set(key, { version, value, rows });
    this.rows += rows;
    while (this.entries.size > this.maxEntries || this.rows > this.maxRows) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined || oldest === key) break;
      this.remove(oldest);
    }
    return value;
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
