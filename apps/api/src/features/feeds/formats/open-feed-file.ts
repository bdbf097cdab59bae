import { open, stat } from 'node:fs/promises';
import { FeedFileError, type OpenedFeed } from '../feed-listing.ts';
import { DEFAULT_FEED_READ_LIMITS, type OpenFeedFileOptions } from './feed-read-options.ts';
import { openCsvFeed } from './open-csv-feed.ts';
import { openOpenImmoFeed } from './open-openimmo-feed.ts';

/** A local file header (`PK\x03\x04`) or the end record of an empty archive (`PK\x05\x06`). */
const ZIP_MAGIC = [Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from([0x50, 0x4b, 0x05, 0x06])];

/**
 * Opens a feed file on local disk for the sync (issue 42, docs/feed-formats.md): an OpenImmo
 * XML or ZIP (told apart by the file's first bytes, not its name), or a CSV of our columns.
 * The file's fatal faults throw FeedFileError here or while `items()` runs; a listing's own
 * faults are FeedItems of kind `rejected`. Nothing reads the whole file into memory.
 */
export async function openFeedFile(options: OpenFeedFileOptions): Promise<OpenedFeed> {
  const limits = { ...DEFAULT_FEED_READ_LIMITS, ...options.limits };
  const { size } = await stat(options.path);
  if (size > limits.maxFileBytes) throw new FeedFileError('file_too_large', `${size} bytes`);
  if (size === 0) throw new FeedFileError('empty_feed', 'empty file');
  if (options.format === 'csv') return openCsvFeed(options, limits);
  return openOpenImmoFeed(options, limits, await isZip(options.path));
}

async function isZip(path: string): Promise<boolean> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await file.read(head, 0, 4, 0);
    return bytesRead === 4 && ZIP_MAGIC.some((magic) => magic.equals(head));
  } finally {
    await file.close();
  }
}
