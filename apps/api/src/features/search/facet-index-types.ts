import type { Db } from '@estately/db';
import type { FacetGroup, OfferFacetsResponse, SearchFilters } from '@estately/domain';
import type { ReadSnapshot } from './read-versions.ts';

// The facet index as the search operations use it. The index itself (facet-index/facet-index.ts,
// created once per process in app.ts) is built on the search's rules (offer-conditions.ts,
// filter-columns.ts, read-versions.ts); declaring what the operations call of it here, beside
// them, keeps that folder below this one with no loop between the two.

/** The facet index: counts, pages and map cells of the searches it can answer, in memory. */
export interface FacetIndex {
  /** The start-up load: GET /health reports it. */
  readonly warmState: 'cold' | 'warming' | 'ready' | 'failed';
  /** Offers held, over all partitions. */
  readonly offers: number;
  count(
    db: Db,
    snapshot: ReadSnapshot,
    filters: SearchFilters,
    groups: readonly FacetGroup[],
  ): Promise<OfferFacetsResponse>;
  page(
    db: Db,
    snapshot: ReadSnapshot,
    filters: SearchFilters,
    offset: number,
    limit: number,
  ): Promise<PageIds | null>;
  pageAsHeld(
    db: Db,
    snapshot: ReadSnapshot,
    filters: SearchFilters,
    offset: number,
    limit: number,
  ): Held<PageIds> | null;
  countAsHeld(
    db: Db,
    snapshot: ReadSnapshot,
    filters: SearchFilters,
    groups: readonly FacetGroup[],
  ): Held<OfferFacetsResponse> | null;
  cells(
    db: Db,
    snapshot: ReadSnapshot,
    filters: SearchFilters,
    cell: number,
    cap: number,
  ): Promise<IndexCell[]>;
  warm(db: Db): Promise<void>;
}

/** A result computed from the partitions as held, valid once a later read confirms them. */
export interface Held<T> {
  value: T;
  /** Records that a read sent after the request found the partitions current. */
  confirm(): void;
}

/** One page of a search: its offers' ids, and how many offers the search has. */
export interface PageIds {
  ids: number[];
  total: number;
}

/** A map cell as the index groups it (cluster-offers.ts CellRow without the lone offer's price). */
export interface IndexCell {
  cx: number;
  cy: number;
  n: number;
  sumLat: number;
  sumLng: number;
  south: number;
  west: number;
  north: number;
  east: number;
  /** The smallest id in the cell: the offer of a one-offer cell. */
  id: number;
}
