import { createElement, Suspense, use } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RenderedHtml } from './rendered-html.server.ts';

/** A list of `count` items, as React writes it in pieces of about 2 KB. */
function longList(count: number) {
  return createElement(
    'ul',
    null,
    Array.from({ length: count }, (_, i) =>
      createElement('li', { key: i }, `offer number ${i} with a long text`),
    ),
  );
}

/** A part of a page whose text comes later. */
function Later({ text }: { text: Promise<string> }) {
  return createElement('p', null, use(text));
}

async function text(body: Buffer<ArrayBuffer> | ReadableStream<Uint8Array>): Promise<string> {
  return new Response(body).text();
}

describe('RenderedHtml', () => {
  it('holds a page React wrote whole as one buffer, and says when React ended it', async () => {
    let finished = 0;
    const html = new RenderedHtml(() => finished++);
    const body = await new Promise<Buffer<ArrayBuffer> | ReadableStream<Uint8Array>>((resolve, reject) => {
      const { pipe } = renderToPipeableStream(longList(400), {
        onAllReady() {
          pipe(html);
          resolve(html.body());
        },
        onShellError: reject,
      });
    });
    expect(Buffer.isBuffer(body)).toBe(true);
    const page = await text(body);
    expect(page.length).toBeGreaterThan(10_000);
    expect(page.startsWith('<ul>')).toBe(true);
    expect(page.endsWith('</ul>')).toBe(true);
    expect(page).toContain('offer number 399 with a long text');
    await new Promise((resolve) => setImmediate(resolve));
    expect(finished).toBe(1);
  });

  it('streams the rest of a page that was piped before all of it was ready', async () => {
    let release: (value: string) => void = () => {};
    const later = new Promise<string>((resolve) => {
      release = resolve;
    });
    let finished = 0;
    const html = new RenderedHtml(() => finished++);
    const body = await new Promise<Buffer<ArrayBuffer> | ReadableStream<Uint8Array>>((resolve, reject) => {
      const { pipe } = renderToPipeableStream(
        createElement(
          'main',
          null,
          longList(50),
          createElement(
            Suspense,
            { fallback: createElement('p', null, 'waiting') },
            createElement(Later, { text: later }),
          ),
        ),
        {
          onShellReady() {
            pipe(html);
            resolve(html.body());
          },
          onShellError: reject,
        },
      );
    });
    expect(body).toBeInstanceOf(ReadableStream);
    expect(finished).toBe(0);
    release('the part that came later');
    const page = await text(body);
    expect(page).toContain('offer number 49 with a long text');
    expect(page).toContain('waiting');
    expect(page).toContain('the part that came later');
    expect(finished).toBe(1);
  });
});
