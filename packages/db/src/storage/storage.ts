/**
 * Where media files live (DESIGN 2 images; DESIGN 6: local folder on the embedded default,
 * S3-compatible object storage in production). Keys are relative, slash-separated paths
 * such as `photos/ab/abcd1234/card.webp`; the database stores keys, and `url(key)` turns
 * them into public URLs at read time, so moving media behind a CDN changes no rows.
 */
export interface MediaStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<{ data: Buffer; contentType: string } | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  url(key: string): string;
  /**
   * One page of the stored keys under `prefix`, in byte order (S3's ListObjectsV2 order), after
   * `startAfter`: the orphan sweep walks the storage page by page and may stop between pages.
   */
  list(options: ListMediaOptions): Promise<MediaListing>;
}

/** Largest page `list` answers: S3's own page size. */
export const MAX_LIST_PAGE = 1000;

/** The page size a `list` call answers: `limit` within 1..MAX_LIST_PAGE. */
export function listPageSize(limit: number | undefined): number {
  return Math.max(1, Math.min(Math.floor(limit ?? MAX_LIST_PAGE), MAX_LIST_PAGE));
}

export interface ListMediaOptions {
  /** Only keys that start with it, e.g. `properties/`. */
  prefix: string;
  /** Only keys after this one in byte order: the `next` of the previous page. */
  startAfter?: string | null | undefined;
  /** Most keys answered (default and at most MAX_LIST_PAGE). */
  limit?: number;
}

/** A stored file as a listing shows it. */
export interface MediaObject {
  key: string;
  size: number;
  /** When it was written (an object's Last-Modified, a file's mtime). */
  lastModified: Date;
}

export interface MediaListing {
  objects: MediaObject[];
  /** The key to pass as `startAfter` for the next page; null once the listing is complete. */
  next: string | null;
}

/** One file for `putAll`. */
export interface MediaFile {
  key: string;
  data: Buffer;
  contentType: string;
}

/**
 * Writes the files side by side and waits for every write, failed or not, before throwing the
 * first failure: a caller that removes the files on failure (a full disk, issue 11) must not
 * race a write still under way, which would leave its file behind.
 */
export async function putAll(storage: MediaStorage, files: readonly MediaFile[]): Promise<void> {
  const writes = await Promise.allSettled(
    files.map((file) => storage.put(file.key, file.data, file.contentType)),
  );
  const failed = writes.find((write) => write.status === 'rejected');
  if (failed) throw failed.reason;
}

// Every segment starts with a letter or digit, so no segment is `.` or `..` and no key is
// absolute or has an empty segment: nothing can leave the storage root.
const KEY_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9._-]*(?:\/[a-zA-Z0-9][a-zA-Z0-9._-]*)*$/;

/** Whether a key is one `assertValidKey` lets through (listings skip any other file). */
export function isValidKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/**
 * Rejects keys that could escape the storage root or need escaping in URLs. Called for every
 * URL a page of cards shows (8 variants a photo), so it is the pattern alone.
 */
export function assertValidKey(key: string): void {
  if (!KEY_PATTERN.test(key)) {
    throw new Error(`Invalid media key: ${JSON.stringify(key)}`);
  }
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  avif: 'image/avif',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  json: 'application/json',
  svg: 'image/svg+xml',
};

export function contentTypeOf(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}
