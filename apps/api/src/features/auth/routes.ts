import {
  AcceptedResponseSchema,
  AUTH_RATE_LIMITS,
  CompanySignupBodySchema,
  ConfirmEmailBodySchema,
  ConfirmEmailResponseSchema,
  DEFAULT_LOCALE,
  EmailRequestBodySchema,
  ErrorBodySchema,
  LoginBodySchema,
  PasswordResetResponseSchema,
  RefreshTokenBodySchema,
  ResetPasswordBodySchema,
  ResetPasswordValidateBodySchema,
  SignupBodySchema,
  SignupResponseSchema,
  TokenPairSchema,
} from '@estately/domain';
import { negotiateLocale } from '@estately/i18n';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dummyPasswordHash } from '../../lib/passwords.ts';
import type { RateLimitRule } from '../../lib/rate-limit-store.ts';
import { enforceRateLimits } from '../../plugins/app/rate-limiter.ts';
import { budgetAddress } from '../../plugins/app/visitor.ts';
import { confirmEmail } from './confirm-email.ts';
import { isKnownAddress, KNOWN_ADDRESS_DAYS } from './is-known-address.ts';
import { logIn } from './log-in.ts';
import { logOut } from './log-out.ts';
import type { SecurityContext } from './record-security-event.ts';
import { refreshTokenPair } from './refresh-token-pair.ts';
import { requestPasswordReset } from './request-password-reset.ts';
import { resetPassword } from './reset-password.ts';
import { clientIp } from './secret-token.ts';
import { sendConfirmationEmail } from './send-confirmation-email.ts';
import { type SignUpInput, signUp } from './sign-up.ts';

const TAGS = ['auth'];

function context(request: FastifyRequest): SecurityContext {
  return { ip: clientIp(request.visitor.address), userAgent: request.headers['user-agent'] ?? null };
}

function limitNote(name: string, limits: { ip: RateLimitRule; account?: RateLimitRule }): string {
  const rule = (r: RateLimitRule) => `${r.max} per ${r.windowMs / 60_000} minutes`;
  const parts = [`${rule(limits.ip)} per client address`];
  if (limits.account)
    parts.push(
      `${rule(limits.account)} per e-mail from addresses the account was not signed in from in the last ${KNOWN_ADDRESS_DAYS} days`,
    );
  return `Rate limits (${name}): ${parts.join(', ')}; beyond them 429 \`too_many_requests\` with \`Retry-After\` in seconds.`;
}

const VALIDATION_NOTE =
  'Invalid input answers 422 `validation_errors` with message keys per field (e.g. `password`: `validation.password_too_short`) and changes nothing.';
const PASSWORD_NOTE =
  'Password policy: 8 to 128 characters (any Unicode, counted as code points, never truncated), not the e-mail or its part before @, not a very common password or a run such as `12345678` (keys `validation.password_too_short`, `validation.password_too_long`, `validation.password_same_as_email`, `validation.password_too_common`).';
const SILENT_NOTE =
  'Answers 202 `{accepted: true}` whether or not the e-mail has an account, so the call reveals nothing about accounts.';

const errorResponses = {
  400: ErrorBodySchema,
  422: ErrorBodySchema,
  429: ErrorBodySchema,
  500: ErrorBodySchema,
};

/**
 * Authentication calls of spec 7 (issue 5): sign-up of persons and companies, login, token
 * refresh and logout, both password recovery flows, e-mail confirmation. Handlers enforce the
 * rate limits, call one operation and shape the answer.
 */
