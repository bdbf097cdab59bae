import { describe, expect, it } from 'vitest';
import * as constants from './constants.ts';

describe('spec 9 constants', () => {
  it('cookie lifetimes', () => {
    expect(constants.ACCESS_TOKEN_COOKIE_MAX_AGE_S).toBe(604800);
    expect(constants.ACCESS_TOKEN_COOKIE_MAX_AGE_S).toBe(7 * 24 * 3600);
    expect(constants.REFRESH_TOKEN_COOKIE_MAX_AGE_S).toBe(30 * 24 * 3600);
    expect(constants.STATS_TOKEN_COOKIE_MAX_AGE_S).toBe(3 * 3600);
    expect(constants.LOCALE_COOKIE_MAX_AGE_S).toBe(365 * 24 * 3600);
    expect(constants.SESSION_COOKIE_ATTRIBUTES).toMatchObject({
      secure: true,
      sameSite: 'lax',
      httpOnly: false,
    });
  });

  it('paging, sorting, list sizes and radius', () => {
    expect(constants.DEFAULT_PAGE).toBe(1);
    expect(constants.DEFAULT_PER_PAGE).toBe(25);
    expect(constants.DEFAULT_SORT).toBe('activated_at_desc');
    expect(constants.SIMILAR_OFFERS_LIMIT).toBe(4);
    expect(constants.FAVOURITES_PAGE_SIZE).toBe(10);
    expect(constants.FEATURED_LIMIT).toBe(8);
    expect(constants.DEFAULT_RADIUS_KM).toBe(25);
    expect(constants.MAX_RADIUS_KM).toBe(100);
  });

  it('recent locations, earth radius, toasts', () => {
    expect(constants.RECENT_LOCATIONS_KEY).toBe('maptiler_locations');
    expect(constants.RECENT_LOCATIONS_MAX).toBe(50);
    expect(constants.RECENT_LOCATIONS_TTL_MS).toBe(7 * 24 * 3600 * 1000);
    expect(constants.EARTH_RADIUS_KM).toBe(6371);
    expect(constants.TOAST_DURATION_MS).toBe(4000);
    expect(constants.TOAST_MAX_VISIBLE).toBe(3);
    expect(constants.TOAST_POSITION).toBe('top-right');
    expect(constants.DEFAULT_ERROR_MESSAGE).toBe('An error occurred');
  });

  it('date conventions of cs and en-GB', () => {
    expect(constants.LOCALE_DATE_CONVENTIONS.cs).toEqual({
      weekStartsOn: 1,
      hourCycle: 'h23',
      datePattern: 'DD.MM.YYYY',
    });
    expect(constants.LOCALE_DATE_CONVENTIONS['en-GB']).toEqual({
      weekStartsOn: 1,
      hourCycle: 'h23',
      datePattern: 'DD/MM/YYYY',
    });
  });
});
