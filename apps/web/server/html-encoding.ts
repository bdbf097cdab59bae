// How documents are compressed (decision 040). A results page is about 110 KB of HTML; gzip at
// its default level costs about 1.2 ms of CPU for it, as much as a quarter of what rendering the
// page costs, and the micro-cache pays it again on every hit (each answer has a nonce of its own).
// zstd at level 3 gives nearly the same size for a sixth of that, brotli at quality 3 the same
// size for 60 %. Browsers that have zstd (Chromium, Firefox) get it, those with brotli (Safari)
// brotli, anything else gzip. Plain Node (server.ts and the page cache load it directly).

import type { ServerResponse } from 'node:http';
import type { Transform } from 'node:stream';
import {
  brotliCompressSync,
  constants,
  createBrotliCompress,
  createGzip,
  createZstdCompress,
  gzipSync,
  zstdCompressSync,
} from 'node:zlib';

export type HtmlEncoding = 'zstd' | 'br' | 'gzip';

/** Ours in order of preference, when the client likes several equally. */
const PREFERENCE: readonly HtmlEncoding[] = ['zstd', 'br', 'gzip'];

const ZSTD_LEVEL = 3;
/**
 * zstd's match tables at 2^14 entries (level 3 takes 2^17): a document is at most a few hundred
 * KB, and smaller tables make a context cheap to set up. With `npm start`'s fixed malloc threshold
 * (decision 026) the default tables come from fresh memory every time: twice the CPU a page.
 */
const ZSTD_TABLE_LOG = 14;
const ZSTD_PARAMS = {
  [constants.ZSTD_c_compressionLevel]: ZSTD_LEVEL,
  [constants.ZSTD_c_hashLog]: ZSTD_TABLE_LOG,
  [constants.ZSTD_c_chainLog]: ZSTD_TABLE_LOG,
};
const BROTLI_PARAMS = {
  [constants.BROTLI_PARAM_QUALITY]: 3,
  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
};

/**
 * The encoding to send a document in, given the request's Accept-Encoding (RFC 9110 12.5.3):
 * the one with the highest weight the client gives it, ours preferred among equals; `*` stands
 * for every encoding not named; a weight of 0 refuses. Null when none of ours is acceptable.
 */
export function htmlEncoding(acceptEncoding: string | string[] | undefined): HtmlEncoding | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  if (header === '') return null;
  const weights = new Map<string, number>();
  for (const item of header.split(',')) {
    const [rawName = '', ...params] = item.split(';');
    const name = rawName.trim().toLowerCase();
    if (name === '') continue;
    let weight = 1;
    for (const param of params) {
      const [key, value] = param.split('=').map((part) => part.trim());
      if (key?.toLowerCase() !== 'q') continue;
      const parsed = Number(value);
      weight = Number.isFinite(parsed) && value !== '' ? Math.min(1, Math.max(0, parsed)) : 0;
    }
    weights.set(name, Math.max(weight, weights.get(name) ?? 0));
  }
  const wildcard = weights.get('*');
  let best: HtmlEncoding | null = null;
  let bestWeight = 0;
  for (const encoding of PREFERENCE) {
    const weight = weights.get(encoding) ?? wildcard ?? 0;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}

/**
 * Marks a document's answer as depending on Accept-Encoding, plain or not: a shared cache (the
 * pages' s-maxage) must not give a plain copy to browsers, or a zstd one to a client without zstd.
 */
export function varyOnAcceptEncoding(res: ServerResponse): void {
  const vary = String(res.getHeader('vary') ?? '');
  if (!/accept-encoding/i.test(vary))
    res.setHeader('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

/** A whole document, compressed at once (the page cache's answers). */
export function compressHtmlSync(body: Buffer, encoding: HtmlEncoding): Buffer {
  switch (encoding) {
    case 'zstd':
      return zstdCompressSync(body, { params: ZSTD_PARAMS, pledgedSrcSize: body.length });
    case 'br':
      return brotliCompressSync(body, {
        params: { ...BROTLI_PARAMS, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      });
    case 'gzip':
      return gzipSync(body);
  }
}

/**
 * A compressor for a document written in pieces: each write is flushed as it comes, so a
 * streamed document still reaches the browser in pieces.
 */
export function createHtmlCompressor(encoding: HtmlEncoding): Transform {
  switch (encoding) {
    case 'zstd':
      return createZstdCompress({ flush: constants.ZSTD_e_flush, params: ZSTD_PARAMS });
    case 'br':
      return createBrotliCompress({ flush: constants.BROTLI_OPERATION_FLUSH, params: BROTLI_PARAMS });
    case 'gzip':
      return createGzip({ flush: constants.Z_SYNC_FLUSH });
  }
}
