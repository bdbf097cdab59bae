import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  DEFER_LIMIT_MS,
  DEFERRED_MODULE_TYPE,
  deferPageCode,
  deferredModuleHrefs,
} from './deferred-code.server.ts';

const NONCE = 'n0nce+/A==';

/** A document as React Router's <Scripts> writes it (preloads hoisted into the head). */
function page(): string {
  return [
    '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>',
    `<link rel="modulepreload" href="/assets/entry.client-A1.js" nonce="${NONCE}"/>`,
    `<link rel="modulepreload" href="/assets/framework-B2.js" nonce="${NONCE}"/>`,
    '<link rel="canonical" href="https://example.test/en"/>',
    '</head><body><main>Offers</main>',
    `<script nonce="${NONCE}">window.__reactRouterContext = {};</script>`,
    `<script nonce="${NONCE}" type="module" async="">import * as route0 from "/assets/root-C3.js";\nimport("/assets/entry.client-A1.js");</script>`,
    `<script nonce="${NONCE}">window.__reactRouterContext.streamController.close();</script>`,
    '</body></html>',
  ].join('');
}

describe('deferPageCode', () => {
  it('takes out the module preloads, makes the hydration script inert and adds its loader after it', () => {
    const out = deferPageCode(page(), NONCE).join('');
    expect(out).not.toContain('modulepreload" href');
    expect(out).not.toContain(' type="module" async');
    expect(out).toContain('<link rel="canonical" href="https://example.test/en"/>');
    expect(out).toContain(
      `<script nonce="${NONCE}" type="${DEFERRED_MODULE_TYPE}">import * as route0 from "/assets/root-C3.js";\nimport("/assets/entry.client-A1.js");</script><script nonce="${NONCE}">(()=>`,
    );
    expect(out).toContain('["/assets/entry.client-A1.js","/assets/framework-B2.js"]');
    expect(out).toContain(`setTimeout(now,${DEFER_LIMIT_MS})`);
    // Everything else is where it was.
    expect(
      out.startsWith('<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><link rel="canonical"'),
    ).toBe(true);
    expect(
      out.endsWith(
        `<script nonce="${NONCE}">window.__reactRouterContext.streamController.close();</script></body></html>`,
      ),
    ).toBe(true);
  });

  it('leaves a document without the hydration script as it is', () => {
    const html = '<!DOCTYPE html><html><body><p>Not found</p></body></html>';
    expect(deferPageCode(html, NONCE)).toEqual([html]);
  });

  it('keeps the page text as it is, non-Latin text included', () => {
    const greek = page().replace('Offers', 'Αγγελίες ακινήτων · عقارات');
    const out = deferPageCode(greek, NONCE).join('');
    expect(out).toContain('<main>Αγγελίες ακινήτων · عقارات</main>');
  });

  it('writes a loader that adds the preloads and the module script once, at the first of its triggers', () => {
    const out = deferPageCode(page(), NONCE).join('');
    const loaderSource = /<script nonce="[^"]+">(\(\(\)=>\{const m=[\s\S]*?)<\/script>/.exec(out)?.[1];
    expect(loaderSource).toBeDefined();
    // A minimal document and window: what the loader touches.
    const appended: { tag: string; props: Record<string, string> }[] = [];
    const listeners = new Map<string, () => void>();
    const timers: (() => void)[] = [];
    const element = (tag: string) => {
      const props: Record<string, string> = {};
      return {
        props,
        set rel(v: string) {
          props.rel = v;
        },
        set href(v: string) {
          props.href = v;
        },
        set type(v: string) {
          props.type = v;
        },
        set nonce(v: string) {
          props.nonce = v;
        },
        set textContent(v: string) {
          props.text = v;
        },
        setAttribute(name: string, value: string) {
          props[name] = value;
        },
        tag,
      };
    };
    const context = {
      document: {
        currentScript: { previousElementSibling: { nonce: NONCE, textContent: 'import("/x.js");' } },
        createElement: element,
        head: {
          append: (node: ReturnType<typeof element>) => appended.push({ tag: node.tag, props: node.props }),
        },
      },
      addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
      requestAnimationFrame: (callback: () => void) => callback(),
      setTimeout: (callback: () => void) => timers.push(callback),
    };
    runInNewContext(loaderSource ?? '', context);
    expect(appended).toEqual([]);
    // A key press before the page has loaded: the code is asked for at once.
    listeners.get('keydown')?.();
    // The preloads at once; the module script in the next task.
    expect(appended.map((node) => node.props.href)).toEqual([
      '/assets/entry.client-A1.js',
      '/assets/framework-B2.js',
    ]);
    timers.pop()?.();
    expect(appended.map((node) => [node.tag, node.props.href ?? node.props.type])).toEqual([
      ['link', '/assets/entry.client-A1.js'],
      ['link', '/assets/framework-B2.js'],
      ['script', 'module'],
    ]);
    expect(appended[2]?.props).toMatchObject({ nonce: NONCE, text: 'import("/x.js");' });
    expect(appended[0]?.props).toMatchObject({ rel: 'modulepreload', nonce: NONCE });
    // Later triggers (the page's load, the time limit) add nothing more.
    listeners.get('load')?.();
    for (const timer of timers) timer();
    expect(appended).toHaveLength(3);

    // A choice in a marked form before React has it: the form is sent; a typed field, a form
    // without the mark or a hydrated control: nothing.
    const sent: string[] = [];
    const form = (id: string, marked: boolean) => ({
      hasAttribute: (name: string) => marked && name === 'data-submit-on-change',
      requestSubmit: () => sent.push(id),
    });
    const change = (target: object) =>
      (listeners.get('change') as (event: { target: object }) => void)({ target });
    change({ type: 'checkbox', form: form('filters', true) });
    change({ type: 'select-one', form: form('filters', true) });
    change({ type: 'number', form: form('filters', true) });
    change({ type: 'checkbox', form: form('other', false) });
    change({ type: 'radio', form: form('filters', true), __reactProps$abc: {} });
    change({ type: 'checkbox', form: null });
    expect(sent).toEqual(['filters', 'filters']);
  });
});

describe('deferredModuleHrefs', () => {
  it('reads back the addresses a deferred document preloads, and none from another', () => {
    const out = deferPageCode(page(), NONCE).join('');
    expect(deferredModuleHrefs(out)).toEqual(['/assets/entry.client-A1.js', '/assets/framework-B2.js']);
    expect(deferredModuleHrefs(page())).toEqual([]);
  });
});
