import {
  buildPath,
  CompanySignupBodySchema,
  ConfirmEmailBodySchema,
  EmailRequestBodySchema,
  type Locale,
  LoginBodySchema,
  ResetPasswordBodySchema,
  ResetPasswordValidateBodySchema,
  type Screen,
  SignupBodySchema,
} from '@estately/domain';
import type { MessageKey, Translator } from '@estately/i18n';
import { data, redirect } from 'react-router';
import { ApiError, retryWaitSeconds } from '../../api/api-error.ts';
import { cookieValue } from '../../api/cookies.ts';
import { REFRESH_TOKEN_COOKIE } from '../../api/tokens.ts';
import type { WebConfig } from '../../config.server.ts';
import { tooManyRequestsText } from '../../i18n/error-text.ts';
import { sessionCookieHeaders } from '../../session/session-cookies.server.ts';
import {
  apiFieldErrors,
  checkForm,
  type FieldErrors,
  type FormSchema,
  formValues,
  safeReturnPath,
} from '../../ui/forms/form-errors.ts';
import type { FormResult } from '../../ui/forms/form-ui.tsx';
import { authCall } from './auth-api.server.ts';
import { AUTH_FIELDS, type AuthIntent } from './auth-fields.ts';
import { mergeBrowserLists } from './merge-browser-lists.server.ts';

// The actions of the sign-in, sign-up and recovery screens (spec 2 and 7). Each intent parses
// its form with the shared contract, makes one call of the authentication client and either
// answers the form again (field errors, a sent e-mail) or redirects: after signing in or up to
// the page the account guard came from, with the token cookies the shell's session reads.

interface TokenPair {
  token: string;
  refresh_token: string;
}

/** The text of a failure that is no field's: wrong credentials, limits, the API unreachable. */
function formErrorText(t: Translator, error: unknown, intent: AuthIntent): string {
  if (error instanceof ApiError) {
    if (error.status === 401 && intent === 'signin') return t('auth.invalid_credentials');
    // A limit names the wait the API asked for (its Retry-After).
    if (error.status === 429) return tooManyRequestsText(t, retryWaitSeconds(error));
    if (error.status === 0) return t('error.network');
    if (error.errors?.token) return t('auth.link_invalid');
  }
  return t('error.generic');
}

function refused(intent: AuthIntent, errors: FieldErrors, values?: Record<string, string | boolean>) {
  return data<FormResult>({ intent, errors, values: withoutPasswords(values) }, { status: 422 });
}

function withoutPasswords(values: Record<string, string | boolean> | undefined) {
  if (!values) return null;
  return Object.fromEntries(Object.entries(values).filter(([key]) => !/password/i.test(key))) as Record<
    string,
    string | boolean
  >;
}

export interface AuthActionInput {
  request: Request;
  config: WebConfig;
  /** Who the calls are for (request-state.server.ts visitorHeaders). */
  identity: Record<string, string>;
  screen: Screen;
  locale: Locale;
  t: Translator;
  /** The confirmation or reset token of the screen's path or query. */
  token: string | null;
}

