import { describe, expect, it } from 'vitest';
import { toFavoriteIds, toSessionUser } from './session.ts';

describe('session parsing', () => {
  it('reads the camelCase user of GET /user/me with the spec 3 display name', () => {
    expect(
      toSessionUser({ id: 1, email: 'a@b.cz', displayName: 'Jana N.', preferredLanguage: 'cs' }),
    ).toMatchObject({
      displayName: 'Jana N.',
      preferredLanguage: 'cs',
      preferredCurrency: null,
      isCompany: false,
    });
    expect(toSessionUser({ id: 1, email: 'a@b.cz', accountType: 'company' })?.isCompany).toBe(true);
    expect(toSessionUser({ id: 1, email: 'a@b.cz', firstName: 'Jana', lastName: 'Nová' })?.displayName).toBe(
      'Jana Nová',
    );
    expect(toSessionUser({ id: 1, email: 'a@b.cz', firstName: 'Jana' })?.displayName).toBe('a@b.cz');
    expect(toSessionUser({ email: 'a@b.cz' })).toBeNull();
    expect(toSessionUser(null)).toBeNull();
  });

  it('reads favourite ids as a list or wrapped in data/ids', () => {
    expect(toFavoriteIds([1, 2, 'x'])).toEqual([1, 2]);
    expect(toFavoriteIds({ data: [3] })).toEqual([3]);
    expect(toFavoriteIds({ ids: [4] })).toEqual([4]);
    expect(toFavoriteIds(null)).toEqual([]);
  });
});
