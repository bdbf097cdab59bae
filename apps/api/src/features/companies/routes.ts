import {
  COMPANY_LOGO_MAX_BYTES,
  COMPANY_LOGO_MAX_PIXELS,
  COMPANY_LOGO_RATE_LIMIT,
  CompanyProfileSchema,
  ErrorBodySchema,
  PublicCompanyParamsSchema,
  PublicCompanyQuerySchema,
  PublicCompanySchema,
  parseCompanyId,
  UpdateCompanyProfileBodySchema,
} from '@estately/domain';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { readFileField } from '../../lib/file-field.ts';
import { currentUser } from '../../plugins/app/authentication.ts';
import { enforceRateLimits } from '../../plugins/app/rate-limiter.ts';
import { requireCompanyAccount } from './company-view.ts';
import { deleteCompanyLogo } from './delete-company-logo.ts';
import { getCompanyProfile } from './get-company-profile.ts';
import { getPublicCompany } from './get-public-company.ts';
import { saveCompanyLogo } from './save-company-logo.ts';
import { updateCompanyProfile } from './update-company-profile.ts';

const TAGS = ['companies'];
const AUTH_NOTE =
  'Needs `Authorization: Bearer <access token>`; without a valid one the answer is 401 `unauthorized` and nothing is read.';
const COMPANY_NOTE =
  'Only company accounts have a company profile: a person’s account answers 403 `forbidden` with `company.error.company_only` on `account`, and nothing changes.';

const ownerErrors = {
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  500: ErrorBodySchema,
};

/**
 * The company profile (issue 38 point 12): the owner's calls under /users/me/company-profile
 * and the public company page. Operations live one per file beside this one.
 */
const companiesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart parsing only in this plugin's scope, for the logo upload; limits are checked while
  // the stream is read, so an oversized upload is cut off at the limit.
  await app.register(multipart, {
    limits: { fileSize: COMPANY_LOGO_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 5 },
  });

  app.get(
    '/users/me/company-profile',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'The company profile',
        description: `The signed-in company's public profile: name, logo (URLs of the 96 and 400 px WebP variants), address, registration number, website, phone and the descriptions per language (ordered; the first is the company's first language), and the path of its public page. Before the first save \`saved\` is false and the fields are the account's sign-up data. ${COMPANY_NOTE} ${AUTH_NOTE}`,
        response: { 200: CompanyProfileSchema, ...ownerErrors },
      },
    },
    async (request) =>
      getCompanyProfile({ db: app.db, storage: app.storage, userId: currentUser(request).id }),
  );

  app.put(
    '/users/me/company-profile',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Save the company profile',
        description: `Replaces the profile's fields (the logo has its own calls): \`name\` is required, other fields left out or blank are cleared. The registration number is checked against the address country: CZ and SK IČO (8 digits with the check digit; spaces are dropped), DE register numbers ("HRB 12345"), AT Firmenbuch numbers ("FN 123456a"), PL KRS (10 digits), elsewhere 2 to 30 letters, digits, spaces, dots, dashes or slashes with a digit (\`company.error.registration_number\`). The website must be an https address (\`company.error.website\`). One description per language (\`company.error.duplicate_language\`), each 1 to 3000 characters. \`companyKind\` (agency, developer, broker, other) is the seller type the company's offers carry; left out, it stays as it is. Any invalid field answers 422 \`validation_errors\` with message keys per field and changes nothing. ${COMPANY_NOTE} ${AUTH_NOTE}`,
        body: UpdateCompanyProfileBodySchema,
        response: { 200: CompanyProfileSchema, ...ownerErrors, 422: ErrorBodySchema },
      },
    },
    async (request) =>
      updateCompanyProfile({
        db: app.db,
        storage: app.storage,
        userId: currentUser(request).id,
        input: request.body,
      }),
  );

  app.post(
    '/users/me/company-profile/logo',
    {
      config: { upload: true },
      onRequest: app.authenticate,
      preHandler: async (request, reply) => {
        await enforceRateLimits(app.rateLimiter, reply, [
          { key: `companies.logo:user:${currentUser(request).id}`, rule: COMPANY_LOGO_RATE_LIMIT },
        ]);
        // A person's account is refused before its upload is read.
        await requireCompanyAccount(app.db, currentUser(request).id);
      },
      // The body is a multipart stream the handler reads itself: its schema only documents it.
      validatorCompiler: () => () => true,
      schema: {
        tags: TAGS,
        summary: 'Upload the company logo',
        description: `\`multipart/form-data\` with the logo in the field \`file\`. The content decides, not the name or declared type: JPEG, PNG, WebP, AVIF/HEIF, GIF or TIFF, at most ${COMPANY_LOGO_MAX_PIXELS / 1_000_000} megapixels (422 \`validation.invalid_image\`, \`validation.image_too_large\` on \`file\`; no file: \`validation.file_required\`). More than ${COMPANY_LOGO_MAX_BYTES / 1024 / 1024} MB answers 413 with \`validation.file_too_large\` on \`file\`. The logo is turned upright, stripped of all metadata, fitted (not cropped, never enlarged, transparency kept) into 400 and 96 px boxes as WebP; it replaces the previous logo, whose files are deleted. At most ${COMPANY_LOGO_RATE_LIMIT.max} uploads an hour, then 429. ${COMPANY_NOTE} ${AUTH_NOTE}`,
        consumes: ['multipart/form-data'],
        body: z.object({ file: z.string().meta({ format: 'binary' }).describe('The logo image') }),
        response: {
          200: CompanyProfileSchema,
          ...ownerErrors,
          413: ErrorBodySchema,
          422: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const image = await readFileField(request, reply);
      if (image === null) return reply;
      return saveCompanyLogo({
        db: app.db,
        storage: app.storage,
        userId,
        image,
        onCleanupError: (error, key) => request.log.warn({ err: error, key }, 'media file not deleted'),
      });
    },
  );

  app.delete(
    '/users/me/company-profile/logo',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Remove the company logo',
        description: `The profile loses its logo and the logo's files are deleted; without a logo nothing changes. Answers the profile. ${COMPANY_NOTE} ${AUTH_NOTE}`,
        response: { 200: CompanyProfileSchema, ...ownerErrors },
      },
    },
    async (request) =>
      deleteCompanyLogo({
        db: app.db,
        storage: app.storage,
        userId: currentUser(request).id,
        onCleanupError: (error, key) => request.log.warn({ err: error, key }, 'media file not deleted'),
      }),
  );

  app.get(
    '/public/companies/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Public company page',
        description:
          "A company's public page: its profile (name, logo, address, registration number, website, phone, descriptions per language) and its public offers as search cards, newest first, a page at a time (`page`, `per_page`, `meta` as the other paged lists). `{id}` is the company account's id, optionally followed by `-slug`. A company that has not saved a profile shows its company name only. A person's account, an unknown id and an id that cannot exist answer 404 `not_found`.",
        params: PublicCompanyParamsSchema,
        querystring: PublicCompanyQuerySchema,
        response: {
          200: PublicCompanySchema,
          404: ErrorBodySchema,
          422: ErrorBodySchema,
          500: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const id = parseCompanyId(request.params.id);
      if (id === null) throw new AppError('not_found');
      return getPublicCompany({
        db: request.readDb,
        storage: app.storage,
        id,
        page: request.query.page,
        perPage: request.query.per_page,
        currency: request.query.currency,
      });
    },
  );
};

export default companiesRoutes;
