// First: zod's settings for browsers, before this module builds any schema.
import '../zod-csp.ts';
import { z } from 'zod';
import { LOCALES } from '../locales.ts';
import { nameCharacters } from '../name-characters.ts';
import {
  addPasswordIssues,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_POLICY_MESSAGE_KEYS,
} from '../password-policy.ts';
import { COMPANY_KINDS } from '../value-sets.ts';

// Contracts of the authentication calls of spec 7 (issue 5): sign-up of persons and companies,
// login, token refresh and logout, both password recovery flows, e-mail confirmation. Field
// names follow the spec (snake_case here, except the second recovery flow's `newPassword`).
// Errors are message keys (CONVENTIONS habit 5).

/** Message keys these calls emit besides the shared validation keys; the catalogs hold each. */
export const AUTH_FORM_MESSAGE_KEYS = [
  ...PASSWORD_POLICY_MESSAGE_KEYS,
  'validation.invalid_value',
  'validation.invalid_boolean',
  'validation.invalid_email',
  'validation.too_long',
  'validation.invalid_characters',
  'validation.email_taken',
  'validation.passwords_do_not_match',
  'validation.token_invalid',
] as const;
export type AuthFormMessageKey = (typeof AUTH_FORM_MESSAGE_KEYS)[number];

/** Answer to a login with a wrong password or an unknown e-mail (the same for both). */
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid e-mail or password';
/** Answer of POST /api/token/refresh without a token (spec 8). */
export const NO_REFRESH_TOKEN_MESSAGE = 'No refresh token available';

/** Hours an e-mail confirmation link stays valid. */
export const CONFIRM_EMAIL_TOKEN_HOURS = 24;
/** Hours a password reset link stays valid. */
export const RESET_PASSWORD_TOKEN_HOURS = 1;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Budgets per client address (`ip`) and per account e-mail (`account`), issue 5 limits. The
 * per-account budgets bound guessing one account's password from many addresses; the
 * per-address ones bound one client trying many accounts. Beyond them: 429 with Retry-After.
 */
export const AUTH_RATE_LIMITS = {
  login: { ip: { max: 20, windowMs: 15 * MINUTE }, account: { max: 10, windowMs: 15 * MINUTE } },
  signup: { ip: { max: 10, windowMs: HOUR }, account: { max: 5, windowMs: HOUR } },
  recovery: { ip: { max: 10, windowMs: HOUR }, account: { max: 3, windowMs: HOUR } },
  resetPassword: { ip: { max: 20, windowMs: 15 * MINUTE } },
  confirmationSend: { ip: { max: 10, windowMs: HOUR }, account: { max: 3, windowMs: HOUR } },
  confirmEmail: { ip: { max: 30, windowMs: 15 * MINUTE } },
  refresh: { ip: { max: 60, windowMs: MINUTE } },
} as const;

// --- field rules --------------------------------------------------------------------------

/** "required" when the field is missing, else `key` (wrong type). */
function requiredOr(key: string) {
  return (issue: { input?: unknown }) => (issue.input === undefined ? 'validation.required' : key);
}

const EMAIL_MAX = 254;

/** A login e-mail: trimmed and lower-cased, as the users table stores it. */
const LoginEmail = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
  z
    .string({ error: requiredOr('validation.invalid_email') })
    .min(1, 'validation.required')
    .max(EMAIL_MAX, 'validation.too_long')
    .pipe(z.email({ error: 'validation.invalid_email' })),
);

/** A new password as typed; the policy is applied by the form's refinement (it needs the e-mail). */
const NewPassword = z.string({ error: requiredOr('validation.invalid_value') });

/** A password given to sign in: never trimmed, bounded so nobody makes us hash megabytes. */
const GivenPassword = z
  .string({ error: requiredOr('validation.invalid_value') })
  .min(1, 'validation.required')
  .max(PASSWORD_MAX_LENGTH * 4, 'validation.too_long');

/** A token from a link or a login answer: 43 base64url characters as issued; the bound is generous. */
const Token = z
  .string({ error: requiredOr('validation.invalid_value') })
  .trim()
  .min(1, 'validation.required')
  .max(512, 'validation.token_invalid');

