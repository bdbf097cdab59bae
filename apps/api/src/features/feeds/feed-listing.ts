import type { FeedDetailKey, FeedFileErrorCode, FeedProblemCode, PropertyFields } from '@estately/domain';

export type { FeedFileErrorCode, FeedProblemCode } from '@estately/domain';

// What every way into the import speaks (issue 42): the OpenImmo and CSV readers turn a file
// into FeedItems; the sync applies them one listing per transaction; the partner API builds the
// same FeedListing from a JSON body. The readers know no database and the sync knows no format.

/** Why a listing, or one value of it, was not taken (FEED_PROBLEM_CODES of @estately/domain). */
export interface FeedProblem {
  code: FeedProblemCode;
  /** Our field name (`type_of_heating`), or the feed's own path when it maps to none (`ausstattung.befeuerung`). */
  field?: string;
  /** The offending value as the feed gave it, at most 200 characters. */
  value?: string;
  /** A message key with the precise reason (`validation.number_too_large`, `feeds.photo.too_large`). */
  detail?: FeedDetailKey;
}

/** Where a photo of a listing comes from: an entry of the feed's ZIP, or an address to fetch. */
export type FeedPhotoSource =
  | { kind: 'zip'; path: string; title?: string }
  | { kind: 'url'; url: string; title?: string };

/** One listing as the sync applies it. */
export interface FeedListing {
  /** The agency's own id, unique within one feed (OpenImmo `objektnr_extern`, CSV `external_id`). */
  externalId: string;
  /** `withdraw`: a TEIL feed's DELETE, or the partner API's withdraw. */
  action: 'upsert' | 'withdraw';
  /** Our property fields, as POST /v1/property/save takes them (validated again by the sync). */
  fields: PropertyFields;
  /** In the feed's order; the first is the cover. */
  photos: FeedPhotoSource[];
  /** Values the reader could not map; reported with the listing, which is imported without them. */
  problems: FeedProblem[];
}

/** A listing the reader could not turn into a FeedListing at all. */
export interface FeedRejection {
  externalId?: string;
  problems: FeedProblem[];
}

/** One entry of a feed, in file order; `position` counts from 1 (the n-th listing or CSV data row). */
export type FeedItem =
  | { kind: 'listing'; position: number; listing: FeedListing }
  | { kind: 'rejected'; position: number; rejection: FeedRejection };

/**
 * `full`: the file is the agency's whole stock, so a listing missing from it is withdrawn
 * (OpenImmo `umfang="VOLL"`, every CSV). `partial`: changes only (OpenImmo `umfang="TEIL"`).
 */
export type FeedMode = 'full' | 'partial';

/** A fatal problem of a file as a whole (FEED_FILE_ERRORS of @estately/domain): the run applies nothing. */
export class FeedFileError extends Error {
  readonly code: FeedFileErrorCode;
  /** Where and what, for the report: a line number, an entry name, the expected header. */
  readonly detail: string | undefined;
  constructor(code: FeedFileErrorCode, detail?: string) {
    super(detail === undefined ? code : `${code}: ${detail}`);
    this.name = 'FeedFileError';
    this.code = code;
    this.detail = detail;
  }
}

/**
 * An opened feed file. `items()` may be called more than once: the sync reads the file once to
 * check it whole (a malformed file changes nothing) and to count the listings for the progress
 * bar, then again to apply it. Nothing holds the whole file in memory.
 */
export interface OpenedFeed {
  mode: FeedMode;
  items(): AsyncIterable<FeedItem>;
  /** A ZIP entry's bytes for a `zip` photo source, read with the size limit applied. */
  readPhoto(path: string, maxBytes: number): Promise<Buffer>;
  close(): Promise<void>;
}
