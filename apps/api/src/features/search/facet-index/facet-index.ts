import type { Db } from '@estately/db';
import type { FacetGroup, OfferFacetsResponse, SearchFilters } from '@estately/domain';
import type * as Types from '../facet-index-types.ts';
import type { Held, IndexCell, PageIds } from '../facet-index-types.ts';
import { type ReadSnapshot, readVersions } from '../read-versions.ts';
import { HeldPartitions } from './held-partitions.ts';
import { mapCells } from './map-cells.ts';
import { countedScope, scopeOf } from './matching.ts';
import { MAX_PAGE_DEPTH, selectPage } from './select-page.ts';
import { tallyFacets } from './tally-facets.ts';

// Disjunctive facet counts over a whole market (every sale offer of every country, with two
// layouts chosen, or a price band) read hundreds of thousands of offers; PostgreSQL needed 5 to 7 s for them at
// 1M offers, past any request's time limit. Each API process therefore keeps the facet values
// of the public offers in typed arrays, partition by partition (offer type, property type,
// country), and counts there: a few bytes per offer, some 20 ms for 600,000 offers. A
// partition is loaded on first use and caught up offer by offer from the facet changes log
// (offer_facet_changes, migration 0016) whenever its change counter moved, so a count is
// never staler than the snapshot of the counters its request took (docs/decisions/025).
//
// The parts: partition.ts holds one partition's values (value-codes.ts says how), kept current
// by held-partitions.ts from the reads of sync-partitions.ts; matching.ts decides which offers
// meet a search, tally-facets.ts counts them, select-page.ts pages them, map-cells.ts groups
// them into map cells. The search operations know the index by its type (../facet-index-types.ts).

/**
 * One per API process (created with the search routes). Holds the facet values of the
 * partitions searches asked about; memory grows with the public offers it has seen (some
 * 28 bytes each, about 25 MB at 900,000).
 */
export class FacetIndex implements Types.FacetIndex {
  private readonly partitions: HeldPartitions;
  /**
   * The start-up load (`warm`): `cold` before it (partitions then load on first use),
   * `warming` while it runs, `ready` once every partition is held, `failed` when it could not
   * finish (the partitions it did not reach load on first use). GET /health reports it.
   */
  warmState: 'cold' | 'warming' | 'ready' | 'failed' = 'cold';

  /**
   * `primary`: the primary database, when requests may also read a replica; the index then
   * keeps apart what it read from each (held-partitions.ts, docs/decisions/059).
   * `loads`: the database a load of whole partitions reads through, given the request's (the
   * same server, through a pool without the request pool's few seconds of statement time: a
   * load reads up to a hundred thousand offers a statement, which a cold cache or a busy
   * machine can take past them; server.ts). Catch-ups, a few offers each, use the request's.
   */
  constructor(options: { now?: () => number; primary?: Db; loads?: (db: Db) => Db } = {}) {
    this.partitions = new HeldPartitions(options.now ?? Date.now, options.primary, options.loads);
  }

  /** Offers held, over all partitions. */
  get offers(): number {
    return this.partitions.offers;
  }

  /**
   * The disjunctive facet counts of `filters` (offer type, property type, country and
   * value-set choices only: see `indexable`) for `groups`, with every requested group's every
   * value present, as countOfferFacets answers them. The partitions involved are first brought
   * up to the counters of `snapshot`.
   */
  async count(
    db: Db,
    snapshot: ReadSnapshot,
    filters: SearchFilters,
    groups: readonly FacetGroup[],
  ): Promise<OfferFacetsResponse> {
    const { counters, truncations } = countedScope(snapshot, filters, groups);
    await this.partitions.sync(db, counters, truncations);
    return tallyFacets(this.partitions.held(counters), filters, groups, snapshot.rates);
  }

