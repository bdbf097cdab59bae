import type { BlockList } from 'node:net';
import { type DbOrTx, propertyMedia } from '@estately/db';
import type { MediaStorage, StoredPhoto } from '@estately/db/storage';
import { InvalidImageError } from '@estately/db/storage';
import { FEED_LIMITS, type FeedPhotoFailure, PROPERTY_PHOTO_MAX_BYTES } from '@estately/domain';
import { and, eq, isNotNull } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import {
  photoContentHash,
  renderPhotoVariantsOf,
  storePhotoOriginal,
} from '../seller-properties/photo-files.ts';
import type { FeedPhotoSource, FeedProblem, OpenedFeed } from './feed-listing.ts';
import { fetchGuarded, GuardedFetchError } from './fetch-guarded.ts';

/** A photo URL answers within this time, body included. */
export const PHOTO_FETCH_TIMEOUT_MS = 30_000;

/** How a photo source is named in `feed_listings.photos` and in the content hash. */
export function photoSourceKey(source: FeedPhotoSource): string {
  return source.kind === 'zip' ? `zip:${source.path}` : source.url;
}

/** A photo the listing keeps, in the feed's order. */
export interface TakenPhoto {
  source: string;
  contentHash: string;
  /** The files of a photo the property did not hold yet; absent: its row exists. */
  stored?: StoredPhoto;
  bytes?: number;
  /** `stored` names the files of another of the account's photos: none were written for this one. */
  shared?: boolean;
}

/** The account's photo with these bytes whose variants exist, if any: its files serve a new row too. */
async function findAccountPhoto(
  db: DbOrTx,
  ownerId: number,
  contentHash: string,
): Promise<{ stored: StoredPhoto; bytes: number | null } | null> {
  const [row] = await db
    .select({
      storageKey: propertyMedia.storageKey,
      variants: propertyMedia.variants,
      width: propertyMedia.width,
      height: propertyMedia.height,
      bytes: propertyMedia.bytes,
      perceptualHash: propertyMedia.perceptualHash,
    })
    .from(propertyMedia)
    .where(
      and(
        eq(propertyMedia.contentHash, contentHash),
        eq(propertyMedia.ownerId, ownerId),
        eq(propertyMedia.status, 'ready'),
        isNotNull(propertyMedia.variants),
      ),
    )
    .limit(1);
  if (!row?.variants || row.width === null || row.height === null) return null;
  const stored = {
    storageKey: row.storageKey,
    variants: row.variants as StoredPhoto['variants'],
    width: row.width,
    height: row.height,
    bytes: row.bytes ?? 0,
    ...(row.perceptualHash ? { perceptualHash: row.perceptualHash } : {}),
  };
  return { stored, bytes: row.bytes };
}

/** A shared photo's files were deleted with their last row after they were looked up: take the photos again. */
export class SharedPhotoGoneError extends Error {}

/**
 * Locks a row naming a shared photo's files for the transaction that adds another: a delete of
 * that row waits for it, and then finds the new row still naming the files (deletePhotoFiles).
 * Throws SharedPhotoGoneError when no such row is left.
 */
export async function holdSharedPhoto(tx: DbOrTx, storageKey: string): Promise<void> {
  const [row] = await tx
    .select({ id: propertyMedia.id })
    .from(propertyMedia)
    .where(and(eq(propertyMedia.storageKey, storageKey), eq(propertyMedia.status, 'ready')))
    .limit(1)
    .for('share');
  if (!row) throw new SharedPhotoGoneError(storageKey);
}

export interface TakeFeedPhotosOptions {
  /** Where the account's photos are looked up by content hash. */
  db: DbOrTx;
  storage: MediaStorage;
  /** The account whose rendered photos a listing may share (never another account's). */
  ownerId: number;
  /** Where ZIP entries are read (the run's opened file); absent for the partner API. */
  feed?: Pick<OpenedFeed, 'readPhoto'> | undefined;
  /** FEED_ALLOWED_NETWORKS. */
  allowed: BlockList;
  /** The property the files go under (`properties/{id}/...`, where the media sweep looks). */
  propertyId: number;
  sources: FeedPhotoSource[];
  /** Source -> content hash of the listing as last applied: a source seen before is not fetched again. */
  known: ReadonlyMap<string, string>;
  /** Content hashes of the photos the property holds now. */
  held: ReadonlySet<string>;
  /** Whose turn of the shared image slots the work takes (`feed:12`). */
  worker: string;
  /** Photos a listing keeps (FEED_LIMITS.photosMax, or the account's lower photos per property). */
  maxPhotos?: number;
}

