import {
  CompanySignupBodySchema,
  EmailRequestBodySchema,
  LoginBodySchema,
  ResetPasswordBodySchema,
  ResetPasswordValidateBodySchema,
  SignupBodySchema,
} from '@estately/domain';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { checkForm, type FieldErrors, type FormSchema, formValues } from '../../ui/forms/form-errors.ts';
import {
  CheckboxField,
  Field,
  type FormResult,
  PasswordField,
  type Text,
  ValidatedForm,
} from '../../ui/forms/form-ui.tsx';
import { AUTH_FIELDS, type AuthIntent } from './auth-fields.ts';

// The forms of the auth screens. Each checks itself in the browser with the contract its action
// uses, so what the person sees before sending is what the server would answer.

const BOOLEANS: Partial<Record<AuthIntent, readonly string[]>> = {
  signup: ['is_subscribed_to_updates'],
  signup_company: ['is_subscribed_to_updates'],
};

function validator(intent: AuthIntent, schema: FormSchema, extra: Record<string, unknown> = {}) {
  return (form: FormData): FieldErrors | null => {
    const checked = checkForm(schema, {
      ...formValues(form, AUTH_FIELDS[intent], BOOLEANS[intent] ?? []),
      ...extra,
    });
    return checked.ok ? null : checked.errors;
  };
}

interface FormProps {
  t: Text;
  result: FormResult | undefined;
  /** Where to go after signing in, carried by the form itself (works without scripts). */
  returnTo: string | null;
}

function ReturnTo({ returnTo }: { returnTo: string | null }) {
  return returnTo ? <input type="hidden" name="redirect" value={returnTo} /> : null;
}

const value = (result: FormResult | undefined, intent: AuthIntent, field: string) => {
  const raw = result?.intent === intent ? result.values?.[field] : undefined;
  return typeof raw === 'string' ? raw : undefined;
};

/** A form of one auth intent: its field order and its browser check come from the intent. */
function AuthForm(props: {
  intent: AuthIntent;
  t: Text;
  result: FormResult | undefined;
  validate: (form: FormData) => FieldErrors | null;
  submitLabel: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <ValidatedForm
      intent={props.intent}
      t={props.t}
      result={props.result}
      validate={props.validate}
      submitLabel={props.submitLabel}
      fields={AUTH_FIELDS[props.intent]}
      testId={props.testId}
    >
      {props.children}
    </ValidatedForm>
  );
}

/** The e-mail field, filled again with what was sent when the form was refused. */
function EmailField(props: {
  t: Text;
  result: FormResult | undefined;
  intent: AuthIntent;
  signIn?: boolean;
}) {
  return (
    <Field
      name="email"
      type="email"
      label={props.t('auth.email')}
      autoComplete={props.signIn ? 'username' : 'email'}
      required
      defaultValue={value(props.result, props.intent, 'email')}
    />
  );
}

export function SignInForm(props: FormProps & { lostPasswordHref: string }) {
  const { t } = props;
  return (
    <AuthForm
      intent="signin"
      t={t}
      result={props.result}
      validate={validator('signin', LoginBodySchema)}
      submitLabel={t('nav.sign_in')}
      testId="signin-form"
    >
      <ReturnTo returnTo={props.returnTo} />
      <EmailField t={t} result={props.result} intent="signin" signIn />
      <PasswordField name="password" label={t('auth.password')} kind="current" />
      <p className="account-form__aside">
        <Link to={props.lostPasswordHref}>{t('auth.forgot_password')}</Link>
      </p>
    </AuthForm>
  );
}

const TERMS_MARK = '\u2063terms\u2063';
const PRIVACY_MARK = '\u2063privacy\u2063';

/** The terms sentence with its two links in place of the message's {terms} and {privacy}. */
function TermsAgreement(props: { t: Text; termsHref: string; privacyHref: string }) {
  const { t } = props;
  // Placeholders no translation contains, replaced by the links after formatting.
  const text = t('auth.terms_agreement', { terms: TERMS_MARK, privacy: PRIVACY_MARK });
  return (
    <p className="account-form__aside">
      {text.split(new RegExp(`(${TERMS_MARK}|${PRIVACY_MARK})`)).map((part, index) =>
        part === TERMS_MARK ? (
          <Link key={`terms-${index.toString()}`} to={props.termsHref}>
            {t('auth.terms_link')}
          </Link>
        ) : part === PRIVACY_MARK ? (
          <Link key={`privacy-${index.toString()}`} to={props.privacyHref}>
            {t('auth.privacy_link')}
          </Link>
        ) : (
          <Fragment key={`text-${index.toString()}`}>{part}</Fragment>
        ),
      )}
    </p>
  );
}

