import {
  ChangeLoginEmailBodySchema,
  ChangeLoginEmailResponseSchema,
  ChangePasswordBodySchema,
  CurrentUserSchema,
  ErrorBodySchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PROFILE_PICTURE_MAX_BYTES,
  PROFILE_PICTURE_MAX_PIXELS,
  ProfilePictureBodySchema,
  PublicUserParamsSchema,
  PublicUserSchema,
  parseUserId,
  UpdateUserBodySchema,
  USER_RATE_LIMITS,
} from '@estately/domain';
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { readFileField } from '../../lib/file-field.ts';
import type { RateLimitRule } from '../../lib/rate-limit-store.ts';
import { currentUser } from '../../plugins/app/authentication.ts';
import { enforceRateLimits } from '../../plugins/app/rate-limiter.ts';
import type { SecurityContext } from '../auth/record-security-event.ts';
import { clientIp } from '../auth/secret-token.ts';
import { changeLoginEmail } from './change-login-email.ts';
import { changePassword } from './change-password.ts';
import { getCurrentUser } from './get-current-user.ts';
import { getPublicUser } from './get-public-user.ts';
import { saveProfilePicture } from './save-profile-picture.ts';
import { updateUser } from './update-user.ts';

const TAGS = ['users'];
const AUTH_NOTE =
  'Needs `Authorization: Bearer <access token>`; without a valid one the answer is 401 `unauthorized` and nothing is read.';
const LIMIT_NOTE = (rule: RateLimitRule) =>
  `At most ${rule.max} requests per ${Math.round(rule.windowMs / 60_000)} minutes per user; then 429 \`too_many_requests\` with Retry-After (seconds).`;

function securityContext(request: FastifyRequest): SecurityContext {
  return { ip: clientIp(request.visitor.address), userAgent: request.headers['user-agent'] ?? null };
}

const withErrors = {
  401: ErrorBodySchema,
  422: ErrorBodySchema,
  500: ErrorBodySchema,
};

/**
 * The user calls of spec 7 "Users" (issue 5): the current user, public seller profiles,
 * profile edits, password and login e-mail changes, profile picture. Operations live one per
 * file beside this one; handlers only parse, call and shape.
 */
