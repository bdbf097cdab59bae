import { buildPath, type Screen } from '@estately/domain';
import type { MessageKey } from '@estately/i18n';
import { Link, useActionData } from 'react-router';
import { webConfigContext } from '../config.server.ts';
import {
  CompanySignUpForm,
  ConfirmEmailForm,
  EmailRequestForm,
  NewPasswordForm,
  SignInForm,
  SignUpForm,
} from '../features/auth/auth-forms.tsx';
import { authAction } from '../features/auth/auth-screen.server.ts';
import { screenMessages } from '../features/auth/screen-messages.server.ts';
import { visitorHeaders } from '../request-state.server.ts';
import { notFound, pageTitle, screenOf, screenTitle } from '../routing/screen.server.ts';
import { useShellData } from '../shell/use-shell-data.ts';
import { safeReturnPath } from '../ui/forms/form-errors.ts';
import { type FormResult, useRedirectToast, useText } from '../ui/forms/form-ui.tsx';
import formsStylesHref from '../ui/forms/forms.css?url';
import type { Route } from './+types/auth-page.ts';

// The twelve sign-in, sign-up and password screens of spec 2 in one module: each screen shows
// its forms, and the action runs the form that was sent (features/auth/auth-screen.server.ts).
// The classic screens (signin_old, signup_old) run the same flows in the older, single-column
// look.

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: formsStylesHref }];

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

export function loader({ request }: Route.LoaderArgs) {
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

export async function action({ request, context }: Route.ActionArgs) {
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

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: 'robots', content: 'noindex' }] : [];

export default function AuthPage({ loaderData }: Route.ComponentProps) {
  const t = useText(loaderData.messages);
  const result = useActionData<FormResult>();
  const { screen, paths, returnTo } = loaderData;
  // The e-mail confirmation screens are also for people already signed in (the account's
  // "confirm your e-mail"): they get no sign-in and sign-up tabs there (issue 38 defect 9).
  const signedIn = Boolean(useShellData()?.user);
  const showNav = !(signedIn && (screen === 'authConfirmEmail' || screen === 'authSendConfirmEmail'));
  useRedirectToast({
    signin: t('auth.signed_in'),
    signup: t('auth.account_created'),
    signup_company: t('auth.account_created'),
    reset_password: t('auth.password_changed'),
    recover_password_set: t('auth.password_changed'),
    signout: t('auth.signed_out'),
  });
  const form = { t, result, returnTo };
  const signIn = <SignInForm {...form} lostPasswordHref={paths.lostPassword} />;
  const signUp = <SignUpForm {...form} termsHref={paths.terms} privacyHref={paths.privacy} />;
  const section = (id: string, heading: string, body: React.ReactNode, aside?: React.ReactNode) => (
    <section className="auth-panel" aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      {body}
      {aside}
    </section>
  );
  let content: React.ReactNode;
  switch (screen) {
    case 'auth':
      content = (
        <div className="auth-columns">
          {section('auth-signin', t('nav.sign_in'), signIn)}
          {section('auth-signup', t('nav.sign_up'), signUp)}
        </div>
      );
      break;
    case 'authCompany':
      content = (
        <div className="auth-columns">
          {section('auth-signin', t('nav.sign_in'), signIn)}
          {section(
            'auth-signup',
            t('nav.sign_up'),
            <CompanySignUpForm {...form} termsHref={paths.terms} privacyHref={paths.privacy} />,
          )}
        </div>
      );
      break;
    case 'authSignin':
    case 'authSigninOld':
      content = (
        <>
          {signIn}
          <p>
            {t('auth.no_account')} <Link to={paths.signup}>{t('nav.sign_up')}</Link>
          </p>
        </>
      );
      break;
    case 'authSignup':
    case 'authSignupOld':
      content = (
        <>
          {signUp}
          <p>
            {t('auth.have_account')} <Link to={paths.signin}>{t('nav.sign_in')}</Link>
          </p>
        </>
      );
      break;
    case 'authLostPassword':
      content = <EmailRequestForm {...form} intent="lost_password" submitLabel={t('auth.send_reset_link')} />;
      break;
    case 'authRecoverPassword':
      content = loaderData.token ? (
        <NewPasswordForm {...form} intent="recover_password_set" token={loaderData.token} />
      ) : (
        <EmailRequestForm {...form} intent="recover_password" submitLabel={t('auth.send_reset_link')} />
      );
      break;
    case 'authSendConfirmEmail':
      content = (
        <EmailRequestForm {...form} intent="send_confirm" submitLabel={t('auth.resend_confirmation')} />
      );
      break;
    case 'authConfirmEmail':
      content =
        result?.intent === 'confirm_email' && result.done ? (
          <>
            <p className="notice" role="status" data-testid="form-done">
              {result.done}
            </p>
            <p>
              <Link to={paths.account}>{t('nav.my_account')}</Link>
            </p>
          </>
        ) : (
          <>
            <ConfirmEmailForm {...form} />
            {result?.intent === 'confirm_email' && result.formError && (
              <p>
                <Link to={paths.sendConfirm}>{t('auth.resend_confirmation')}</Link>
              </p>
            )}
          </>
        );
      break;
    case 'authResetPassword':
      content = <NewPasswordForm {...form} intent="reset_password" token={loaderData.token ?? ''} />;
      break;
    default:
      content = null;
  }
  return (
    <div
      className={`container page auth-page${loaderData.classic ? ' auth-page--classic' : ''}`}
      data-testid={`screen-${screen}`}
    >
      <h1>{loaderData.heading}</h1>
      {loaderData.classic && <p className="notice">{t('auth.classic_notice')}</p>}
      {showNav && (
        <nav aria-label={loaderData.heading} data-testid="auth-tabs">
          <ul className="pill-nav">
            {loaderData.nav.map((item) => (
              <li key={item.href}>
                <Link to={item.href} aria-current={item.current ? 'page' : undefined}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {content}
    </div>
  );
}