function text(max: number) {
  return z
    .string({ error: requiredOr('validation.invalid_value') })
    .trim()
    .min(1, 'validation.required')
    .max(max, 'validation.too_long');
}

function optionalText(max: number) {
  return z.preprocess(
    (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
    z.string({ error: 'validation.invalid_value' }).trim().max(max, 'validation.too_long').optional(),
  );
}

const CountryCode = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value === null ? undefined : value),
  z
    .string({ error: 'validation.invalid_value' })
    .regex(/^[A-Z]{2}$/, 'validation.invalid_value')
    .optional()
    .describe('ISO 3166-1 alpha-2 country of the account (e.g. CZ)'),
);

const Locale = z
  .enum(LOCALES, { error: 'validation.invalid_value' })
  .optional()
  .describe('Language of the account and its e-mails; defaults to the Accept-Language match, else cs');

/** Postal codes: 3 to 10 letters and digits with inner spaces or dashes ("110 00", "SW1A 1AA"). */
const ZIP = /^[A-Za-z0-9](?:[A-Za-z0-9 -]{1,8})[A-Za-z0-9]$/;
/** Company identifiers (IČO, Handelsregister, VAT ids): letters, digits, spaces, dots, dashes, slashes. */
const COMPANY_ID = /^[A-Za-z0-9][A-Za-z0-9 ./-]*$/;

// --- sign-up ------------------------------------------------------------------------------

const signupFields = {
  email: LoginEmail,
  password: NewPassword.describe(
    `At least ${PASSWORD_MIN_LENGTH} and at most ${PASSWORD_MAX_LENGTH} characters (any Unicode); not the e-mail (or its part before @); not a very common password or a run such as 12345678`,
  ),
  is_subscribed_to_updates: z.boolean({ error: 'validation.invalid_boolean' }).optional().default(false),
  country_code: CountryCode,
  locale: Locale,
};

function passwordRefinement(value: { email?: unknown; password?: unknown }, ctx: z.RefinementCtx) {
  if (typeof value.password === 'string')
    addPasswordIssues(
      ctx,
      value.password,
      ['password'],
      typeof value.email === 'string' ? value.email : null,
    );
}

/** POST /auth/signup: a person's account (spec 7). */
export const SignupBodySchema = z.object(signupFields).superRefine(passwordRefinement);
export type SignupBody = z.infer<typeof SignupBodySchema>;

/**
 * POST /auth/signup/company: a company account (agencies, developers; the company auth screen
 * of spec 2). The contact person's name is stored as the account's first and last name.
 */
export const CompanySignupBodySchema = z
  .object({
    ...signupFields,
    company_name: nameCharacters(text(200)).describe('Registered name of the company'),
    registration_number: z
      .string({ error: requiredOr('validation.invalid_value') })
      .trim()
      .min(1, 'validation.required')
      .max(30, 'validation.too_long')
      .regex(COMPANY_ID, 'validation.invalid_value')
      .describe('Company registration number (IČO, Handelsregister number...)'),
    vat_number: z.preprocess(
      (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
      z
        .string({ error: 'validation.invalid_value' })
        .trim()
        .max(30, 'validation.too_long')
        .regex(COMPANY_ID, 'validation.invalid_value')
        .optional(),
    ),
    address_street: text(200),
    address_street_numbers: optionalText(20),
    address_zip: z
      .string({ error: requiredOr('validation.invalid_value') })
      .trim()
      .min(1, 'validation.required')
      .regex(ZIP, 'validation.invalid_value'),
    address_city: text(100),
    contact_first_name: nameCharacters(text(100)),
    contact_last_name: nameCharacters(text(100)),
    company_kind: z
      .enum(COMPANY_KINDS, 'validation.invalid_value')
      .optional()
      .describe(
        'What kind of seller the company is (its offers carry it as their seller type); default agency',
      ),
  })
  .superRefine(passwordRefinement);
export type CompanySignupBody = z.infer<typeof CompanySignupBodySchema>;

// --- tokens -------------------------------------------------------------------------------

/** What login, sign-up and refresh answer: a new access token and refresh token. */
export const TokenPairSchema = z.object({
  token: z.string().describe('Access token (JWT, HS256), sent as `Authorization: Bearer`'),
  refresh_token: z.string().describe('Single-use refresh token for POST /api/token/refresh'),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int().describe('Seconds the access token is valid (7 days by default)'),
  refresh_expires_in: z.number().int().describe('Seconds the refresh token is valid (30 days by default)'),
});
export type TokenPair = z.infer<typeof TokenPairSchema>;

/** The account a sign-up created (its full profile is GET /user/me). */
export const SignedUpUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  accountType: z.enum(['person', 'company']),
  verified: z.boolean(),
  preferredLanguage: z.enum(LOCALES),
});

