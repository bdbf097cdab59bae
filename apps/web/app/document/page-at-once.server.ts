import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { EntryContext } from 'react-router';

// A page rendered in one synchronous pass to a string (docs/decisions/033-pages-rendered-at-once.md).
//
// By the time React renders a document, React Router has run every loader: nothing is left to
// wait for but the loader data's turbo-stream, which <ServerRouter> reads inside a Suspense
// boundary (its StreamTransfer) and which is complete a few microtasks after it starts. The
// streaming renderer then spends most of its time turning thousands of small strings into
// bytes, piece by piece. Here the stream is read first, the page is rendered without it by
// renderToString (the same renderer writing into one string), and the loader data is added at
// the end of the body, as the same stream for React Router's client in a form cheaper to write
// than StreamTransfer's (`loaderDataScripts`). page-at-once.e2e.test.ts compares both renderings
// on the real app: the same document, and the same loader data.
//
// A page in which anything still suspends (a lazy module's first use in this process) or a
// Suspense boundary fails is not served this way: `renderPageAtOnce` answers no page, and the
// caller renders it with the streaming renderer, from a copy of the stream it read.

// `<` as a JSON escape: the loader data sits in a data block, whose text only `</script` (or
// `<!--`) could end early. It only ever stands inside a JSON string of the data, where the
// escape reads back as the same character. In UTF-8, the byte of `<` is never part of another
// character, so the chunks are searched as they are, as bytes.
const DATA_BLOCK_ESCAPE = /</g;
const LESS_THAN = 0x3c;

// React's markers of a Suspense boundary left for the browser to render (`<!--$!-->`), or still
// pending (`<!--$?-->`), looked for from their second character: `<` is on every few
// characters of a page, `$` seldom, so the search skips ahead instead of stopping at every tag.
const CLIENT_RENDERED = '$!-->';
const PENDING = '$?-->';

function hasUnfinishedBoundary(html: string): boolean {
  for (const marker of [CLIENT_RENDERED, PENDING]) {
    for (let at = html.indexOf(marker); at >= 0; at = html.indexOf(marker, at + 1)) {
      if (html.startsWith('<!--', at - 4)) return true;
    }
  }
  return false;
}

const DOCUMENT_END = '</body></html>';
/** The type of the data block holding a page's loader data. */
export const LOADER_DATA_TYPE = 'estately/loader-data';
const DOCTYPE = '<!DOCTYPE html>';

/**
 * A piece of a document: a text, or bytes already encoded as UTF-8 (the loader data, as React
 * Router's encoder gives it).
 */
export type DocumentPart = string | Uint8Array;

export interface PageAtOnce {
  /**
   * The whole document as parts to send one after the other, or null when it must be rendered
   * by the streaming renderer: `html` is React's document up to its closing `</body></html>`,
   * `head` what goes before it (the doctype) and `tail` the rest (the loader data as the bytes
   * it came as). Kept apart, they are encoded without first being copied into one string (a
   * page holds non-Latin text, the locale names at least, so the copy is two bytes a character).
   */
  page: { head: string; html: string; tail: DocumentPart[] } | null;
  /** The context to render otherwise: the stream restored from what was read of it. */
  context(): EntryContext;
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array[]> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    chunks.push(value);
  }
}

/** A stream of these bytes, handed on as they are. */
function bytesStream(chunks: readonly Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

/**
 * The loader data of a page rendered at once, for React Router's client: the chunks of its
 * turbo-stream as they are (the bytes React Router's encoder gave), in a data block (a script
 * element of a type the browser does not run), then one script that hands its text to the
 * stream React Router's client reads, and closes it. React Router's own StreamTransfer writes
 * each chunk as a JavaScript string literal instead: the chunk escaped once more, a third longer
 * (the page data in it is a JSON text within the chunk, decision 033), and a pass over all of it
 * on every render.
 */
export function loaderDataScripts(chunks: readonly Uint8Array[], nonce: string): DocumentPart[] {
  // The data block carries the nonce too: every script element of a page does.
  const nonced = nonce ? ` nonce="${nonce}"` : '';
  return [
    `<script${nonced} type="${LOADER_DATA_TYPE}">`,
    ...chunks.map(dataBlockText),
    `</script><script${nonced}>` +
      '(c=>{c.enqueue(document.currentScript.previousElementSibling.textContent);c.close()})' +
      '(window.__reactRouterContext.streamController)</script>',
  ];
}

/**
 * A chunk of loader data as the data block's text: the bytes as they are unless they hold a `<`.
 * Each chunk is one whole text React Router's encoder encoded, so it decodes on its own.
 */
function dataBlockText(chunk: Uint8Array): DocumentPart {
  // Buffer's search (memchr) rather than the typed array's `includes`, which compares byte by byte.
  if (Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).indexOf(LESS_THAN) < 0) return chunk;
  return new TextDecoder().decode(chunk).replace(DATA_BLOCK_ESCAPE, '\\u003c');
}

