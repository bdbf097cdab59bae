import { createElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Link, type LinkProps, MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ServerPageLink } from './page-link.tsx';

// The server's links (page-link.tsx) must be the very markup React Router's <Link> renders, or
// hydration would not match: compared over the shapes the app's links take, and the others.

function html(component: typeof Link | typeof ServerPageLink, props: LinkProps, at = '/en/search/sale') {
  return renderToString(
    createElement(MemoryRouter, { initialEntries: [at] }, createElement(component, props) as ReactNode),
  );
}

const TARGETS = [
  '/',
  '/en',
  '/en/search/sale',
  '/en/search/sale/apartment?dispositions=2%2C3&page=2',
  '/en/auth?redirect=%2Fen%2Fsearch%2Fsale',
  '/en/property/12#photos',
  '/en/search/',
  '/en/./search/../results',
  '/en//double',
  '/en/search?',
  '/en/search#',
  '/en/search?#x',
  '/en/search?a=1#',
  '/en/auth?redirect=//evil.example',
  '/en/.hidden',
  '/en/a.b/c',
  '/cs/hledání/prodej',
  '/en/a b',
  'https://example.com/x',
  '//cdn.example.com/a',
  'relative/path',
  '../up',
  '?page=3',
  '',
];

describe('ServerPageLink', () => {
  it('renders what <Link> renders, for every kind of target', () => {
    for (const to of TARGETS) {
      const props = { to, children: 'Go' };
      expect(html(ServerPageLink, props), to).toBe(html(Link, props));
    }
  });

  it('keeps the attributes and their order, and the Link-only props out', () => {
    const variants: LinkProps[] = [
      {
        to: '/en/property/7',
        className: 'site-logo',
        children: [createElement('span', { key: 1 }, 'E'), 'x'],
      },
      {
        to: '/en/auth?redirect=%2Fen',
        className: 'favorite-toggle result-card__favorite',
        'aria-label': 'Add to favorites',
        title: 'Add to favorites',
        'data-testid': 'favorite-toggle',
      } as LinkProps,
      {
        to: '/cs/hledani/prodej',
        lang: 'cs',
        dir: 'auto',
        hrefLang: 'cs',
        discover: 'none',
        'aria-current': 'true',
        onClick: () => undefined,
        children: 'Čeština',
      },
      {
        to: '/en/search/sale?page=2',
        rel: 'next',
        'data-testid': 'next-page',
        children: 'Next',
      } as LinkProps,
      { to: '/en/blog', target: '_blank', reloadDocument: true, replace: true, children: 'Blog' },
      { to: '/en', state: { from: 1 }, preventScrollReset: true, viewTransition: true, children: 'Home' },
      { to: '/en/search', prefetch: 'intent', children: 'Search' },
      { to: '/en/search', relative: 'path', children: 'Search' },
    ];
    for (const props of variants) {
      expect(html(ServerPageLink, props), String(props.to)).toBe(html(Link, props));
    }
  });
});
