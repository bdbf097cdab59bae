import type { Readable } from 'node:stream';
import type { FeedPhotoFailure } from '@estately/domain';
import iconv from 'iconv-lite';
import yauzl from 'yauzl';
import { FeedFileError } from '../feed-listing.ts';
import type { FeedReadLimits } from './feed-read-options.ts';

/** Why one photo of a ZIP could not be read; the sync reports it on the listing and goes on. */
export class FeedPhotoReadError extends Error {
  readonly failure: FeedPhotoFailure;
  /** The failure as the file errors name it (`zip_too_large`), for callers that read `code` alone. */
  readonly code: string;
  constructor(failure: FeedPhotoFailure, path: string) {
    super(`${failure}: ${path}`);
    this.name = 'FeedPhotoReadError';
    this.failure = failure;
    this.code = failure === 'too_large' ? 'zip_too_large' : failure;
  }
}

/** More entries than any feed has (10,000 listings with 20 photos each); past it, a ZIP is refused. */
const ENTRIES_MAX = 500_000;

/**
 * A ZIP read from its file with yauzl: the central directory is read once into a name index
 * (the entries' bytes stay on disk), and each entry is inflated on demand as a stream. Names
 * are judged before anything is read: one with `..`, an absolute path or a backslash fails
 * the file (`zip_unsafe`), whether or not the feed ever names it.
 */
export interface ZipArchive {
  /** File entries (not folders) in the directory's order. */
  readonly names: readonly string[];
  has(name: string): boolean;
  /** An entry's inflated bytes, at most `maxBytes` and the archive's ratio bound: past either, `exceeded`. */
  stream(name: string, maxBytes: number, exceeded: () => Error): AsyncGenerator<Buffer>;
  /** A whole entry into memory (a photo), with the same bounds. */
  read(name: string, maxBytes: number): Promise<Buffer>;
  close(): void;
}

export async function openZipArchive(path: string, limits: FeedReadLimits): Promise<ZipArchive> {
  let zipfile: yauzl.ZipFile;
  try {
    // decodeStrings off: yauzl would fail on a bad name with an error of its own wording; we
    // decode and judge names ourselves, so each refusal says `zip_unsafe` and the entry.
    zipfile = await yauzl.openPromise(path, {
      lazyEntries: true,
      autoClose: false,
      decodeStrings: false,
      validateEntrySizes: true,
    });
  } catch (error) {
    throw new FeedFileError('zip_unsafe', `unreadable ZIP: ${messageOf(error)}`);
  }
  const entries = new Map<string, yauzl.Entry>();
  try {
    let declaredTotal = 0;
    let count = 0;
    for await (const entry of zipfile.eachEntry()) {
      count += 1;
      if (count > ENTRIES_MAX) throw new FeedFileError('zip_too_large', `more than ${ENTRIES_MAX} entries`);
      const name = entryName(entry);
      const unsafe = unsafeName(name);
      if (unsafe) throw new FeedFileError('zip_unsafe', `${unsafe}: ${name.slice(0, 200)}`);
      if (name.endsWith('/')) continue;
      if (entry.isEncrypted())
        throw new FeedFileError('zip_unsafe', `encrypted entry: ${name.slice(0, 200)}`);
      declaredTotal += entry.uncompressedSize;
      if (declaredTotal > limits.maxUncompressedBytes)
        throw new FeedFileError(
          'zip_too_large',
          `entries declare more than ${limits.maxUncompressedBytes} bytes`,
        );
      if (pastRatio(entry.uncompressedSize, entry.compressedSize, limits))
        throw new FeedFileError('zip_too_large', `compression ratio of ${name.slice(0, 200)}`);
      if (!entries.has(name)) entries.set(name, entry);
    }
  } catch (error) {
    zipfile.close();
    if (error instanceof FeedFileError) throw error;
    throw new FeedFileError('zip_unsafe', `unreadable ZIP: ${messageOf(error)}`);
  }
  const names = [...entries.keys()];

  async function* stream(name: string, maxBytes: number, exceeded: () => Error): AsyncGenerator<Buffer> {
    const entry = entries.get(name);
    if (!entry) throw new FeedFileError('zip_without_xml', name);
    const limit = Math.min(maxBytes, limits.maxUncompressedBytes);
    if (entry.uncompressedSize > limit) throw exceeded();
    let input: Readable;
    try {
      input = await zipfile.openReadStreamPromise(entry);
    } catch (error) {
      throw new FeedFileError('zip_unsafe', `unreadable entry ${name.slice(0, 200)}: ${messageOf(error)}`);
    }
    // The declared sizes are not trusted: the inflated bytes are counted as they come, and
    // the entry is abandoned at the first byte past either bound.
    let inflated = 0;
    try {
      for await (const chunk of input as AsyncIterable<Buffer>) {
        inflated += chunk.length;
        if (inflated > limit || pastRatio(inflated, entry.compressedSize, limits)) throw exceeded();
        yield chunk;
      }
    } catch (error) {
      if (error instanceof FeedFileError || error instanceof FeedPhotoReadError) throw error;
      // yauzl's own count: an entry inflating past the size its header declares.
      if (/too many bytes/i.test(messageOf(error))) throw exceeded();
      throw new FeedFileError('zip_unsafe', `unreadable entry ${name.slice(0, 200)}: ${messageOf(error)}`);
    } finally {
      input.destroy();
    }
  }

  return {
    names,
    has: (name) => entries.has(name),
    stream,
    async read(name, maxBytes) {
      if (!entries.has(name)) throw new FeedPhotoReadError('not_found', name);
      const chunks: Buffer[] = [];
      try {
        for await (const chunk of stream(name, maxBytes, () => new FeedPhotoReadError('too_large', name))) {
          chunks.push(chunk);
        }
      } catch (error) {
        if (error instanceof FeedPhotoReadError) throw error;
        throw new FeedPhotoReadError('fetch_failed', name);
      }
      return Buffer.concat(chunks);
    },
    close: () => zipfile.close(),
  };
}

function pastRatio(inflated: number, compressed: number, limits: FeedReadLimits): boolean {
  return inflated > limits.ratioFloorBytes && inflated > Math.max(compressed, 1) * limits.maxCompressionRatio;
}

/** The entry's name: UTF-8 when its flag (bit 11) says so, else code page 437 as the ZIP format has it. */
function entryName(entry: yauzl.Entry): string {
  const raw = entry.fileNameRaw;
  return (entry.generalPurposeBitFlag & 0x800) !== 0 ? raw.toString('utf8') : iconv.decode(raw, 'cp437');
}

/** Why a name could write outside the folder it is unpacked into, or undefined. */
export function unsafeName(name: string): string | undefined {
  if (name.includes('\\')) return 'backslash in name';
  if (name.includes('\0')) return 'NUL in name';
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return 'absolute path';
  if (name.split('/').includes('..')) return 'path with ..';
  return undefined;
}

function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 200);
}
