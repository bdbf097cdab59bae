import { createElement, lazy, type ReactElement, Suspense } from 'react';
import type { EntryContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  documentBytes,
  documentResponse,
  LOADER_DATA_TYPE,
  loaderDataScripts,
  renderPageAtOnce,
} from './page-at-once.server.ts';

// The whole-page render (decision 033) against hand-made router contexts: what it adds, and when
// it hands the page back to the streaming renderer. That its pages are the streaming renderer's
// byte for byte, on the real app, is page-at-once.e2e.test.ts.

const NONCE = 'bm9uY2U=';

async function text(readable: ReadableStream<Uint8Array> | undefined): Promise<string> {
  return readable ? new Response(readable).text() : '';
}

/** Chunks of loader data as React Router's encoder gives them: UTF-8 bytes. */
function bytesOf(chunks: readonly string[]): Uint8Array[] {
  const encoder = new TextEncoder();
  return chunks.map((chunk) => encoder.encode(chunk));
}

/** Just what the render reads of a router context: the loader-data stream and renderMeta. */
function contextWith(chunks: string[]): EntryContext {
  const bytes = bytesOf(chunks);
  const serverHandoffStream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of bytes) controller.enqueue(chunk);
      controller.close();
    },
  });
  return { serverHandoffStream, renderMeta: {} } as unknown as EntryContext;
}

/** The loader-data scripts of these chunks, as the document's text. */
function scriptsOf(chunks: readonly string[], nonce: string): string {
  return documentBytes(loaderDataScripts(bytesOf(chunks), nonce)).toString('utf8');
}

/** A document like the root layout's; `scripts` stands for React Router's <Scripts>. */
function documentOf(body: ReactElement, scripts = true) {
  return (context: EntryContext) => {
    if (scripts && context.renderMeta) context.renderMeta.didRenderScripts = true;
    return createElement('html', { lang: 'en' }, createElement('head'), createElement('body', null, body));
  };
}

/** A part of a page that fails to render. */
function Broken(): ReactElement {
  throw new Error('broken part');
}

describe('loaderDataScripts', () => {
  const HAND_OVER =
    '(c=>{c.enqueue(document.currentScript.previousElementSibling.textContent);c.close()})' +
    '(window.__reactRouterContext.streamController)</script>';

  it('puts the chunks in a data block, `<` escaped, and a script that hands them over and closes', () => {
    const scripts = scriptsOf(['[{"a":"</script><!--&"}]\n', '', 'P1:[2]\n'], NONCE);
    expect(scripts).toBe(
      `<script nonce="${NONCE}" type="${LOADER_DATA_TYPE}">[{"a":"\\u003c/script>\\u003c!--&"}]\nP1:[2]\n</script>` +
        `<script nonce="${NONCE}">${HAND_OVER}`,
    );
  });

  it('gives the client the very chunks, once its JSON escapes are read', () => {
    const chunks = [
      '[{"_1":2},"loaderData",{"t":"a < b </script> \\u003c"}]\n',
      'P3:"x<y"\n',
      'P4:"Žluťoučký kůň"\n',
      'P5:"Čeština <b> العربية"\n',
    ];
    const block = /<script nonce="[^"]+" type="[^"]+">([^<]*)<\/script>/.exec(scriptsOf(chunks, NONCE))?.[1];
    const lines = (block ?? '').split('\n').filter(Boolean);
    expect(lines).toHaveLength(4);
    expect(JSON.parse(lines[0] ?? '')).toEqual(JSON.parse(chunks[0] ?? ''));
    expect(JSON.parse((lines[1] ?? '').slice(3))).toBe('x<y');
    expect(JSON.parse((lines[2] ?? '').slice(3))).toBe('Žluťoučký kůň');
    expect(JSON.parse((lines[3] ?? '').slice(3))).toBe('Čeština <b> العربية');
  });

  it('writes no nonce attribute when the page has none', () => {
    expect(scriptsOf([], '')).toBe(`<script type="${LOADER_DATA_TYPE}"></script><script>${HAND_OVER}`);
  });
});

