import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';

// Markup the server rendered once (render-static.server.ts) and the page shows as it is. The
// browser gets no code for what is inside: parts of a page that never change after the server
// wrote them (an offer's facts, its energy label, the seller's card, the active filters) cost no
// JavaScript to download, parse or hydrate, and the page's data carries them as text. The wrapper
// takes no part in the layout (`display: contents`). Nothing inside may need React (no handlers,
// no state), with one exception: a link marked `data-nav` is a page of this site, and a plain
// click on it is followed by the router as a <Link> would (no reload; `data-keep-scroll` keeps
// the scroll position, as preventScrollReset). Any other link, and a click with a modifier key,
// is the browser's.

function follow(event: MouseEvent<HTMLDivElement>, navigate: ReturnType<typeof useNavigate>) {
  const link = event.target instanceof Element ? event.target.closest('a[data-nav]') : null;
  const href = link?.getAttribute('href');
  if (!link || !href?.startsWith('/') || event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  void navigate(href, { preventScrollReset: link.hasAttribute('data-keep-scroll') });
}

export function ServerHtml(props: { html: string }) {
  const navigate = useNavigate();
  if (props.html === '') return null;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the clicks are its links' own (Enter on a link clicks it); the wrapper itself is not interactive
    <div
      className="server-html"
      onClick={(event) => follow(event, navigate)}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: markup React rendered on the server from the page's data, every text escaped
      dangerouslySetInnerHTML={{ __html: props.html }}
    />
  );
}
