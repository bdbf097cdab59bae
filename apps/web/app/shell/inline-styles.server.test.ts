import { describe, expect, it } from 'vitest';
import { documentBytes } from '../page-at-once.server.ts';
import { fillStylesSlot, INLINE_STYLES_SLOT } from './inline-styles.server.ts';

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
    const parts = fillStylesSlot([data, `x${INLINE_STYLES_SLOT}y`, `z${INLINE_STYLES_SLOT}`], css);
    expect(parts[0]).toBe(data);
    expect(documentBytes(parts).toString('utf8')).toBe(`{}xa{color:#123}yz${INLINE_STYLES_SLOT}`);
  });

  it('leaves a document without the slot unchanged', () => {
    const parts = ['<html>', '<body></body></html>'];
    expect(fillStylesSlot(parts, css)).toEqual(parts);
  });
});