describe('documentBytes', () => {
  it('encodes the texts one after the other as UTF-8', () => {
    const bytes = documentBytes(['<p>', 'Čeština · العربية', '</p>']);
    expect(bytes.toString('utf8')).toBe('<p>Čeština · العربية</p>');
  });

  it('gives each document bytes of its own, also past the size it encoded before', () => {
    const small = documentBytes(['<p>', 'Ελληνικά', '</p>']);
    // Over 256 KiB of UTF-8 in three-byte characters: the encoding space grows.
    const big = '€'.repeat(100_000);
    const large = documentBytes(['<p>', big, '</p>']);
    const after = documentBytes(['<b>', 'Русский', '</b>']);
    expect(small.toString('utf8')).toBe('<p>Ελληνικά</p>');
    expect(large.length).toBe(300_007);
    expect(large.toString('utf8')).toBe(`<p>${big}</p>`);
    expect(after.toString('utf8')).toBe('<b>Русский</b>');
  });

  it('encodes a document past the kept space as it comes', () => {
    const huge = 'Ελληνικά '.repeat(200_000);
    expect(documentBytes(['<p>', huge, '</p>']).toString('utf8')).toBe(`<p>${huge}</p>`);
  });

  it('copies parts given as bytes as they are, between the texts', () => {
    const data = new TextEncoder().encode('["Čeština"]');
    const bytes = documentBytes(['<p>', data, 'Ελληνικά', new Uint8Array(0), '</p>']);
    expect(bytes.toString('utf8')).toBe('<p>["Čeština"]Ελληνικά</p>');
    const huge = 'Ελληνικά '.repeat(200_000);
    expect(documentBytes([huge, data]).toString('utf8')).toBe(`${huge}["Čeština"]`);
  });

  it('encodes a lone surrogate as the replacement character, as Buffer.from does', () => {
    expect(documentBytes(['a\ud800b']).equals(Buffer.from('a\ud800b', 'utf8'))).toBe(true);
  });
});

describe('documentResponse', () => {
  it('answers the texts as UTF-8 bytes with their Content-Length, status and headers', async () => {
    const headers = new Headers({ 'Content-Type': 'text/html; charset=utf-8' });
    const response = documentResponse(['<p>', 'Ελληνικά', '</p>'], headers, 404);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength('<p>Ελληνικά</p>')));
    expect(await response.text()).toBe('<p>Ελληνικά</p>');
  });
});

describe('renderPageAtOnce', () => {
  it('renders the document with its doctype and the loader data before the end of the body', async () => {
    const chunks = ['[{"_1":2},"loaderData",{}]\n'];
    const page = await renderPageAtOnce(
      contextWith(chunks),
      documentOf(createElement('main', null, 'Αγγελίες · عقارات')),
      NONCE,
    );
    expect(page.page).toEqual({
      head: '<!DOCTYPE html>',
      html: '<html lang="en"><head></head><body><main>Αγγελίες · عقارات</main>',
      tail: [...loaderDataScripts(bytesOf(chunks), NONCE), '</body></html>'],
    });
    // The loader data is handed on as the very bytes React Router's encoder gave.
    expect(page.page?.tail[1]).toEqual(bytesOf(chunks)[0]);
    // The stream it read is still there, whole, for anyone who needs it.
    expect(await text(page.context().serverHandoffStream)).toBe(chunks[0]);
  });

  it('adds no loader data to a page without React Router scripts', async () => {
    const page = await renderPageAtOnce(contextWith(['[]\n']), documentOf(createElement('p'), false), NONCE);
    expect(page.page).toEqual({
      head: '<!DOCTYPE html>',
      html: '<html lang="en"><head></head><body><p></p>',
      tail: ['</body></html>'],
    });
  });

  it('hands back a page in which a part still waits for its module, with the stream restored', async () => {
    let resolveModule: (module: { default: () => ReactElement }) => void = () => undefined;
    const Later = lazy(
      () =>
        new Promise<{ default: () => ReactElement }>((resolve) => {
          resolveModule = resolve;
        }),
    );
    const chunks = ['[{"_1":2},"x",1]\n', 'P3:[4]\n'];
    const page = await renderPageAtOnce(
      contextWith(chunks),
      documentOf(createElement(Suspense, { fallback: 'loading' }, createElement(Later))),
      NONCE,
    );
    resolveModule({ default: () => createElement('p', null, 'ready') });
    expect(page.page).toBeNull();
    expect(await text(page.context().serverHandoffStream)).toBe(chunks.join(''));
  });

  it('renders a page whose Suspense boundaries are complete, prices in dollars included', async () => {
    const page = await renderPageAtOnce(
      contextWith(['[]\n']),
      documentOf(createElement(Suspense, { fallback: 'x' }, createElement('p', null, '$!--> $?--> $1,200'))),
      NONCE,
    );
    expect(page.page?.html).toContain('<!--$--><p>$!--&gt; $?--&gt; $1,200</p><!--/$-->');
  });

  it('hands back a page that throws while rendering', async () => {
    const page = await renderPageAtOnce(contextWith(['[]\n']), documentOf(createElement(Broken)), NONCE);
    expect(page.page).toBeNull();
    expect(await text(page.context().serverHandoffStream)).toBe('[]\n');
  });

  it('hands back a page whose Suspense boundary failed (the browser would render it again)', async () => {
    const page = await renderPageAtOnce(
      contextWith(['[]\n']),
      documentOf(createElement(Suspense, { fallback: 'x' }, createElement(Broken))),
      NONCE,
    );
    expect(page.page).toBeNull();
  });

  it('hands back a context without a loader-data stream untouched', async () => {
    const context = { renderMeta: {} } as unknown as EntryContext;
    const page = await renderPageAtOnce(context, documentOf(createElement('p')), NONCE);
    expect(page.page).toBeNull();
    expect(page.context()).toBe(context);
  });
});
