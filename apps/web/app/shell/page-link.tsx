import { createElement, useContext } from 'react';
import {
  createPath,
  Link,
  type LinkProps,
  parsePath,
  resolvePath,
  UNSAFE_NavigationContext,
} from 'react-router';

// Links to the app's own pages, rendered on the server without React Router's per-link hooks.
//
// A results page has some 85 links (card titles, the guests' favourite hearts, the 30 locale
// links, the header): <Link> resolves each one twice against the route matches (serialising them
// to JSON each time) and sets up its click and prefetch hooks, which the server never uses. That
// was about 5 % of the CPU a page costs (issue 9, docs/benchmarks.md). On the server, a link
// whose `to` is an absolute path renders the very <a> <Link> would (same attributes, same order,
// checked by page-link.test.tsx); the browser bundle gets React Router's <Link> itself
// (`import.meta.env.SSR` is false there, so this module adds nothing to it) and hydrates the same
// markup with its click handling.

// An absolute path with no dot segment, no repeated slash and no empty query or fragment at its
// end is its own href: resolving it changes nothing (most links; page-link.test.ts compares).
const ALREADY_RESOLVED = /^(?!.*(?:\/\.|\/\/|\?#|[?#]$))/;

/** What useHref gives an absolute path: resolved from the root, an explicit trailing slash kept. */
function resolvedHref(to: string): string {
  const path = resolvePath(to);
  const toPathname = parsePath(to).pathname;
  if (toPathname && toPathname !== '/' && toPathname.endsWith('/') && !path.pathname.endsWith('/')) {
    path.pathname += '/';
  }
  return createPath(path);
}

/** <Link>'s props that are no attributes of its <a>; `target` comes after `href` there. */
const LINK_ONLY_PROPS = new Set([
  'to',
  'discover',
  'prefetch',
  'relative',
  'reloadDocument',
  'replace',
  'mask',
  'state',
  'target',
  'preventScrollReset',
  'viewTransition',
  'defaultShouldRevalidate',
  'onClick',
]);

export function ServerPageLink(props: LinkProps) {
  const { basename } = useContext(UNSAFE_NavigationContext);
  const { to } = props;
  // Anything but a plain absolute path (relative paths, URLs, objects, prefetching, a basename)
  // takes <Link>'s own way.
  if (
    typeof to !== 'string' ||
    !to.startsWith('/') ||
    to.startsWith('//') ||
    (props.prefetch !== undefined && props.prefetch !== 'none') ||
    props.relative !== undefined ||
    props.mask !== undefined ||
    basename !== '/'
  ) {
    return <Link {...props} />;
  }
  // The <a>'s attributes in the order <Link> gives them: the props but its own (and the click
  // handler, which the server has no use for), then href, target and data-discover. Copied in a
  // loop: a rest pattern leaving out 13 names takes V8's slow path, on every link of a page.
  const attributes: Record<string, unknown> = {};
  for (const key in props) {
    if (!LINK_ONLY_PROPS.has(key)) attributes[key] = props[key as keyof LinkProps];
  }
  attributes.href = ALREADY_RESOLVED.test(to) ? to : resolvedHref(to);
  attributes.target = props.target;
  attributes['data-discover'] = (props.discover ?? 'render') === 'render' ? 'true' : undefined;
  return createElement('a', attributes);
}

/** React Router's <Link>; on the server, absolute paths render without its hooks (ServerPageLink). */
export const PageLink: typeof Link = import.meta.env.SSR ? (ServerPageLink as typeof Link) : Link;
