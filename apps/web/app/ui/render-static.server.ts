import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/**
 * A part of a page rendered to HTML on the server, for ServerHtml (ui/server-html.tsx): React
 * escapes every text and attribute as in any render. An empty part is the empty string.
 */
export function renderStaticHtml(node: ReactNode): string {
  return node === null || node === undefined || node === false ? '' : renderToStaticMarkup(node);
}