function photoProblem(source: string, reason: FeedPhotoFailure): FeedProblem {
  return {
    code: 'photo_failed',
    field: 'photos',
    value: source.slice(0, 200),
    detail: `feeds.photo.${reason}`,
  };
}

async function readSource(options: TakeFeedPhotosOptions, source: FeedPhotoSource): Promise<Buffer> {
  if (source.kind === 'zip') {
    if (!options.feed) throw new GuardedFetchError('not_found', 'no file');
    try {
      return await options.feed.readPhoto(source.path, PROPERTY_PHOTO_MAX_BYTES);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      throw new GuardedFetchError(
        code === 'file_too_large' || code === 'zip_too_large' ? 'too_large' : 'not_found',
        String(code ?? error),
      );
    }
  }
  const answer = await fetchGuarded({
    url: source.url,
    allowed: options.allowed,
    timeoutMs: PHOTO_FETCH_TIMEOUT_MS,
    maxBytes: PROPERTY_PHOTO_MAX_BYTES,
  });
  return answer.body;
}

/**
 * Gathers a listing's photos before its transaction (docs/decisions/062): a source the listing
 * had before, whose photo the property still holds, is taken as it is; any other is read from
 * the ZIP or fetched (address guard, deadline, size limit), judged by its content (the formats
 * and pixel limit of property photos), de-duplicated by content hash, and its variants rendered
 * with the photo pipeline's own functions, unless one of the account's photos already has these
 * bytes rendered: its files then serve this listing too (a developer's flats with one building's
 * photos, an agency's logo are written and rendered once). A photo that fails is a problem of the
 * listing; the others are kept. Files written here belong to no row until the caller's
 * transaction adds them; the caller deletes them if it fails (the daily media sweep is the net
 * for a crash); a shared photo's files are the rows' that name them (`shared`).
 */
export async function takeFeedPhotos(
  options: TakeFeedPhotosOptions,
): Promise<{ photos: TakenPhoto[]; problems: FeedProblem[] }> {
  const photos: TakenPhoto[] = [];
  const problems: FeedProblem[] = [];
  const taken = new Set<string>();
  for (const [index, source] of options.sources.entries()) {
    const key = photoSourceKey(source);
    if (index >= (options.maxPhotos ?? FEED_LIMITS.photosMax)) {
      problems.push(photoProblem(key, 'too_many_photos'));
      break;
    }
    const knownHash = options.known.get(key);
    if (knownHash !== undefined && options.held.has(knownHash)) {
      if (!taken.has(knownHash)) photos.push({ source: key, contentHash: knownHash });
      taken.add(knownHash);
      continue;
    }
    let bytes: Buffer;
    try {
      bytes = await readSource(options, source);
    } catch (error) {
      if (!(error instanceof GuardedFetchError)) throw error;
      problems.push(photoProblem(key, error.reason === 'too_large' ? 'too_large' : error.reason));
      continue;
    }
    const contentHash = photoContentHash(bytes);
    if (taken.has(contentHash)) continue;
    if (options.held.has(contentHash)) {
      photos.push({ source: key, contentHash });
      taken.add(contentHash);
      continue;
    }
    const rendered = await findAccountPhoto(options.db, options.ownerId, contentHash);
    if (rendered) {
      photos.push({
        source: key,
        contentHash,
        stored: rendered.stored,
        bytes: rendered.bytes ?? bytes.length,
        shared: true,
      });
      taken.add(contentHash);
      continue;
    }
    try {
      const original = await storePhotoOriginal(
        options.storage,
        options.propertyId,
        bytes,
        contentHash,
        options.worker,
      );
      const stored = await renderPhotoVariantsOf(options.storage, original.storageKey, bytes, options.worker);
      // As the variants job does: the original still carries the camera's metadata.
      await options.storage.delete(original.storageKey).catch(() => {});
      photos.push({ source: key, contentHash, stored, bytes: bytes.length });
      taken.add(contentHash);
    } catch (error) {
      if (error instanceof InvalidImageError) {
        problems.push(photoProblem(key, 'not_an_image'));
        continue;
      }
      if (error instanceof AppError && error.code === 'validation_errors') {
        const tooLarge = error.errors?.file?.includes('validation.image_too_large') ?? false;
        problems.push(photoProblem(key, tooLarge ? 'too_many_pixels' : 'not_an_image'));
        continue;
      }
      throw error;
    }
  }
  return { photos, problems };
}