/**
 * Renders the page `render` builds for a router context at once, or says it cannot. `nonce` is
 * the response's, for the loader-data scripts.
 */
export async function renderPageAtOnce(
  context: EntryContext,
  render: (context: EntryContext) => ReactElement,
  nonce: string,
): Promise<PageAtOnce> {
  const stream = context.serverHandoffStream;
  if (!stream) return { page: null, context: () => context };
  const chunks = await readAll(stream);
  const restored = (): EntryContext => ({ ...context, serverHandoffStream: bytesStream(chunks) });
  const withoutStream: EntryContext = { ...context, serverHandoffStream: undefined, renderMeta: {} };
  let html: string;
  try {
    html = renderToString(render(withoutStream));
  } catch {
    // Something suspended outside any boundary, or threw: the streaming renderer knows what to
    // do with either (wait, or report the error as it always has).
    return { page: null, context: restored };
  }
  if (!html.endsWith(DOCUMENT_END) || hasUnfinishedBoundary(html)) return { page: null, context: restored };
  // StreamTransfer writes nothing on a page without React Router's <Scripts>.
  const loaderData = withoutStream.renderMeta?.didRenderScripts ? loaderDataScripts(chunks, nonce) : [];
  return {
    page: {
      // The streaming renderer starts a document with its doctype; renderToString leaves it out.
      head: html.startsWith('<html') ? DOCTYPE : '',
      html: html.slice(0, -DOCUMENT_END.length),
      tail: [...loaderData, DOCUMENT_END],
    },
    context: restored,
  };
}

// Where documents are encoded before their bytes are copied out: grown to the largest page's
// worst case (three bytes a UTF-16 unit) and kept. Encoding into a buffer that is already there
// takes half the time of `Buffer.from` on a page's texts: a page holds non-Latin text (the locale
// names at least), and for such a string `Buffer.from` first walks it to count its bytes.
let scratch = Buffer.allocUnsafeSlow(256 * 1024);
// Past this, a document is encoded as it comes, and the space is not kept (pages are 50-200 KB).
const SCRATCH_LIMIT = 4 * 1024 * 1024;

/**
 * The response of a document given as parts to send one after the other: their bytes, with
 * their Content-Length. The body is a stream of those bytes, as they are: a `Response` made from
 * bytes themselves first copies them (as the fetch standard asks of a buffer it is given).
 */
export function documentResponse(parts: readonly DocumentPart[], headers: Headers, status: number): Response {
  const bytes = documentBytes(parts);
  headers.set('Content-Length', String(bytes.length));
  return new Response(bytesStream([bytes]), { headers, status });
}

/** A document given as parts to send one after the other, as the bytes of a response body. */
export function documentBytes(parts: readonly DocumentPart[]): Buffer<ArrayBuffer> {
  // At most three bytes a UTF-16 unit of a text; bytes as they are.
  let most = 0;
  for (const part of parts) most += typeof part === 'string' ? part.length * 3 : part.byteLength;
  if (most > SCRATCH_LIMIT) {
    return Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'utf8') : part)));
  }
  if (scratch.length < most) scratch = Buffer.allocUnsafeSlow(most);
  let length = 0;
  for (const part of parts) {
    if (typeof part === 'string') {
      length += scratch.write(part, length, 'utf8');
    } else {
      scratch.set(part, length);
      length += part.byteLength;
    }
  }
  const bytes = Buffer.allocUnsafe(length);
  scratch.copy(bytes, 0, 0, length);
  return bytes as Buffer<ArrayBuffer>;
}
