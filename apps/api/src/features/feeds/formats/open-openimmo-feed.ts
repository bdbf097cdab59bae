import { createReadStream } from 'node:fs';
import { posix } from 'node:path';
import { DEFAULT_LOCALE } from '@estately/domain';
import { FeedFileError, type FeedItem, type OpenedFeed } from '../feed-listing.ts';
import { decodeFeedText, encodingFromBom, type FeedEncoding, feedEncoding } from './decode-feed-text.ts';
import type { FeedReadLimits, OpenFeedFileOptions } from './feed-read-options.ts';
import { finishFeedListing, refuseDuplicate } from './finish-feed-listing.ts';
import { mapOpenImmoListing } from './map-openimmo-listing.ts';
import type { OpenImmoContext } from './openimmo-mapping.ts';
import { readOpenImmoXml } from './read-openimmo-xml.ts';
import { FeedPhotoReadError, openZipArchive, unsafeName, type ZipArchive } from './zip-archive.ts';

const XML_DECLARATION_ENCODING = /^\s*<\?xml\b[^>]*?\bencoding\s*=\s*["']([^"']{1,40})["']/;

/**
 * The encoding of an XML file: a BOM, else its declaration (`<?xml ... encoding="ISO-8859-2"?>`),
 * else the one the feed's owner declared, else UTF-8 (XML's default).
 */
export function xmlEncoding(head: Buffer, declared: string | null | undefined): FeedEncoding {
  const bom = encodingFromBom(head);
  if (bom) return bom;
  const inDeclaration = XML_DECLARATION_ENCODING.exec(head.toString('latin1'))?.[1];
  if (inDeclaration) return feedEncoding(inDeclaration);
  return feedEncoding(declared ?? 'utf-8');
}

/**
 * Opens an OpenImmo feed: an XML file, or a ZIP of one XML file and the images its `anhang`
 * entries name. The start of the document is read at once (root, DOCTYPE, encoding, and
 * `uebertragung umfang`), so a wrong file fails here; `items()` streams the listings and
 * may be called again (the file, or the ZIP entry, is simply read once more).
 */
export async function openOpenImmoFeed(
  options: OpenFeedFileOptions,
  limits: FeedReadLimits,
  zipped: boolean,
): Promise<OpenedFeed> {
  const archive = zipped ? await openZipArchive(options.path, limits) : undefined;
  try {
    const xmlEntry = archive ? feedXmlEntry(archive) : undefined;
    const bytes = (): AsyncIterable<Buffer> =>
      archive && xmlEntry
        ? archive.stream(
            xmlEntry,
            limits.maxUncompressedBytes,
            () => new FeedFileError('zip_too_large', xmlEntry),
          )
        : createReadStream(options.path, { highWaterMark: 64 * 1024 });
    const events = () =>
      readOpenImmoXml(
        decodeFeedText(bytes(), (head) => xmlEncoding(head, options.encoding)),
        limits.maxListingChars,
      );
    const context: OpenImmoContext = {
      resolveAttachment: attachmentResolver(archive, xmlEntry),
      defaultLocale: options.defaultLocale ?? DEFAULT_LOCALE,
    };

    // `uebertragung` comes before the first listing; without it the feed is VOLL (the default).
    let umfang: string | undefined;
    for await (const event of events()) {
      if (event.type === 'transfer') umfang = event.umfang;
      break;
    }

    async function* items(): AsyncGenerator<FeedItem> {
      const seen = new Set<string>();
      let position = 0;
      for await (const event of events()) {
        if (event.type !== 'listing') continue;
        position += 1;
        yield refuseDuplicate(listingItem(position, event.node, context), seen);
      }
      if (position === 0) throw new FeedFileError('empty_feed', 'no <immobilie>');
    }

    return {
      mode: umfang?.toUpperCase() === 'TEIL' ? 'partial' : 'full',
      items,
      readPhoto: async (path, maxBytes) => {
        if (!archive) throw new FeedPhotoReadError('not_found', path);
        return archive.read(path, maxBytes);
      },
      close: async () => archive?.close(),
    };
  } catch (error) {
    archive?.close();
    throw error;
  }
}

function listingItem(
  position: number,
  node: Parameters<typeof mapOpenImmoListing>[0] | null,
  context: OpenImmoContext,
): FeedItem {
  if (!node) {
    return {
      kind: 'rejected',
      position,
      rejection: { problems: [{ code: 'malformed_listing', detail: 'feeds.listing.too_large' }] },
    };
  }
  return finishFeedListing(position, mapOpenImmoListing(node, context));
}

/**
 * The ZIP's OpenImmo document: its `.xml` entry nearest the top (the first of equals),
 * leaving out the `__MACOSX/` and `._` copies macOS adds.
 */
function feedXmlEntry(archive: ZipArchive): string {
  const candidates = archive.names.filter((name) => {
    const base = posix.basename(name);
    return name.toLowerCase().endsWith('.xml') && !name.startsWith('__MACOSX/') && !base.startsWith('._');
  });
  const depth = (name: string) => name.split('/').length;
  const [best] = candidates.sort((a, b) => depth(a) - depth(b));
  if (!best) throw new FeedFileError('zip_without_xml', `${archive.names.length} entries, none .xml`);
  return best;
}

/**
 * Finds the ZIP entry of an attachment path: relative to the XML file, else from the ZIP's
 * top, in either case letters as written and then in any case (exports made on Windows
 * differ in case). A path out of the archive is refused; a plain XML feed holds no files.
 */
function attachmentResolver(
  archive: ZipArchive | undefined,
  xmlEntry: string | undefined,
): OpenImmoContext['resolveAttachment'] {
  if (!archive || xmlEntry === undefined) return () => ({ failure: 'not_found' });
  const folder = posix.dirname(xmlEntry);
  let byLowerCase: Map<string, string> | undefined;
  return (path) => {
    const relative = path.trim().replaceAll('\\', '/').replace(/^\.\//, '');
    if (unsafeName(relative) || URL.canParse(relative)) return { failure: 'address_refused' };
    const candidates = [folder === '.' ? relative : posix.join(folder, relative), relative];
    for (const candidate of candidates) if (archive.has(candidate)) return { entry: candidate };
    byLowerCase ??= new Map(archive.names.map((name) => [name.toLowerCase(), name]));
    for (const candidate of candidates) {
      const entry = byLowerCase.get(candidate.toLowerCase());
      if (entry) return { entry };
    }
    return { failure: 'not_found' };
  };
}
