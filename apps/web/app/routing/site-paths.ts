import { buildPath, type Locale } from '@estately/domain';

// Paths of the screens the shell links to, from the domain route table (spec 2).

export function homePath(locale: Locale): string {
  return buildPath('home', locale);
}

export function footerPaths(locale: Locale) {
  return {
    terms: buildPath('articleTerms', locale),
    cookiePolicy: buildPath('articleCookiePolicy', locale),
    privacyPolicy: buildPath('articlePrivacyPolicy', locale),
    blog: buildPath('blog', locale),
  };
}

export function propertyDetailPath(locale: Locale, id: number): string {
  return buildPath('propertyDetail', locale, { id });
}
