import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressHtmlSync, createHtmlCompressor, type HtmlEncoding, htmlEncoding } from './html-encoding.ts';

const decode: Record<HtmlEncoding, (body: Buffer) => Buffer> = {
  zstd: (body) => zstdDecompressSync(body),
  br: (body) => brotliDecompressSync(body),
  gzip: (body) => gunzipSync(body),
};

// A document like a results page: the same markup with other words and numbers, 25 times over.
const page = Buffer.from(
  `<!DOCTYPE html><html lang="en"><body><ul>${Array.from(
    { length: 25 },
    (_, i) =>
      `<li class="result-card"><a href="/en/property/${i * 7919}">${i + 1}+kk, ${40 + i * 3} m²</a><p>${(i * 1_234_567) % 9_999_999} CZK</p></li>`,
  ).join('')}</ul></body></html>`,
);

describe('htmlEncoding (Accept-Encoding, RFC 9110 12.5.3)', () => {
  it("takes what today's browsers send to the best of ours they have", () => {
    expect(htmlEncoding('gzip, deflate, br, zstd')).toBe('zstd'); // Chromium, Firefox
    expect(htmlEncoding('gzip, deflate, br')).toBe('br'); // Safari
    expect(htmlEncoding('gzip, deflate')).toBe('gzip');
    expect(htmlEncoding('GZIP')).toBe('gzip');
    expect(htmlEncoding(['gzip', 'br'])).toBe('br');
  });

  it('sends nothing compressed to clients that ask for none of ours', () => {
    expect(htmlEncoding(undefined)).toBeNull();
    expect(htmlEncoding('')).toBeNull();
    expect(htmlEncoding('identity')).toBeNull();
    expect(htmlEncoding('deflate, compress')).toBeNull();
  });

  it('follows the weights: the highest wins, 0 refuses, * stands for the others', () => {
    expect(htmlEncoding('zstd;q=0.5, gzip')).toBe('gzip');
    expect(htmlEncoding('zstd;q=0, br;q=0, gzip;q=0.1')).toBe('gzip');
    expect(htmlEncoding('gzip;q=0')).toBeNull();
    expect(htmlEncoding('br; q=0.9, gzip ; q=0.8')).toBe('br');
    expect(htmlEncoding('*')).toBe('zstd');
    expect(htmlEncoding('*;q=0.5, zstd;q=0, br;q=0.4')).toBe('gzip');
    expect(htmlEncoding('*;q=0')).toBeNull();
    // A weight that is no number refuses, as a client would not have meant to accept it.
    expect(htmlEncoding('zstd;q=high, gzip')).toBe('gzip');
    expect(htmlEncoding('zstd;q=, br')).toBe('br');
  });

  it('compresses a whole document in each encoding, to much less than it was', () => {
    for (const encoding of ['zstd', 'br', 'gzip'] as const) {
      const body = compressHtmlSync(page, encoding);
      expect(decode[encoding](body).equals(page)).toBe(true);
      expect(body.length).toBeLessThan(page.length / 3);
    }
  });

  it('flushes every piece of a streamed document as it is written', async () => {
    for (const encoding of ['zstd', 'br', 'gzip'] as const) {
      const compressor = createHtmlCompressor(encoding);
      const out: Buffer[] = [];
      compressor.on('data', (chunk: Buffer) => out.push(chunk));
      const head = page.subarray(0, 500);
      compressor.write(head);
      // Before the end: what came out so far decodes to the first piece (a decoder that is
      // given the stream so far; the end marker is still to come).
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(out.length).toBeGreaterThan(0);
      const partial = Buffer.concat(out);
      const sofar = await streamDecoded(encoding, partial);
      expect(sofar.equals(head)).toBe(true);
      const ended = new Promise((resolve) => compressor.on('end', resolve));
      compressor.end(page.subarray(500));
      await ended;
      expect(decode[encoding](Buffer.concat(out)).equals(page)).toBe(true);
    }
  });
});

/** What a streaming decoder makes of the bytes of an unfinished stream. */
async function streamDecoded(encoding: HtmlEncoding, bytes: Buffer): Promise<Buffer> {
  const zlib = await import('node:zlib');
  const decoder =
    encoding === 'zstd'
      ? zlib.createZstdDecompress()
      : encoding === 'br'
        ? zlib.createBrotliDecompress()
        : zlib.createGunzip();
  const out: Buffer[] = [];
  decoder.on('data', (chunk: Buffer) => out.push(chunk));
  decoder.on('error', () => undefined);
  decoder.write(bytes);
  await new Promise((resolve) => setTimeout(resolve, 20));
  decoder.destroy();
  return Buffer.concat(out);
}
