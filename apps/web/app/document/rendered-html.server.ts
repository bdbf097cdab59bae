import { Writable } from 'node:stream';

/**
 * Where React writes a page (entry.server.tsx). A page is rendered once every part of it is
 * ready, so React writes the whole document at once when piped here: the body is then one
 * buffer, sent in one write. React writes a page of 25 cards in about fifty 2 KB pieces, and
 * each piece passed through a Node stream, a web stream and the response's write cost about a
 * tenth of the web server's CPU a page (docs/decisions/031). When React still has parts to write
 * after the first pass (none of today's pages), they follow as a stream.
 */
export class RenderedHtml extends Writable {
  private chunks: Buffer[] = [];
  private controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  private readonly onFinished: () => void;

  /** `onFinished` runs once React has ended the document. */
  constructor(onFinished: () => void) {
    super();
    this.onFinished = onFinished;
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    if (this.controller) this.controller.enqueue(chunk);
    else this.chunks.push(chunk);
    callback();
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.onFinished();
    this.controller?.close();
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    if (error) this.controller?.error(error);
    callback(error);
  }

  /**
   * What React has written so far, as the response body: the bytes themselves when React has
   * ended the document, else a stream of them and of the rest as React writes it.
   */
  body(): Buffer<ArrayBuffer> | ReadableStream<Uint8Array> {
    const written = Buffer.concat(this.chunks);
    this.chunks = [];
    if (this.writableEnded) return written;
    return new ReadableStream<Uint8Array>({
      start: (controller) => {
        if (written.length > 0) controller.enqueue(written);
        this.controller = controller;
      },
    });
  }
}
