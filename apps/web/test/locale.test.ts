import { LOCALES } from '@estately/domain';
import { describe, expect, it } from 'vitest';
import { LOCALE_COOKIE_MAX_AGE, readCookie, serializeLocaleCookie } from '../app/locale/locale-cookie.ts';
import { localeFromPathname } from '../app/locale/locale-path.ts';
import { localeFromCookie, pickLocale } from '../app/locale/pick-locale.server.ts';

describe('locale cookie (spec 9: 365 days)', () => {
  it('reads one cookie among several, decoding its value', () => {
    expect(readCookie('a=1; locale=de-AT; b=2', 'locale')).toBe('de-AT');
    expect(readCookie('xlocale=fr; locale=en%2DGB', 'locale')).toBe('en-GB');
    expect(readCookie('a=1', 'locale')).toBeNull();
    expect(readCookie(null, 'locale')).toBeNull();
  });

  it('accepts only the 30 locales', () => {
    expect(localeFromCookie('locale=ar')).toBe('ar');
    expect(localeFromCookie('locale=xx')).toBeNull();
    expect(localeFromCookie('locale=')).toBeNull();
  });

  it('is written for the whole site for a year', () => {
    expect(LOCALE_COOKIE_MAX_AGE).toBe(31_536_000);
    const cookie = serializeLocaleCookie('de-CH');
    expect(cookie).toContain('locale=de-CH');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('Max-Age=31536000');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('Secure');
    expect(serializeLocaleCookie('cs', true)).toContain('; Secure');
    // What the switcher writes is what the server reads back.
    expect(localeFromCookie(cookie.split(';')[0])).toBe('de-CH');
  });
});

describe('localeFromPathname', () => {
  it('finds every locale prefix', () => {
    for (const locale of LOCALES) {
      expect(localeFromPathname(`/${locale}`)).toBe(locale);
      expect(localeFromPathname(`/${locale}/property/12?x=1`)).toBe(locale);
    }
  });

  it('reads the prefix case-insensitively, like the router matches it', () => {
    expect(localeFromPathname('/DE-at')).toBe('de-AT');
    expect(localeFromPathname('/EL-gr/blog')).toBe('el-GR');
  });

  it('gives null without a known prefix', () => {
    expect(localeFromPathname('/')).toBeNull();
    expect(localeFromPathname('')).toBeNull();
    expect(localeFromPathname('/xx-unknown')).toBeNull();
    expect(localeFromPathname('/de_AT')).toBeNull();
    expect(localeFromPathname('/%E0%A4%A')).toBeNull();
  });
});

describe('pickLocale (decision 002: path, cookie, Accept-Language, cs)', () => {
  it('prefers the path prefix over everything', () => {
    expect(pickLocale({ pathname: '/fr', cookieHeader: 'locale=de', acceptLanguage: 'pl' })).toEqual({
      locale: 'fr',
      source: 'path',
    });
  });

  it('then the locale cookie over Accept-Language', () => {
    expect(pickLocale({ pathname: '/', cookieHeader: 'locale=ar', acceptLanguage: 'de-AT' })).toEqual({
      locale: 'ar',
      source: 'cookie',
    });
  });

  it('ignores a cookie that names no locale', () => {
    expect(
      pickLocale({ pathname: '/', cookieHeader: 'locale=klingon', acceptLanguage: 'de-AT,de;q=0.9' }),
    ).toEqual({ locale: 'de-AT', source: 'header' });
  });

  it('then negotiates Accept-Language by quality', () => {
    expect(pickLocale({ pathname: '/', acceptLanguage: 'ja, nl-BE;q=0.8, en;q=0.5' }).locale).toBe('nl-BE');
    expect(pickLocale({ pathname: '/', acceptLanguage: 'de-DE' }).locale).toBe('de');
  });

  it('falls back to Czech', () => {
    expect(pickLocale({ pathname: '/' })).toEqual({ locale: 'cs', source: 'default' });
    expect(pickLocale({ pathname: '/xx-unknown', acceptLanguage: 'ja, zh' })).toEqual({
      locale: 'cs',
      source: 'default',
    });
  });
});
