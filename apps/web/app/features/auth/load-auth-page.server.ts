import { buildPath, type Screen } from '@estately/domain';
import type { MessageKey } from '@estately/i18n';
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import { webConfigContext } from '../../config.server.ts';
import { visitorHeaders } from '../../request-state.server.ts';
import { notFound, pageTitle, screenOf, screenTitle } from '../../routing/screen.server.ts';
import { safeReturnPath } from '../../ui/forms/form-errors.ts';
import { screenMessages } from '../../ui/forms/screen-messages.server.ts';
import { authAction } from './auth-screen.server.ts';

// The sign-in, sign-up and password screens' data (their texts, paths and tabs, the link's token)
// and their form posts (auth-screen.server.ts runs the form that was sent).

const AUTH_NAV: readonly Screen[] = ['authSignin', 'authSignup', 'authCompany', 'authLostPassword'];

/** Heading of each auth screen where the catalog has a fuller one than the screen's title. */
const HEADINGS: Partial<Record<Screen, MessageKey>> = {
  auth: 'auth.sign_in_heading',
  authSignin: 'auth.sign_in_heading',
  authSignup: 'auth.sign_up_heading',
  authCompany: 'auth.company_heading',
};

const MESSAGES: readonly MessageKey[] = [
  'nav.sign_in',
  'nav.sign_up',
  'auth.email',
  'auth.password',
  'auth.new_password',
  'auth.confirm_password',
  'auth.forgot_password',
  'auth.send_reset_link',
  'auth.reset_password',
  'auth.confirm_email',
  'auth.resend_confirmation',
  'auth.subscribe_updates',
  'auth.password_hint',
  'auth.terms_agreement',
  'auth.terms_link',
  'auth.privacy_link',
  'auth.company_name',
  'auth.registration_number',
  'auth.street',
  'auth.street_number',
  'auth.zip',
  'auth.city',
  'auth.first_name',
  'auth.last_name',
  'auth.no_account',
  'auth.have_account',
  'auth.link_invalid',
  'auth.signed_in',
  'auth.signed_out',
  'auth.account_created',
  'auth.password_changed',
  'nav.my_account',
  'common.optional',
  'auth.classic_notice',
];

// Confirmation and reset links carry an opaque token; anything else in that place is no link of ours.
const TOKEN = /^[A-Za-z0-9._~-]{8,512}$/;

function tokenOf(screen: Screen, params: Record<string, string | undefined>, url: URL): string | null {
  if (screen === 'authConfirmEmail' || screen === 'authResetPassword') return params.token ?? null;
  // The second recovery flow completes on its own screen: recover-password?token=...
  if (screen === 'authRecoverPassword') return url.searchParams.get('token');
  return null;
}

export function loadAuthPage({ request }: LoaderFunctionArgs) {
  const { screen, locale, t, match, url } = screenOf(request);
  const token = tokenOf(screen, match.params, url);
  if (
    (screen === 'authConfirmEmail' || screen === 'authResetPassword' || token !== null) &&
    !TOKEN.test(token ?? '')
  ) {
    notFound();
  }
  const title = screenTitle(t, screen);
  // Where to go after signing in (the account guard's return path); only our own paths.
  const returnTo = safeReturnPath(url.searchParams.get('redirect'), '') || null;
  const withReturn = (href: string) => (returnTo ? `${href}?redirect=${encodeURIComponent(returnTo)}` : href);
  return {
    title: pageTitle(t, title),
    heading: HEADINGS[screen] ? t(HEADINGS[screen]) : title,
    screen,
    token,
    classic: screen === 'authSigninOld' || screen === 'authSignupOld',
    returnTo,
    messages: screenMessages(locale, MESSAGES),
    paths: {
      signin: withReturn(buildPath('authSignin', locale)),
      signup: withReturn(buildPath('authSignup', locale)),
      lostPassword: buildPath('authLostPassword', locale),
      sendConfirm: buildPath('authSendConfirmEmail', locale),
      account: buildPath('account', locale),
      terms: buildPath('articleTerms', locale),
      privacy: buildPath('articlePrivacyPolicy', locale),
    },
    nav: AUTH_NAV.map((target) => ({
      href: withReturn(buildPath(target as 'authSignin', locale)),
      label: screenTitle(t, target),
      current: target === screen,
    })),
  };
}

export async function authPageAction({ request, context }: ActionFunctionArgs) {
  const { screen, locale, t, match, url } = screenOf(request);
  return authAction({
    request,
    config: context.get(webConfigContext),
    identity: visitorHeaders(context),
    screen,
    locale,
    t,
    token: tokenOf(screen, match.params, url),
  });
}

/** What an auth screen shows. */
export type AuthPageData = ReturnType<typeof loadAuthPage>;