const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart parsing exists only in this plugin's scope, for the picture upload: no other
  // route accepts files. Limits are checked while the stream is read, so an oversized upload
  // is cut off at the limit rather than buffered whole.
  await app.register(multipart, {
    limits: { fileSize: PROFILE_PICTURE_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 5 },
  });

  /** A preHandler counting the request against the user's budget for `action`. */
  function perUser(action: string, rule: RateLimitRule) {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      await enforceRateLimits(app.rateLimiter, reply, [
        { key: `users.${action}:user:${currentUser(request).id}`, rule },
      ]);
    };
  }

  app.get(
    '/user/me',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'The signed-in user',
        description: `Every spec 3 User field (profilePicturePath with the URLs of its 64/256/512 px variants) plus the account settings: account type, company details, preferred currency, notification settings, and \`displayName\` (first and last name if both exist, else the e-mail). Never the password hash or token state. ${AUTH_NOTE}`,
        response: { 200: CurrentUserSchema, 401: ErrorBodySchema, 500: ErrorBodySchema },
      },
    },
    async (request) => getCurrentUser({ db: app.db, storage: app.storage, userId: currentUser(request).id }),
  );

  app.get(
    '/public/users/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Public seller profile',
        description:
          "The public profile of an account that sells: display name (company name, else first and last name; never the e-mail), account type, picture, member since, number of public offers, and the seller profile (type, verification, rating, trust score, website, logo, registration number) with the contact persons the seller publishes on its offers.\n\nThe account's own e-mail addresses, phone, postal address and company ids are never shown: a seller publishes contact details through its seller profile, and buyers of a private seller use an offer's contact call or message form.\n\nCompany accounts, accounts linked to a seller, and persons who have published a property have a profile; anyone else, unknown ids and ids that cannot exist answer 404 `not_found`, so ids cannot be walked to list members.",
        params: PublicUserParamsSchema,
        response: { 200: PublicUserSchema, 404: ErrorBodySchema, 500: ErrorBodySchema },
      },
    },
    async (request) => {
      const id = parseUserId(request.params.id);
      if (id === null) throw new AppError('not_found');
      return getPublicUser({ db: request.readDb, storage: app.storage, id });
    },
  );

  app.patch(
    '/users/me',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Update the profile and settings',
        description: `A partial update: fields left out stay as they are; \`null\` or an empty string clears an optional text field. Changing \`preferredLanguage\` stores the locale setting (spec 4); it is also the language of the account's e-mails. Company fields are for company accounts only (\`validation.company_only\`), and a company keeps its name. Fields that cannot be edited here (\`email\`, \`isAdmin\`, \`verified\`...) are refused by name with \`validation.invalid_value\`. Any invalid field answers 422 \`validation_errors\` with message keys per field and changes nothing. Answers the updated user. ${AUTH_NOTE}`,
        body: UpdateUserBodySchema,
        response: { 200: CurrentUserSchema, ...withErrors },
      },
    },
    async (request) =>
      updateUser({
        db: app.db,
        storage: app.storage,
        userId: currentUser(request).id,
        input: request.body,
      }),
  );

  app.patch(
    '/users/me/new_password',
    {
      onRequest: app.authenticate,
      preHandler: perUser('password_change', USER_RATE_LIMITS.passwordChange),
      schema: {
        tags: TAGS,
        summary: 'Change the password',
        description: `Needs the current password (422 \`validation.current_password_wrong\` on \`currentPassword\`); the new one must pass the password policy (${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters, not the e-mail, not a common password or a run; keys on \`newPassword\`). In one transaction the password changes, every access token issued before is refused from now on (this session's too), every refresh token is revoked and the \`password_changed\` e-mail is queued. Answers 204 without a body: the client signs in again with the new password (issuing a new pair belongs to the login call, which also records the session). ${LIMIT_NOTE(USER_RATE_LIMITS.passwordChange)} ${AUTH_NOTE}`,
        body: ChangePasswordBodySchema,
        response: { 204: z.null().describe('Password changed'), ...withErrors, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await changePassword({
        db: app.db,
        userId: currentUser(request).id,
        currentPassword: request.body.currentPassword,
        newPassword: request.body.newPassword,
        context: securityContext(request),
      });
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/users/me/change-login-email',
    {
      onRequest: app.authenticate,
      preHandler: perUser('login_email_change', USER_RATE_LIMITS.loginEmailChange),
      schema: {
        tags: TAGS,
        summary: 'Ask to change the login e-mail',
        description: `Needs the password (422 \`validation.current_password_wrong\` on \`password\`). The new address must differ from the current one (\`validation.email_unchanged\`) and belong to no account (\`validation.email_taken\`). The login e-mail does not change yet: a confirmation link valid 24 hours goes to the NEW address (\`{web}/{preferredLanguage}/auth/confirm-email/{token}\`), and opening it switches the login. A newer request makes an older link stop working. ${LIMIT_NOTE(USER_RATE_LIMITS.loginEmailChange)} ${AUTH_NOTE}`,
        body: ChangeLoginEmailBodySchema,
        response: { 200: ChangeLoginEmailResponseSchema, ...withErrors, 429: ErrorBodySchema },
      },
    },
    async (request) =>
      changeLoginEmail({
        db: app.db,
        userId: currentUser(request).id,
        email: request.body.email,
        password: request.body.password,
        publicWebUrl: app.config.publicWebUrl,
        context: securityContext(request),
      }),
  );

  app.post(
    '/v1/user/save-profile-picture',
    {
      config: { upload: true },
      onRequest: app.authenticate,
      preHandler: perUser('profile_picture', USER_RATE_LIMITS.profilePicture),
      // The body is a multipart stream the handler reads itself (the route has no other part
      // to validate): its schema only documents the form for OpenAPI.
      validatorCompiler: () => () => true,
      schema: {
        tags: TAGS,
        summary: 'Upload the profile picture',
        description: `\`multipart/form-data\` with the picture in the field \`file\`. The content decides, not the name or declared type: JPEG, PNG, WebP, AVIF/HEIF, GIF or TIFF, at most ${PROFILE_PICTURE_MAX_PIXELS / 1_000_000} megapixels (422 \`validation.invalid_image\`, \`validation.image_too_large\` on \`file\`; no file: \`validation.file_required\`). More than ${PROFILE_PICTURE_MAX_BYTES / 1024 / 1024} MB answers 413 with \`code: "validation_errors"\` and \`validation.file_too_large\` on \`file\`. The picture is turned upright, stripped of all metadata (EXIF, GPS), cropped to a square and stored as 64, 256 and 512 px WebP; it replaces the previous picture, whose files are deleted. Answers the updated user. ${LIMIT_NOTE(USER_RATE_LIMITS.profilePicture)} ${AUTH_NOTE}`,
        consumes: ['multipart/form-data'],
        body: ProfilePictureBodySchema,
        response: { 200: CurrentUserSchema, ...withErrors, 413: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const image = await readFileField(request, reply);
      if (image === null) return reply;
      return saveProfilePicture({
        db: app.db,
        storage: app.storage,
        userId,
        image,
        onCleanupError: (error, key) => request.log.warn({ err: error, key }, 'media file not deleted'),
      });
    },
  );
};

export default usersRoutes;