export const SignupResponseSchema = TokenPairSchema.extend({ user: SignedUpUserSchema });
export type SignupResponse = z.infer<typeof SignupResponseSchema>;

/** POST /auth/login (spec 7). */
export const LoginBodySchema = z.object({ email: LoginEmail, password: GivenPassword });
export type LoginBody = z.infer<typeof LoginBodySchema>;

/**
 * POST /api/token/refresh and POST /auth/logout. The token may be missing: refresh then answers
 * 401 'No refresh token available' (spec 8) rather than a validation error.
 */
export const RefreshTokenBodySchema = z.object({
  refresh_token: z
    .string({ error: 'validation.invalid_value' })
    .max(512, 'validation.token_invalid')
    .nullish()
    .describe('The refresh token of the last login or refresh'),
});
export type RefreshTokenBody = z.infer<typeof RefreshTokenBodySchema>;

// --- recovery and confirmation -------------------------------------------------------------

/** POST /auth/forgot_password, POST /users/reset-password-send, POST /users/send-confirmation-email. */
export const EmailRequestBodySchema = z.object({ email: LoginEmail, locale: Locale });
export type EmailRequestBody = z.infer<typeof EmailRequestBodySchema>;

/** POST /auth/reset_password (spec 7). */
export const ResetPasswordBodySchema = z
  .object({
    token: Token,
    password: NewPassword,
    password_confirmation: z.string({ error: requiredOr('validation.invalid_value') }),
  })
  .superRefine((value, ctx) => {
    addPasswordIssues(ctx, value.password, ['password']);
    if (value.password !== value.password_confirmation)
      ctx.addIssue({
        code: 'custom',
        message: 'validation.passwords_do_not_match',
        path: ['password_confirmation'],
      });
  });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;

/** POST /users/reset-password-validate (spec 7, the second recovery flow). */
export const ResetPasswordValidateBodySchema = z
  .object({ newPassword: NewPassword, token: Token })
  .superRefine((value, ctx) => addPasswordIssues(ctx, value.newPassword, ['newPassword']));
export type ResetPasswordValidateBody = z.infer<typeof ResetPasswordValidateBodySchema>;

/** POST /auth/confirm_email: the token of a confirmation link (spec 2 confirm-email/{token}). */
export const ConfirmEmailBodySchema = z.object({ token: Token });
export type ConfirmEmailBody = z.infer<typeof ConfirmEmailBodySchema>;

export const ConfirmEmailResponseSchema = z.object({
  email: z.string().describe('The confirmed login e-mail (the new one after a login e-mail change)'),
  verified: z.literal(true),
  email_changed: z.boolean().describe('True when the link switched the login e-mail to a new address'),
});
export type ConfirmEmailResponse = z.infer<typeof ConfirmEmailResponseSchema>;

/** The answer of requests whose outcome must not reveal whether an account exists. */
export const AcceptedResponseSchema = z.object({
  accepted: z
    .literal(true)
    .describe('The request was taken; an e-mail follows when the address has an account'),
});
export type AcceptedResponse = z.infer<typeof AcceptedResponseSchema>;

/** The answer of a completed password reset. */
export const PasswordResetResponseSchema = z.object({ password_changed: z.literal(true) });
export type PasswordResetResponse = z.infer<typeof PasswordResetResponseSchema>;
