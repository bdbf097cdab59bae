import { useContext } from 'react';
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
  // <Link>'s own props are no attributes of the <a> (nor is the click handler, on the server).
  const {
    to: _to,
    discover = 'render',
    prefetch: _prefetch,
    relative: _relative,
    reloadDocument: _reloadDocument,
    replace: _replace,
    mask: _mask,
    state: _state,
    target,
    preventScrollReset: _preventScrollReset,
    viewTransition: _viewTransition,
    defaultShouldRevalidate: _defaultShouldRevalidate,
    onClick: _onClick,
    ...rest
  } = props;
  const href = ALREADY_RESOLVED.test(to) ? to : resolvedHref(to);
  return (
    <a {...rest} href={href} target={target} data-discover={discover === 'render' ? 'true' : undefined} />
  );
}

/** React Router's <Link>; on the server, absolute paths render without its hooks (ServerPageLink). */
export const PageLink: typeof Link = import.meta.env.SSR ? (ServerPageLink as typeof Link) : Link;