export async function authAction(input: AuthActionInput): Promise<Response | ReturnType<typeof data>> {
  const { request, config, identity, locale, t } = input;
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '') as AuthIntent;
  const url = new URL(request.url);
  const returnTo = safeReturnPath(
    (form.get('redirect') as string | null) ?? url.searchParams.get('redirect'),
    buildPath('account', locale),
  );
  const call = <T>(path: string, body: unknown) => authCall<T>(config, request, identity, path, body, locale);
  const signedIn = async (pair: TokenPair) => {
    const headers = new Headers(sessionCookieHeaders(request, pair));
    // A guest's hidden and viewed offers join the account (issue 44 point 6, decision 072).
    for (const cookie of await mergeBrowserLists(config, request, identity, pair.token))
      headers.append('Set-Cookie', cookie);
    return redirect(returnTo, { headers });
  };

  const run = async (
    fields: readonly string[],
    booleans: readonly string[],
    schema: FormSchema,
    extra: Record<string, unknown>,
    send: (body: never) => Promise<Response | ReturnType<typeof data>>,
    rename: Record<string, string> = {},
  ) => {
    const values = formValues(form, fields, booleans);
    const checked = checkForm(schema, { ...values, ...extra }, rename);
    if (!checked.ok) return refused(intent, checked.errors, values);
    try {
      return await send(checked.data as never);
    } catch (error) {
      if (error instanceof Response) throw error;
      const errors = apiFieldErrors(error, rename);
      if (errors && !errors.token) return refused(intent, errors, values);
      return data<FormResult>(
        { intent, formError: formErrorText(t, error, intent), values: withoutPasswords(values) },
        { status: error instanceof ApiError && error.status >= 400 ? error.status : 502 },
      );
    }
  };

  switch (intent) {
    case 'signin':
      return run(AUTH_FIELDS.signin, [], LoginBodySchema, {}, async (body) =>
        signedIn(await call<TokenPair>('/auth/login', body)),
      );
    case 'signup':
      return run(
        AUTH_FIELDS.signup,
        ['is_subscribed_to_updates'],
        SignupBodySchema,
        { locale },
        async (body) => signedIn(await call<TokenPair>('/auth/signup', body)),
      );
    case 'signup_company':
      return run(
        AUTH_FIELDS.signup_company,
        ['is_subscribed_to_updates'],
        CompanySignupBodySchema,
        { locale },
        async (body) => signedIn(await call<TokenPair>('/auth/signup/company', body)),
      );
    case 'lost_password':
    case 'recover_password':
    case 'send_confirm': {
      const path = {
        lost_password: '/auth/forgot_password',
        recover_password: '/users/reset-password-send',
        send_confirm: '/users/send-confirmation-email',
      }[intent];
      const done: MessageKey = intent === 'send_confirm' ? 'auth.confirmation_sent' : 'auth.reset_link_sent';
      return run(
        AUTH_FIELDS[intent],
        [],
        EmailRequestBodySchema,
        { locale },
        async (body: { email: string }) => {
          await call(path, body);
          // The answer is the same whether the address has an account or not (decision 008).
          return data<FormResult>({ intent, done: t(done, { email: body.email }), values: null });
        },
      );
    }
    case 'confirm_email':
      return run([], [], ConfirmEmailBodySchema, { token: input.token ?? '' }, async (body) => {
        await call('/auth/confirm_email', body);
        return data<FormResult>({ intent, done: t('auth.email_confirmed') });
      });
    case 'reset_password':
      return run(
        AUTH_FIELDS.reset_password,
        [],
        ResetPasswordBodySchema,
        { token: input.token ?? '' },
        async (body) => {
          await call('/auth/reset_password', body);
          // A reset signs every device out (decision 008): the next step is signing in.
          return redirect(buildPath('authSignin', locale));
        },
      );
    case 'recover_password_set':
      return run(
        AUTH_FIELDS.recover_password_set,
        [],
        ResetPasswordValidateBodySchema,
        { token: input.token ?? '' },
        async (body) => {
          await call('/users/reset-password-validate', body);
          return redirect(buildPath('authSignin', locale));
        },
      );
    case 'signout': {
      const refreshToken = cookieValue(request.headers.get('cookie'), REFRESH_TOKEN_COOKIE);
      try {
        // Revokes this device's token family; other devices stay signed in (decision 008).
        if (refreshToken) await call('/auth/logout', { refresh_token: refreshToken });
      } catch {
        // The cookies go anyway: signing out must never fail on the visitor's side.
      }
      return redirect(buildPath('home', locale), { headers: sessionCookieHeaders(request, null) });
    }
    default:
      return data<FormResult>({ intent, formError: t('error.generic') }, { status: 400 });
  }
}