  /**
   * One page of a search the index can answer (`indexable`): the ids of the offers from
   * `offset`, at most `limit`, in the order of `filters.sort` with ties by id as the SQL
   * pages order them (search-offers.ts ORDER_BY: nulls last), and the total. Null when the
   * page lies too deep for a bounded selection (the caller asks SQL). The partitions are first
   * brought up to the counters of `snapshot`.
   */
  async page(
    db: Db,
    snapshot: ReadSnapshot,
    filters: SearchFilters,
    offset: number,
    limit: number,
  ): Promise<PageIds | null> {
    if (offset + limit > MAX_PAGE_DEPTH) return null;
    const { counters, truncations } = scopeOf(snapshot, filters);
    await this.partitions.sync(db, counters, truncations);
    return selectPage(this.partitions.held(counters), filters, snapshot.rates, offset, limit);
  }

  /**
   * `page` without a round trip: the page as the partitions are held now, when every partition
   * of the search is held at `snapshot`'s counters (an earlier snapshot, ReadVersions.latest)
   * and none is being loaded or caught up; else null (nothing is loaded here). The caller
   * must check with a read sent after its request came that no counter moved since
   * `snapshot` (an equal counter total), then `confirm()` (docs/decisions/025, addendum on
   * fresh searches).
   */
  pageAsHeld(
    db: Db,
    snapshot: ReadSnapshot,
    filters: SearchFilters,
    offset: number,
    limit: number,
  ): Held<PageIds> | null {
    if (offset + limit > MAX_PAGE_DEPTH) return null;
    const { counters, truncations } = scopeOf(snapshot, filters);
    const parts = this.partitions.heldAt(db, counters, truncations);
    if (!parts) return null;
    return {
      value: selectPage(parts, filters, snapshot.rates, offset, limit),
      confirm: () => this.partitions.confirm(parts),
    };
  }

  /** `count` without a round trip, on the terms of `pageAsHeld`. */
  countAsHeld(
    db: Db,
    snapshot: ReadSnapshot,
    filters: SearchFilters,
    groups: readonly FacetGroup[],
  ): Held<OfferFacetsResponse> | null {
    const { counters, truncations } = countedScope(snapshot, filters, groups);
    const parts = this.partitions.heldAt(db, counters, truncations);
    if (!parts) return null;
    return {
      value: tallyFacets(parts, filters, groups, snapshot.rates),
      confirm: () => this.partitions.confirm(parts),
    };
  }

  /**
   * The map cells (cluster-offers.ts) of a search the index can answer (`indexable`, with its
   * viewport): the offers within every bound and choice grouped on the grid of `cell` degrees
   * (floor(lng / cell), floor(lat / cell), as the SQL groups them), each cell's count,
   * coordinate sums, bounds and smallest id; the `cap` largest cells, ties by that id, as the
   * SQL orders them. The partitions are first brought up to the counters of `snapshot`. A
   * panned or zoomed map asks a new viewport each time: nothing of it is kept here.
   */
  async cells(
    db: Db,
    snapshot: ReadSnapshot,
    filters: SearchFilters,
    cell: number,
    cap: number,
  ): Promise<IndexCell[]> {
    const { counters, truncations } = scopeOf(snapshot, filters);
    await this.partitions.sync(db, counters, truncations);
    return mapCells(this.partitions.held(counters), filters, snapshot.rates, cell, cap);
  }

  /**
   * How far the held partitions trail the change counters of `snapshot` (the newest this
   * process has read; the metrics). A partition is caught up by the next search that reads it,
   * so `behind` counts what the next searches have to catch up, not a fault; a partition
   * never asked about is not held and not counted.
   */
  lag(snapshot: ReadSnapshot | null): { partitions: number; behind: number } {
    const counters = snapshot?.counterRows() ?? [];
    const truncations = counters.find((row) => row.offerType === '*')?.version ?? 0;
    return this.partitions.lag(
      counters.filter((row) => row.offerType !== '*'),
      truncations,
    );
  }

  /** Loads every partition the change counters name (at start, so no visitor waits for it). */
  async warm(db: Db): Promise<void> {
    this.warmState = 'warming';
    try {
      const counters = (await readVersions(db).current()).counterRows();
      const truncations = counters.find((row) => row.offerType === '*')?.version ?? 0;
      await this.partitions.sync(
        db,
        counters.filter((row) => row.offerType !== '*'),
        truncations,
      );
      this.warmState = 'ready';
    } catch (error) {
      this.warmState = 'failed';
      throw error;
    }
  }
}
