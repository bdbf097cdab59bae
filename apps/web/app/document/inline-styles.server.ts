import mapLayoutCss from '../features/search/map/search-map-layout.css?inline';
import searchCss from '../features/search/search.css?inline';
import siteCss from '../styles.css?inline';
import type { DocumentPart } from './page-at-once.server.ts';

// The stylesheet inlined into every public page (inline-styles.tsx), on the server.
//
// A page rendered at once (page-at-once.server.ts) is React's output as one string. Every page
// holds text outside Latin-1 (the locale switcher's names at least), so that string takes two
// bytes a character, and V8 puts a string of more than about 65,500 characters in a heap space
// of its own, mapped for it and unmapped after it: on a virtual machine whose page faults are
// slow that costs a results page about a fifth of its CPU. The 18,000 characters of CSS, the
// same on every page, would take a results page past it. So React writes a short slot where
// the text goes, and the document gets the text as bytes encoded once, in its place
// (docs/decisions/035-documents-below-the-large-object-size.md).

/** The stylesheet's text, in the order the links had: the site's, the search and detail
 * pages', the results' map frame. */
export const INLINE_CSS = [siteCss, searchCss, mapLayoutCss].join('\n');

/**
 * What React writes where the stylesheet goes on a page rendered at once: a CSS comment, so a
 * slot left unfilled by mistake would still be valid CSS.
 */
export const INLINE_STYLES_SLOT = '/*estately:site-styles*/';

const INLINE_CSS_BYTES = new Uint8Array(Buffer.from(INLINE_CSS, 'utf8'));

// The slot is looked for as the whole text of a style element: the same characters in a page's
// title or in an offer's text (which React escapes, `<` included) are never taken for it.
const SLOT_IN_ELEMENT = `${INLINE_STYLES_SLOT}</style>`;

/**
 * A document's parts with the stylesheet slot replaced by the stylesheet's bytes: the first
 * text part holding the slot is cut around it. Parts without the slot are handed on as they are.
 */
export function fillStylesSlot(
  parts: readonly DocumentPart[],
  css: Uint8Array = INLINE_CSS_BYTES,
): DocumentPart[] {
  const filled: DocumentPart[] = [];
  let done = false;
  for (const part of parts) {
    const at = done || typeof part !== 'string' ? -1 : part.indexOf(SLOT_IN_ELEMENT);
    if (at < 0) {
      filled.push(part);
      continue;
    }
    filled.push(part.slice(0, at), css, part.slice(at + INLINE_STYLES_SLOT.length));
    done = true;
  }
  return filled;
}
