import type { Screen } from '@estately/domain';

/**
 * Route module of each screen of the domain route table (paths relative to app/). routes.ts
 * generates one route per table entry; screens that share a frame share a module, which reads
 * its screen from the URL (routing/screen.server.ts).
 */
export const SCREEN_MODULES: Readonly<Record<Screen, string>> = {
  home: 'routes/home.tsx',
  results: 'routes/results.tsx',
  oldSearch: 'routes/results.tsx',
  search: 'routes/results.tsx',
  propertyList: 'routes/results.tsx',
  propertyDetail: 'routes/property-detail.tsx',
  auth: 'routes/auth-page.tsx',
  authCompany: 'routes/auth-page.tsx',
  authSignin: 'routes/auth-page.tsx',
  authSignup: 'routes/auth-page.tsx',
  authSigninOld: 'routes/auth-page.tsx',
  authSignupOld: 'routes/auth-page.tsx',
  authLostPassword: 'routes/auth-page.tsx',
  authRecoverPassword: 'routes/auth-page.tsx',
  authSendConfirmEmail: 'routes/auth-page.tsx',
  authConfirmEmail: 'routes/auth-page.tsx',
  authResetPassword: 'routes/auth-page.tsx',
  blog: 'routes/blog.tsx',
  articleTerms: 'routes/article.tsx',
  articleCookiePolicy: 'routes/article.tsx',
  articlePrivacyPolicy: 'routes/article.tsx',
  account: 'routes/account-page.tsx',
  accountFavorites: 'routes/account-page.tsx',
  accountMyOffers: 'routes/my-offers.tsx',
  accountWatchDogs: 'routes/account-page.tsx',
  accountSettings: 'routes/account-page.tsx',
  accountSettingsPersonal: 'routes/account-page.tsx',
  accountSettingsNotifications: 'routes/account-page.tsx',
  accountSettingsLanguageCurrency: 'routes/account-page.tsx',
};

export function isServedScreen(screen: Screen): boolean {
  return SCREEN_MODULES[screen] !== undefined;
}
