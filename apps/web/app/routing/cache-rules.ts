import { matchPath, type Screen } from '@estately/domain';

// Cache-Control of every page, declared here and nowhere else (issue 8 "route rules"). Public
// listing pages may be served stale while a shared cache revalidates them; account and auth
// pages are never stored. A visitor with session cookies sees their own header (user menu,
// favourites), so their pages are private whatever the screen.

export type CacheRule = 'listing' | 'content' | 'private' | 'no-store';

export const CACHE_RULES: Readonly<Record<Screen, CacheRule>> = {
  home: 'listing',
  results: 'listing',
  oldSearch: 'listing',
  search: 'listing',
  propertyDetail: 'listing',
  propertyList: 'listing',
  blog: 'content',
  articleTerms: 'content',
  articleCookiePolicy: 'content',
  articlePrivacyPolicy: 'content',
  auth: 'no-store',
  authCompany: 'no-store',
  authSignin: 'no-store',
  authSignup: 'no-store',
  authSigninOld: 'no-store',
  authSignupOld: 'no-store',
  authLostPassword: 'no-store',
  authRecoverPassword: 'no-store',
  authSendConfirmEmail: 'no-store',
  authConfirmEmail: 'no-store',
  authResetPassword: 'no-store',
  account: 'no-store',
  accountFavorites: 'no-store',
  accountMyOffers: 'no-store',
  accountWatchDogs: 'no-store',
  accountSettings: 'no-store',
  accountSettingsPersonal: 'no-store',
  accountSettingsNotifications: 'no-store',
  accountSettingsLanguageCurrency: 'no-store',
};

export const CACHE_CONTROL: Readonly<Record<CacheRule, string>> = {
  // A minute fresh, then ten minutes served stale while the cache fetches a new copy.
  listing: 'public, max-age=60, s-maxage=60, stale-while-revalidate=600',
  // Blog posts and articles change rarely.
  content: 'public, max-age=300, s-maxage=3600, stale-while-revalidate=86400',
  private: 'private, no-cache',
  'no-store': 'no-store',
};

/** The screen of a blog post path (`/{locale}/blog/{slug}`), which the domain table does not list. */
function screenOf(pathname: string): Screen | null {
  const match = matchPath(pathname);
  if (match) return match.screen;
  return /^\/[^/]+\/blog\/[^/]+\/?$/.test(pathname) &&
    matchPath(pathname.replace(/\/[^/]+\/?$/, ''))?.screen === 'blog'
    ? 'blog'
    : null;
}

export function cacheRuleFor(input: {
  pathname: string;
  status: number;
  /** The request carried session cookies, or the response sets cookies. */
  personal: boolean;
}): CacheRule {
  if (input.pathname.split('/').some((segment) => segment.toLowerCase() === 'account')) return 'no-store';
  if (input.status >= 300) return 'no-store';
  const screen = screenOf(input.pathname);
  if (!screen) return 'no-store';
  const rule = CACHE_RULES[screen];
  if (rule === 'no-store') return rule;
  // `/` negotiates its locale per visitor: never shared.
  if (input.personal || input.pathname === '/') return 'private';
  return rule;
}

export function cacheControlFor(input: Parameters<typeof cacheRuleFor>[0]): string {
  return CACHE_CONTROL[cacheRuleFor(input)];
}
