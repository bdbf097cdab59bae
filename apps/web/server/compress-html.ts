import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Transform } from 'node:stream';
import {
  compressHtmlSync,
  createHtmlCompressor,
  htmlEncoding,
  varyOnAcceptEncoding,
} from './html-encoding.ts';

/**
 * Compresses what the renderer writes when it is HTML (documents are 40-110 KB uncompressed, most
 * of a mobile first view's transfer), in the encoding the browser takes best (zstd, brotli or gzip:
 * html-encoding.ts). A page rendered at once (it says its length, decision 034) is
 * compressed in one go when it ends; a streamed one chunk by chunk, each flushed as it comes, so
 * it still arrives in pieces. Data requests and resources pass through untouched.
 */
export function compressHtml(req: IncomingMessage, res: ServerResponse): void {
  const encoding = req.method === 'HEAD' ? null : htmlEncoding(req.headers['accept-encoding']);
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  /** A streamed document's compressor, or the pieces of a whole one until it ends. */
  let compressor: Transform | null = null;
  let whole: Buffer[] | null = null;
  const start = () => {
    const type = String(res.getHeader('content-type') ?? '');
    if (!type.startsWith('text/html') || res.getHeader('content-encoding')) return;
    varyOnAcceptEncoding(res);
    if (!encoding) return;
    res.setHeader('Content-Encoding', encoding);
    if (res.getHeader('content-length') !== undefined) {
      res.removeHeader('Content-Length');
      whole = [];
      return;
    }
    compressor = createHtmlCompressor(encoding);
    compressor.on('data', (chunk: Buffer) => write(chunk));
    compressor.on('end', () => end());
    compressor.on('error', () => res.destroy());
  };
  const bytes = (chunk: unknown) => (typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  res.writeHead = ((...args: unknown[]) => {
    // Headers given to writeHead itself count too: set them first, then decide.
    const headers = args.find((arg, index) => index > 0 && typeof arg === 'object' && arg !== null);
    // Raw header lists are passed on as they are, uncompressed.
    if (Array.isArray(headers)) return writeHead(...args);
    if (headers) {
      for (const [name, value] of Object.entries(headers as Record<string, string>))
        res.setHeader(name, value);
    }
    start();
    return writeHead(args[0], typeof args[1] === 'string' ? args[1] : undefined);
  }) as typeof res.writeHead;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (!res.headersSent) res.writeHead(res.statusCode);
    if (whole) whole.push(bytes(chunk));
    else if (compressor) compressor.write(bytes(chunk));
    else return write(chunk, ...rest);
    return true;
  }) as typeof res.write;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (!res.headersSent) res.writeHead(res.statusCode);
    if (!whole && !compressor) return end(chunk, ...rest);
    const last = chunk !== undefined && typeof chunk !== 'function' ? bytes(chunk) : null;
    if (whole && encoding) {
      if (last) whole.push(last);
      const body = whole.length === 1 ? (whole[0] as Buffer) : Buffer.concat(whole);
      whole = null;
      return end(compressHtmlSync(body, encoding));
    }
    if (last) compressor?.write(last);
    compressor?.end();
    return res;
  }) as typeof res.end;
}
