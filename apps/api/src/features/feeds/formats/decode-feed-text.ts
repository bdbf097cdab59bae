import { FEED_ENCODINGS } from '@estately/domain';
import iconv from 'iconv-lite';
import { FeedFileError } from '../feed-listing.ts';

export type FeedEncoding = (typeof FEED_ENCODINGS)[number];

// Names CRMs write for the encodings we read (an XML declaration says "ISO-8859-1" or
// "latin1", a CSV export "cp1250"). ASCII is read as UTF-8, of which it is a part.
const ALIASES: Readonly<Record<string, FeedEncoding>> = {
  utf8: 'utf-8',
  'us-ascii': 'utf-8',
  ascii: 'utf-8',
  cp1250: 'windows-1250',
  'x-cp1250': 'windows-1250',
  cp1252: 'windows-1252',
  'x-cp1252': 'windows-1252',
  latin1: 'iso-8859-1',
  iso88591: 'iso-8859-1',
  'iso8859-1': 'iso-8859-1',
  'iso_8859-1': 'iso-8859-1',
  latin2: 'iso-8859-2',
  iso88592: 'iso-8859-2',
  'iso8859-2': 'iso-8859-2',
  'iso_8859-2': 'iso-8859-2',
};

/** Our name of an encoding a feed declares; one we do not read fails the file (`encoding`). */
export function feedEncoding(name: string): FeedEncoding {
  const lower = name.trim().toLowerCase();
  const known = (FEED_ENCODINGS as readonly string[]).includes(lower)
    ? (lower as FeedEncoding)
    : ALIASES[lower];
  if (!known) throw new FeedFileError('encoding', `unsupported encoding: ${name.slice(0, 40)}`);
  return known;
}

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);
/** How many bytes the encoding is chosen from: a BOM, or an XML declaration. */
const HEAD_BYTES = 1024;

/** What the first bytes say of the encoding: a BOM is UTF-8 whatever was declared; UTF-16 is refused. */
export function encodingFromBom(head: Buffer): FeedEncoding | undefined {
  if (head.subarray(0, 3).equals(UTF8_BOM)) return 'utf-8';
  if (head.length >= 2 && ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)))
    throw new FeedFileError('encoding', 'UTF-16 is not supported: save the feed as UTF-8');
  return undefined;
}

/**
 * Decodes a byte stream into text chunks, never holding more than one chunk. `choose` names
 * the encoding from the first bytes. Invalid UTF-8 fails the file (`encoding`) rather than
 * turning letters into replacement characters: a Windows-1250 file read as UTF-8 would
 * otherwise import "P��bram".
 */
export async function* decodeFeedText(
  bytes: AsyncIterable<Buffer>,
  choose: (head: Buffer) => FeedEncoding,
): AsyncGenerator<string> {
  const iterator = bytes[Symbol.asyncIterator]();
  try {
    const first: Buffer[] = [];
    let headLength = 0;
    while (headLength < HEAD_BYTES) {
      const next = await iterator.next();
      if (next.done) break;
      first.push(next.value);
      headLength += next.value.length;
    }
    const decoder = textDecoder(choose(Buffer.concat(first).subarray(0, HEAD_BYTES)));
    for (const chunk of first) {
      const text = decoder.write(chunk);
      if (text) yield text;
    }
    for (;;) {
      const next = await iterator.next();
      if (next.done) break;
      const text = decoder.write(next.value);
      if (text) yield text;
    }
    const rest = decoder.end();
    if (rest) yield rest;
  } finally {
    await iterator.return?.();
  }
}

interface ChunkDecoder {
  write(chunk: Buffer): string;
  end(): string;
}

function textDecoder(encoding: FeedEncoding): ChunkDecoder {
  if (encoding !== 'utf-8') {
    const decoder = iconv.getDecoder(encoding, { stripBOM: true });
    return { write: (chunk) => decoder.write(chunk), end: () => decoder.end() ?? '' };
  }
  // `fatal` throws on the first invalid sequence; the BOM is dropped (ignoreBOM: false).
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  let offset = 0;
  const invalid = () =>
    new FeedFileError('encoding', `invalid UTF-8 after byte ${offset}: declare the feed's encoding`);
  return {
    write(chunk) {
      try {
        const text = decoder.decode(chunk, { stream: true });
        offset += chunk.length;
        return text;
      } catch {
        throw invalid();
      }
    },
    end() {
      try {
        return decoder.decode();
      } catch {
        throw invalid();
      }
    },
  };
}
