import { buildPath, type Screen } from '@estately/domain';
import type { MessageKey } from '@estately/i18n';
import { Link } from 'react-router';
import { useI18n } from '../i18n/i18n-context.tsx';
import { notFound, pageTitle, screenOf, screenTitle } from '../routing/screen.server.ts';
import type { Route } from './+types/auth-page.ts';

// The twelve sign-in, sign-up and password screens of spec 2: their frame (heading and the
// navigation between them). The forms themselves are issue 10's.

const AUTH_NAV: readonly Screen[] = ['authSignin', 'authSignup', 'authCompany', 'authLostPassword'];

/** Heading of each auth screen where the catalog has a fuller one than the screen's title. */
const HEADINGS: Partial<Record<Screen, MessageKey>> = {
  auth: 'auth.sign_in_heading',
  authSignin: 'auth.sign_in_heading',
  authSignup: 'auth.sign_up_heading',
  authCompany: 'auth.company_heading',
};

// Confirmation and reset links carry an opaque token; anything else in that place is no link of ours.
const TOKEN = /^[A-Za-z0-9._~-]{8,512}$/;

export function loader({ request }: Route.LoaderArgs) {
  const { screen, locale, t, match, url } = screenOf(request);
  if (
    (screen === 'authConfirmEmail' || screen === 'authResetPassword') &&
    !TOKEN.test(match.params.token ?? '')
  ) {
    notFound();
  }
  const title = screenTitle(t, screen);
  // Where to go after signing in (the account guard's return path); only our own paths.
  const returnTo = url.searchParams.get('redirect');
  return {
    title: pageTitle(t, title),
    heading: HEADINGS[screen] ? t(HEADINGS[screen]) : title,
    classic: screen === 'authSigninOld' || screen === 'authSignupOld',
    returnTo: returnTo?.startsWith('/') && !returnTo.startsWith('//') ? returnTo : null,
    nav: AUTH_NAV.map((target) => ({
      href: buildPath(target as 'authSignin', locale),
      label: screenTitle(t, target),
      current: target === screen,
    })),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: 'robots', content: 'noindex' }] : [];

export default function AuthPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <div className="container page auth-page">
      <h1>{loaderData.heading}</h1>
      {loaderData.classic && <p className="notice">{t('auth.classic_notice')}</p>}
      <nav aria-label={t('nav.main_navigation')}>
        <ul className="pill-nav">
          {loaderData.nav.map((item) => (
            <li key={item.href}>
              <Link
                to={
                  loaderData.returnTo
                    ? `${item.href}?redirect=${encodeURIComponent(loaderData.returnTo)}`
                    : item.href
                }
                aria-current={item.current ? 'page' : undefined}
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
