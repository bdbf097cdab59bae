import { describe, expect, it } from 'vitest';
import { myOffersQuery, parseMyOffersFilters } from './my-offers-filters.ts';

describe('my offers filters in the URL', () => {
  it('reads known values and ignores the rest', () => {
    const filters = parseMyOffersFilters(
      new URLSearchParams('state=paused&kind=rent&type=house&q=%20Brno%20&sort=price_asc&page=3'),
    );
    expect(filters).toEqual({
      state: 'paused',
      kind: 'rent',
      type: 'house',
      q: 'Brno',
      sort: 'price_asc',
      page: 3,
    });
    expect(parseMyOffersFilters(new URLSearchParams('state=lost&kind=swap&sort=random&page=-2'))).toEqual({
      state: null,
      kind: null,
      type: null,
      q: '',
      sort: 'newest',
      page: 1,
    });
    expect(parseMyOffersFilters(new URLSearchParams(`q=${'x'.repeat(150)}`)).q).toHaveLength(100);
  });

  it('names the API parameters, and the URL ones without defaults', () => {
    const filters = parseMyOffersFilters(new URLSearchParams('kind=sale&q=Praha'));
    expect(myOffersQuery(filters)).toEqual({ offer_type: 'sale', q: 'Praha', sort: 'newest', page: '1' });
    expect(myOffersQuery({ ...filters, page: 2 }, true)).toEqual({ kind: 'sale', q: 'Praha', page: '2' });
  });
});
