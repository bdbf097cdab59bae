import type { FeedFormat, Locale } from '@estately/domain';

/**
 * Bounds of one feed file (docs/feed-formats.md "Limits"). Every bound is checked while the
 * file streams, so a file that passes one only after being read whole is never read whole.
 */
export interface FeedReadLimits {
  /** The file on disk (an XML, CSV or ZIP file). */
  maxFileBytes: number;
  /** A ZIP's entries together once inflated: the declared sizes at open, the real bytes while inflating. */
  maxUncompressedBytes: number;
  /** Inflated bytes per compressed byte of one ZIP entry, judged once the entry passed `ratioFloorBytes`. */
  maxCompressionRatio: number;
  /** An entry smaller than this is never judged by its ratio (a small repetitive file is no bomb). */
  ratioFloorBytes: number;
  /** Text of one `<immobilie>` element or one CSV record: a larger one is rejected on its own. */
  maxListingChars: number;
}

const GIB = 1024 * 1024 * 1024;
const MIB = 1024 * 1024;

export const DEFAULT_FEED_READ_LIMITS: FeedReadLimits = {
  maxFileBytes: 2 * GIB,
  maxUncompressedBytes: 2 * GIB,
  // Deflate tops out near 1032:1; text feeds compress 5-50:1 and photos barely at all, so an
  // entry past 500:1 and 10 MiB is a bomb rather than a feed.
  maxCompressionRatio: 500,
  ratioFloorBytes: 10 * MIB,
  maxListingChars: 1 * MIB,
};

export interface OpenFeedFileOptions {
  /** The file on local disk (a URL feed is downloaded first). */
  path: string;
  format: FeedFormat;
  /**
   * The encoding the feed's owner declared (FEED_ENCODINGS). CSV: the bytes are decoded with
   * it (UTF-8 when absent). OpenImmo: the XML declaration's own encoding wins, this is the
   * fallback for a file without one.
   */
  encoding?: string | null;
  limits?: Partial<FeedReadLimits>;
  /** The language of descriptions whose feed does not say it (OpenImmo `sprache`, CSV `description_locale`). */
  defaultLocale?: Locale;
}
