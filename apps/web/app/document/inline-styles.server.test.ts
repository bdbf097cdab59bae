import { describe, expect, it } from 'vitest';
import { fillStylesSlot, INLINE_STYLES_SLOT } from './inline-styles.server.ts';
import { documentBytes } from './page-at-once.server.ts';

const css = new TextEncoder().encode('a{color:#123}');

// The built app's pages carry the real stylesheet: page-at-once.e2e.test.ts.
describe('fillStylesSlot', () => {
  it('puts the stylesheet where the slot was, once', () => {
    const parts = fillStylesSlot(
      [
        '<!DOCTYPE html>',
        `<html><head><style id="s">${INLINE_STYLES_SLOT}</style></head><body>Čeština`,
        '</body>',
      ],
      css,
    );
    expect(documentBytes(parts).toString('utf8')).toBe(
      '<!DOCTYPE html><html><head><style id="s">a{color:#123}</style></head><body>Čeština</body>',
    );
    // The stylesheet goes in as the bytes it was given, not as a text to encode again.
    expect(parts).toContain(css);
  });

  it('fills the first slot only and hands other parts on as they are', () => {
    const data = new Uint8Array([0x7b, 0x7d]);
    const slot = `${INLINE_STYLES_SLOT}</style>`;
    const parts = fillStylesSlot([data, `<style>${slot}y`, `<style>${slot}`], css);
    expect(parts[0]).toBe(data);
    expect(documentBytes(parts).toString('utf8')).toBe(`{}<style>a{color:#123}</style>y<style>${slot}`);
  });

  it('leaves the slot’s characters alone anywhere but as a style element’s text', () => {
    // An offer titled with the slot's characters: in the title and the text they stay as written.
    const html =
      `<head><title>${INLINE_STYLES_SLOT}</title><style>${INLINE_STYLES_SLOT}</style></head>` +
      `<body><p>${INLINE_STYLES_SLOT}&lt;/style&gt;</p></body>`;
    expect(documentBytes(fillStylesSlot([html], css)).toString('utf8')).toBe(
      `<head><title>${INLINE_STYLES_SLOT}</title><style>a{color:#123}</style></head>` +
        `<body><p>${INLINE_STYLES_SLOT}&lt;/style&gt;</p></body>`,
    );
  });

  it('leaves a document without the slot unchanged', () => {
    const parts = ['<html>', '<body></body></html>'];
    expect(fillStylesSlot(parts, css)).toEqual(parts);
  });
});
