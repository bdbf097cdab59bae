import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { FeedFileError } from '../feed-listing.ts';
import { localName, type XmlNode } from './xml-node.ts';

/** What the streaming reader finds in an OpenImmo document, in document order. */
export type OpenImmoEvent =
  /** `<uebertragung umfang="VOLL|TEIL">`: how much of the agency's stock the file holds. */
  | { type: 'transfer'; umfang: string | undefined }
  /** One `<immobilie>` as a small tree; null when its text passed the listing limit. */
  | { type: 'listing'; node: XmlNode | null };

// `<!DOCTYPE` split across two chunks is still seen: the scan keeps this many characters of
// the previous chunk.
const DOCTYPE = /<!DOCTYPE/i;
const DOCTYPE_OVERLAP = 8;

/**
 * Reads an OpenImmo document from text chunks with a SAX parser (saxes): only the
 * `<immobilie>` being read is held, as an XmlNode tree, and given out once its end tag is
 * read. A DOCTYPE anywhere fails the file before the parser sees it, so no entity of an
 * internal subset is ever declared, let alone expanded (XXE, billion laughs); saxes itself
 * knows only the five predefined entities and refuses any other.
 */
export async function* readOpenImmoXml(
  text: AsyncIterable<string>,
  maxListingChars: number,
): AsyncGenerator<OpenImmoEvent> {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const queue: OpenImmoEvent[] = [];
  let depth = 0;
  // The open `<immobilie>`: its depth, the open elements inside it, the characters held.
  let listingDepth = -1;
  let stack: XmlNode[] = [];
  let listingChars = 0;
  let tooLarge = false;

  const hold = (chars: number) => {
    listingChars += chars;
    if (listingChars > maxListingChars) tooLarge = true;
  };

  parser.on('doctype', () => {
    throw new FeedFileError('doctype_refused', `line ${parser.line}`);
  });
  parser.on('opentag', (tag: SaxesTagPlain) => {
    depth += 1;
    const name = localName(tag.name);
    if (depth === 1 && name !== 'openimmo') {
      throw new FeedFileError('not_openimmo', `root element <${name.slice(0, 60)}>`);
    }
    if (listingDepth === -1) {
      if (name === 'immobilie') {
        listingDepth = depth;
        listingChars = 0;
        tooLarge = false;
        stack = [{ name, attributes: { ...tag.attributes }, children: [], text: '' }];
      } else if (name === 'uebertragung' && depth === 2) {
        const umfang = Object.entries(tag.attributes).find(([key]) => key.toLowerCase() === 'umfang')?.[1];
        queue.push({ type: 'transfer', umfang });
      }
      return;
    }
    if (tooLarge) return;
    const node: XmlNode = { name, attributes: { ...tag.attributes }, children: [], text: '' };
    hold(name.length + Object.entries(tag.attributes).reduce((sum, [k, v]) => sum + k.length + v.length, 0));
    stack[stack.length - 1]?.children.push(node);
    stack.push(node);
  });
  const addText = (value: string) => {
    if (listingDepth === -1 || tooLarge) return;
    const top = stack[stack.length - 1];
    if (!top) return;
    hold(value.length);
    if (!tooLarge) top.text += value;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', () => {
    if (listingDepth !== -1) {
      if (depth === listingDepth) {
        queue.push({ type: 'listing', node: tooLarge ? null : (stack[0] ?? null) });
        listingDepth = -1;
        stack = [];
      } else if (!tooLarge) {
        stack.pop();
      }
    }
    depth -= 1;
  });

  const run = (step: () => void) => {
    try {
      step();
    } catch (error) {
      if (error instanceof FeedFileError) throw error;
      throw new FeedFileError('malformed_xml', error instanceof Error ? error.message.slice(0, 200) : 'xml');
    }
  };

  let tail = '';
  for await (const chunk of text) {
    if (DOCTYPE.test(tail + chunk)) throw new FeedFileError('doctype_refused', `near line ${parser.line}`);
    tail = chunk.slice(-DOCTYPE_OVERLAP);
    run(() => parser.write(chunk));
    yield* queue;
    queue.length = 0;
  }
  run(() => parser.close());
  yield* queue;
}
