import { Link, useActionData } from 'react-router';
import { useShellData } from '../../shell/use-shell-data.ts';
import { type FormResult, useRedirectToast, useText } from '../../ui/forms/form-ui.tsx';
import {
  CompanySignUpForm,
  ConfirmEmailForm,
  EmailRequestForm,
  NewPasswordForm,
  SignInForm,
  SignUpForm,
} from './auth-forms.tsx';
import type { AuthPageData } from './load-auth-page.server.ts';

/** An auth screen: its heading, the sign-in and sign-up tabs and its forms. */
export function AuthPage({ loaderData }: { loaderData: AuthPageData }) {
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
