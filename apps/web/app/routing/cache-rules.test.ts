import { describe, expect, it } from 'vitest';
import { cacheControlFor, cacheRuleFor } from './cache-rules.ts';
import { pageUrl } from './page-url.ts';

describe('cache rules', () => {
  it('lets shared caches serve listings stale while revalidating, and never stores account pages', () => {
    expect(cacheControlFor({ pathname: '/cs/inzeraty', status: 200, personal: false })).toMatch(
      /stale-while-revalidate/,
    );
    expect(cacheRuleFor({ pathname: '/en/property/12', status: 200, personal: false })).toBe('listing');
    expect(cacheRuleFor({ pathname: '/de/suche/kaufen', status: 200, personal: false })).toBe('listing');
    expect(cacheRuleFor({ pathname: '/cs/account/settings', status: 200, personal: true })).toBe('no-store');
    expect(cacheRuleFor({ pathname: '/cs/auth/signin', status: 200, personal: false })).toBe('no-store');
    expect(cacheRuleFor({ pathname: '/cs/article/terms', status: 200, personal: false })).toBe('content');
    expect(cacheRuleFor({ pathname: '/cs/blog/prvni-hypoteka', status: 200, personal: false })).toBe(
      'content',
    );
  });

  it('keeps personal pages, the negotiated / and errors out of shared caches', () => {
    expect(cacheRuleFor({ pathname: '/en/listings', status: 200, personal: true })).toBe('private');
    expect(cacheRuleFor({ pathname: '/', status: 200, personal: false })).toBe('private');
    expect(cacheRuleFor({ pathname: '/en/listings', status: 404, personal: false })).toBe('no-store');
    expect(cacheRuleFor({ pathname: '/xx/unknown', status: 200, personal: false })).toBe('no-store');
  });
});

describe('pageUrl', () => {
  it('names the page of a client-side data request', () => {
    expect(pageUrl('http://x/en/listings.data?page=2&_routes=root').href).toBe('http://x/en/listings?page=2');
    expect(pageUrl('http://x/_root.data').pathname).toBe('/');
    expect(pageUrl('http://x/cs/blog').pathname).toBe('/cs/blog');
  });
});
