import { describe, expect, it } from 'vitest';
import * as domain from './index.ts';

describe('@estately/domain entry point', () => {
  it('exports the public API of every module', () => {
    for (const name of [
      'LOCALES',
      'SCREENS',
      'ROUTE_ENTRIES',
      'routePattern',
      'buildPath',
      'matchPath',
      'switchLocalePath',
      'localeSwitcher',
      'SEARCH_WORDS',
      'LOCALE_SLUGS',
      'slugify',
      'SearchFiltersSchema',
      'parseFilters',
      'serializeFilters',
      'composeSearchPath',
      'decomposeSearchPath',
      'layoutFromRooms',
      'offerParameters',
      'convertPrice',
      'normalizePrice',
      'DEFAULT_RATES',
      'haversineKm',
      'pageMeta',
      'FEATURED_LIMIT',
      'VALIDATION_MESSAGE_KEYS',
      'ErrorBodySchema',
      'OfferCardSchema',
    ]) {
      expect(domain, name).toHaveProperty(name);
    }
  });

  it('does not leak test support', () => {
    expect(domain).not.toHaveProperty('validFiltersArbitrary');
  });
});