export function SignUpForm(props: FormProps & { termsHref: string; privacyHref: string }) {
  const { t } = props;
  return (
    <AuthForm
      intent="signup"
      t={t}
      result={props.result}
      validate={validator('signup', SignupBodySchema)}
      submitLabel={t('nav.sign_up')}
      testId="signup-form"
    >
      <ReturnTo returnTo={props.returnTo} />
      <EmailField t={t} result={props.result} intent="signup" />
      <PasswordField name="password" label={t('auth.password')} kind="new" />
      <CheckboxField name="is_subscribed_to_updates" label={t('auth.subscribe_updates')} />
      <TermsAgreement t={t} termsHref={props.termsHref} privacyHref={props.privacyHref} />
    </AuthForm>
  );
}

export function CompanySignUpForm(props: FormProps & { termsHref: string; privacyHref: string }) {
  const { t } = props;
  const v = (field: string) => value(props.result, 'signup_company', field);
  const text = (name: string, label: string, autoComplete?: string, required = true) => (
    <Field name={name} label={label} autoComplete={autoComplete} required={required} defaultValue={v(name)} />
  );
  return (
    <AuthForm
      intent="signup_company"
      t={t}
      result={props.result}
      validate={validator('signup_company', CompanySignupBodySchema)}
      submitLabel={t('nav.sign_up')}
      testId="company-signup-form"
    >
      <ReturnTo returnTo={props.returnTo} />
      {text('company_name', t('auth.company_name'), 'organization')}
      {text('registration_number', t('auth.registration_number'))}
      {text('address_street', t('auth.street'), 'address-line1')}
      {text('address_street_numbers', t('auth.street_number'), undefined, false)}
      {text('address_zip', t('auth.zip'), 'postal-code')}
      {text('address_city', t('auth.city'), 'address-level2')}
      {text('contact_first_name', t('auth.first_name'), 'given-name')}
      {text('contact_last_name', t('auth.last_name'), 'family-name')}
      <EmailField t={t} result={props.result} intent="signup_company" />
      <PasswordField name="password" label={t('auth.password')} kind="new" />
      <CheckboxField name="is_subscribed_to_updates" label={t('auth.subscribe_updates')} />
      <TermsAgreement t={t} termsHref={props.termsHref} privacyHref={props.privacyHref} />
    </AuthForm>
  );
}

/** One e-mail field: start a recovery (either flow) or ask for the confirmation e-mail again. */
export function EmailRequestForm(
  props: FormProps & { intent: 'lost_password' | 'recover_password' | 'send_confirm'; submitLabel: string },
) {
  const { t } = props;
  return (
    <AuthForm
      intent={props.intent}
      t={t}
      result={props.result}
      validate={validator(props.intent, EmailRequestBodySchema)}
      submitLabel={props.submitLabel}
      testId="email-request-form"
    >
      <EmailField t={t} result={props.result} intent={props.intent} />
    </AuthForm>
  );
}

/** The new password of a reset link: the first flow asks it twice, the second once. */
export function NewPasswordForm(
  props: FormProps & { intent: 'reset_password' | 'recover_password_set'; token: string },
) {
  const { t } = props;
  const first = props.intent === 'reset_password';
  return (
    <AuthForm
      intent={props.intent}
      t={t}
      result={props.result}
      validate={validator(props.intent, first ? ResetPasswordBodySchema : ResetPasswordValidateBodySchema, {
        token: props.token,
      })}
      submitLabel={t('auth.reset_password')}
      testId="new-password-form"
    >
      <PasswordField name={first ? 'password' : 'newPassword'} label={t('auth.new_password')} kind="new" />
      {first && (
        <PasswordField name="password_confirmation" label={t('auth.confirm_password')} kind="repeat" />
      )}
    </AuthForm>
  );
}

/**
 * Confirming takes a click rather than happening on load: mail scanners and link previews
 * open links, and the token is single use.
 */
export function ConfirmEmailForm(props: FormProps) {
  return (
    <ValidatedForm
      intent="confirm_email"
      t={props.t}
      result={props.result}
      submitLabel={props.t('auth.confirm_email')}
      fields={[]}
      testId="confirm-email-form"
    >
      {null}
    </ValidatedForm>
  );
}