const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const limiter = app.rateLimiter;
  // The dummy hash is computed once at start, so the first login for an unknown e-mail takes
  // no longer than any other.
  await dummyPasswordHash();

  /**
   * The budgets of an attempt: its address's, then the account's. The account's budget bounds
   * guessing one password from many addresses, so it is shared by everyone who tries the
   * account; attempts from an address the owner signed in from before (isKnownAddress) do not
   * spend it, so strangers cannot lock the owner out (issue 37 point 7, decision 041). An attempt
   * its address's budget refuses is not looked at further.
   */
  const limit = async (
    reply: FastifyReply,
    name: string,
    rules: { ip: RateLimitRule; account?: RateLimitRule },
    request: FastifyRequest,
    account?: string,
  ) => {
    const network = budgetAddress(request.visitor.address);
    await enforceRateLimits(limiter, reply, [{ key: `auth.${name}:ip:${network}`, rule: rules.ip }]);
    if (!rules.account || !account) return;
    if (await isKnownAddress(app.db, account, network)) return;
    await enforceRateLimits(limiter, reply, [
      { key: `auth.${name}:account:${account}`, rule: rules.account },
    ]);
  };

  // A client without a stored token may post no body at all; it gets the 401 of spec 8, not a
  // validation error.
  const emptyBodyAsObject = async (request: FastifyRequest) => {
    request.body ??= {};
  };

  const signupDescription = (what: string) =>
    `${what} The e-mail is stored lower-cased; one that already has an account answers 422 \`validation.email_taken\` on \`email\`. The password is stored as an argon2id hash. \`locale\` (else the Accept-Language match, else \`cs\`) becomes the account's preferredLanguage. In one transaction the account, a confirmation link (valid 24 hours; e-mail \`confirm_email\` queued in the outbox) and a first token pair are created: the new account is signed in at once and stays \`verified: false\` until the link is opened. ${PASSWORD_NOTE} ${VALIDATION_NOTE} ${limitNote('sign-up', AUTH_RATE_LIMITS.signup)}`;

  // Both sign-up forms share the limits, the locale choice and the answer; only the account
  // type and its body differ.
  async function signUpRoute(request: FastifyRequest, reply: FastifyReply, input: SignUpInput) {
    await limit(reply, 'signup', AUTH_RATE_LIMITS.signup, request, input.body.email);
    const result = await signUp({
      db: app.db,
      config,
      input,
      locale: input.body.locale ?? negotiateLocale(request.headers['accept-language']) ?? DEFAULT_LOCALE,
      context: context(request),
    });
    return reply.code(201).send(result);
  }

  app.post(
    '/auth/signup',
    {
      schema: {
        tags: TAGS,
        summary: 'Sign up (person)',
        description: signupDescription('Creates a person account.'),
        body: SignupBodySchema,
        response: { 201: SignupResponseSchema, ...errorResponses },
      },
    },
    (request, reply) => signUpRoute(request, reply, { accountType: 'person', body: request.body }),
  );

  app.post(
    '/auth/signup/company',
    {
      schema: {
        tags: TAGS,
        summary: 'Sign up (company)',
        description: signupDescription(
          "Creates a company account (agencies, developers; the company auth screen of spec 2) with the company name, registration number, optional VAT number, address and contact person (stored as the account's first and last name).",
        ),
        body: CompanySignupBodySchema,
        response: { 201: SignupResponseSchema, ...errorResponses },
      },
    },
    (request, reply) => signUpRoute(request, reply, { accountType: 'company', body: request.body }),
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags: TAGS,
        summary: 'Sign in',
        description: `Answers an access token (\`token\`, sent as \`Authorization: Bearer\`) and a single-use \`refresh_token\`. A wrong password and an unknown e-mail both answer 401 \`unauthorized\` with the message 'Invalid e-mail or password' after the same work. Unverified accounts may sign in. ${VALIDATION_NOTE} ${limitNote('login', AUTH_RATE_LIMITS.login)}`,
        body: LoginBodySchema,
        response: { 200: TokenPairSchema, 401: ErrorBodySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await limit(reply, 'login', AUTH_RATE_LIMITS.login, request, request.body.email);
      return logIn({
        db: app.db,
        config,
        email: request.body.email,
        password: request.body.password,
        context: context(request),
      });
    },
  );

  app.post(
    '/api/token/refresh',
    {
      preValidation: emptyBodyAsObject,
      schema: {
        tags: TAGS,
        summary: 'Rotate the refresh token',
        description: `Spends the refresh token and answers a new \`token\` and \`refresh_token\` of the same family. Single use: of two requests with one token exactly one succeeds. Presenting a token that was already spent revokes its whole family (every refresh and access token of that login) and is logged. A missing token answers 401 'No refresh token available' (spec 8); an unknown, expired or revoked one 401. ${limitNote('refresh', AUTH_RATE_LIMITS.refresh)}`,
        body: RefreshTokenBodySchema,
        response: { 200: TokenPairSchema, 401: ErrorBodySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await limit(reply, 'refresh', AUTH_RATE_LIMITS.refresh, request);
      return refreshTokenPair({
        db: app.db,
        config,
        refreshToken: request.body.refresh_token,
        context: context(request),
      });
    },
  );

  app.post(
    '/auth/logout',
    {
      preValidation: emptyBodyAsObject,
      schema: {
        tags: TAGS,
        summary: 'Sign out this device',
        description:
          "Revokes the refresh token's family: its refresh tokens stop rotating and the access tokens issued with it are refused. Other devices stay signed in. Answers 204 for any token, known or not.",
        body: RefreshTokenBodySchema,
        response: { 204: z.null().describe('Signed out'), ...errorResponses },
      },
    },
    async (request, reply) => {
      await limit(reply, 'refresh', AUTH_RATE_LIMITS.refresh, request);
      await logOut({ db: app.db, refreshToken: request.body.refresh_token, context: context(request) });
      return reply.code(204).send(null);
    },
  );

  const resetRequestDescription = (flow: string) =>
    `${flow} When the e-mail has an account, queues \`reset_password\` with a link to /{locale}/auth/reset-password/{token} (valid 1 hour, single use; earlier links stop working). ${SILENT_NOTE} ${VALIDATION_NOTE} ${limitNote('recovery', AUTH_RATE_LIMITS.recovery)}`;

  for (const path of ['/auth/forgot_password', '/users/reset-password-send'] as const) {
    app.post(
      path,
      {
        schema: {
          tags: TAGS,
          summary: 'Start password recovery',
          description: resetRequestDescription(
            path === '/auth/forgot_password'
              ? 'First recovery flow of spec 7 (completed by POST /auth/reset_password).'
              : 'Second recovery flow of spec 7 (completed by POST /users/reset-password-validate).',
          ),
          body: EmailRequestBodySchema,
          response: { 202: AcceptedResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        await limit(reply, 'recovery', AUTH_RATE_LIMITS.recovery, request, request.body.email);
        await requestPasswordReset({
          db: app.db,
          email: request.body.email,
          publicWebUrl: config.publicWebUrl,
          context: context(request),
        });
        return reply.code(202).send({ accepted: true as const });
      },
    );
  }

  const resetDescription = `Sets a new password with the token of a reset link. In one transaction the token is spent, every access token issued before is refused, every refresh token is revoked (all devices sign in again), the address counts as confirmed and \`password_changed\` is queued. An unknown, used or expired token answers 422 \`validation.token_invalid\` on \`token\`. ${PASSWORD_NOTE} ${VALIDATION_NOTE} ${limitNote('reset', AUTH_RATE_LIMITS.resetPassword)}`;

  // Both reset flows share the limits, the operation and the answer; only the password field's
  // name differs (errors name the field the request used).
  async function resetPasswordRoute(
    request: FastifyRequest,
    reply: FastifyReply,
    token: string,
    password: string,
    passwordField: 'password' | 'newPassword',
  ) {
    await limit(reply, 'reset', AUTH_RATE_LIMITS.resetPassword, request);
    await resetPassword({
      db: app.db,
      token,
      password,
      fields: { token: 'token', password: passwordField },
      context: context(request),
    });
    return { password_changed: true as const };
  }

  app.post(
    '/auth/reset_password',
    {
      schema: {
        tags: TAGS,
        summary: 'Reset the password (first flow)',
        description: `${resetDescription} \`password_confirmation\` must equal \`password\` (\`validation.passwords_do_not_match\`).`,
        body: ResetPasswordBodySchema,
        response: { 200: PasswordResetResponseSchema, ...errorResponses },
      },
    },
    (request, reply) =>
      resetPasswordRoute(request, reply, request.body.token, request.body.password, 'password'),
  );

  app.post(
    '/users/reset-password-validate',
    {
      schema: {
        tags: TAGS,
        summary: 'Reset the password (second flow)',
        description: `${resetDescription} The password field is \`newPassword\`.`,
        body: ResetPasswordValidateBodySchema,
        response: { 200: PasswordResetResponseSchema, ...errorResponses },
      },
    },
    (request, reply) =>
      resetPasswordRoute(request, reply, request.body.token, request.body.newPassword, 'newPassword'),
  );

  app.post(
    '/users/send-confirmation-email',
    {
      schema: {
        tags: TAGS,
        summary: 'Send the confirmation e-mail again',
        description: `Queues \`confirm_email\` with a new link to /{locale}/auth/confirm-email/{token} (valid 24 hours; earlier links for the address stop working) when the e-mail has an account that is not verified yet. ${SILENT_NOTE} ${VALIDATION_NOTE} ${limitNote('confirmation', AUTH_RATE_LIMITS.confirmationSend)}`,
        body: EmailRequestBodySchema,
        response: { 202: AcceptedResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await limit(reply, 'confirmation', AUTH_RATE_LIMITS.confirmationSend, request, request.body.email);
      await sendConfirmationEmail({
        db: app.db,
        email: request.body.email,
        publicWebUrl: config.publicWebUrl,
      });
      return reply.code(202).send({ accepted: true as const });
    },
  );

  app.post(
    '/auth/confirm_email',
    {
      schema: {
        tags: TAGS,
        summary: 'Confirm an e-mail address',
        description: `The token of a confirmation link (the confirm-email/{token} screen). For the account's login e-mail it marks the account verified. For a new login e-mail asked for by PATCH /users/me/change-login-email it switches the login to that address (verified) and queues \`email_changed\` to the old one; if another account took the address meanwhile, 422 \`validation.email_taken\` on \`email\`. Single use; an unknown, used or expired token answers 422 \`validation.token_invalid\` on \`token\`. ${limitNote('confirm', AUTH_RATE_LIMITS.confirmEmail)}`,
        body: ConfirmEmailBodySchema,
        response: { 200: ConfirmEmailResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await limit(reply, 'confirm', AUTH_RATE_LIMITS.confirmEmail, request);
      return confirmEmail({ db: app.db, token: request.body.token, context: context(request) });
    },
  );
};

export default authRoutes;
