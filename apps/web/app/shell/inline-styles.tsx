import { createContext, useContext } from 'react';

// The stylesheet of every public page (issue 9 "Performance"): the site's styles, the search and
// detail styles and the results' map frame, 17 KB that compress to about 4 KB, sent inside the
// document as one <style> instead of three render-blocking requests, so the first paint of a
// phone on a slow network waits for the document alone. entry.server.tsx hands the text in
// (InlineStylesContext); the browser never loads it as a module: it hydrates the element with the
// text already in the page, read once from the DOM, so the styles also survive a render from
// scratch. Screens with their own stylesheets (account, editor, admin) still link them.

export const INLINE_STYLES_ID = 'site-styles';

/** The CSS text on the server; null in the browser (read back from the document). */
export const InlineStylesContext = createContext<string | null>(null);

let fromDocument: string | undefined;

function documentStyles(): string {
  fromDocument ??=
    typeof document === 'undefined' ? '' : (document.getElementById(INLINE_STYLES_ID)?.textContent ?? '');
  return fromDocument;
}

export function InlineStyles(props: { nonce: string }) {
  const css = useContext(InlineStylesContext) ?? documentStyles();
  return (
    <style
      id={INLINE_STYLES_ID}
      // Browsers hide the nonce from script: the browser renders "", as for the scripts.
      nonce={props.nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the build's own CSS, never user input
      dangerouslySetInnerHTML={{ __html: css }}
    />
  );
}
