import {
  ENERGY_CERTIFICATE_MAX_BYTES,
  EnergyCertificateResponseSchema,
  EnergyCertificateUploadBodySchema,
  ErrorBodySchema,
  PropertyIdParamsSchema,
  PropertyVideoResponseSchema,
  SetPropertyVideoBodySchema,
} from '@estately/domain';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { currentUser } from '../../plugins/app/authentication.ts';
import { loadOwnProperty, requireId } from '../seller-properties/load-own-property.ts';
import { spendUploadBudget } from '../seller-properties/spend-upload-budget.ts';
import { deleteEnergyCertificate } from './delete-energy-certificate.ts';
import { getEnergyCertificateFile } from './get-energy-certificate-file.ts';
import { saveEnergyCertificate } from './save-energy-certificate.ts';
import { setPropertyVideo } from './set-property-video.ts';

const TAGS = ['properties'];
const OWNER_NOTE =
  "Only the owner (or an admin) may change a property; another user's property answers 404 `not_found` like an unknown id. Needs `Authorization: Bearer <access token>` (401 otherwise).";
const errors = { 401: ErrorBodySchema, 404: ErrorBodySchema, 422: ErrorBodySchema, 500: ErrorBodySchema };
const MAX_MB = ENERGY_CERTIFICATE_MAX_BYTES / 1024 / 1024;

function actorOf(request: FastifyRequest) {
  const user = currentUser(request);
  return { id: user.id, isAdmin: user.isAdmin };
}

const cleanupLogger = (request: FastifyRequest) => (error: unknown, key: string) =>
  request.log.warn({ err: error, key }, 'document file not deleted');

/**
 * More media of a property (issue 38 point 13): its video link and its energy performance
 * certificate. Floor plans are photos of the kind `floor_plan` (PATCH .../property_medias/{id}).
 */
const propertyMediaExtrasRoutes: FastifyPluginAsyncZod = async (app) => {
  // The certificate upload only: the limit is checked while the stream is read.
  await app.register(multipart, {
    limits: { fileSize: ENERGY_CERTIFICATE_MAX_BYTES, files: 1, fields: 0, parts: 1 },
  });

  app.put(
    '/properties/:id/video',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Set or remove the video of a property',
        description: `\`url\` is a link to one YouTube or Vimeo video: \`https://www.youtube.com/watch?v=ID\`, \`https://youtu.be/ID\`, \`https://www.youtube.com/shorts/ID\`, \`https://vimeo.com/ID\` or \`https://player.vimeo.com/video/ID\`. Only the provider and the video id are kept; the offer page embeds the privacy-enhanced players (youtube-nocookie.com, Vimeo with \`dnt=1\`) once the visitor asks to play. Any other link (another host, a lookalike such as youtube.com.evil.com, another scheme, a playlist or channel) answers 422 \`validation.invalid_video_url\` on \`url\` and changes nothing; \`null\` or an empty string removes the video. ${OWNER_NOTE}`,
        params: PropertyIdParamsSchema,
        body: SetPropertyVideoBodySchema,
        response: { 200: PropertyVideoResponseSchema, ...errors },
      },
    },
    async (request) => ({
      video: await setPropertyVideo({
        db: app.db,
        actor: actorOf(request),
        propertyId: requireId(request.params.id),
        url: request.body.url,
      }),
    }),
  );

  app.put(
    '/properties/:id/energy_certificate',
    {
      config: { upload: true },
      onRequest: app.authenticate,
      // The body is a multipart stream read by the handler; the schema documents the form.
      validatorCompiler: () => () => true,
      schema: {
        tags: TAGS,
        summary: 'Upload the energy performance certificate of a property',
        description: `\`multipart/form-data\` with the certificate in \`file\`: a PDF, judged by its content (it must begin with \`%PDF-\`; anything else answers 422 \`validation.invalid_pdf\` on \`file\`; no file: \`validation.file_required\`). More than ${MAX_MB} MiB answers 413 with \`validation.file_too_large\`. It replaces the property's earlier certificate; the file name is kept cleaned to letters, digits, dots, dashes and underscores. Counts against the hourly upload budget of the uploader's account like photos (429 \`too_many_requests\` with \`Retry-After\` beyond it). Anyone who may see the offer downloads it at \`energy_certificate.url\`. ${OWNER_NOTE}`,
        consumes: ['multipart/form-data'],
        params: PropertyIdParamsSchema,
        body: EnergyCertificateUploadBodySchema,
        response: {
          200: EnergyCertificateResponseSchema,
          ...errors,
          413: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const invalid = (key: string) => new AppError('validation_errors', { errors: { file: [key] } });
      const propertyId = requireId((request.params as { id: string }).id);
      const actor = actorOf(request);
      // Ownership first: another user's property is an unknown 404 whatever the body.
      await loadOwnProperty(app.db, propertyId, actor);
      if (!request.isMultipart()) throw invalid('validation.file_required');
      let data: Buffer | null = null;
      let fileName: string | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file' || part.fieldname !== 'file') throw invalid('validation.file_required');
          data = await part.toBuffer();
          fileName = part.filename ?? null;
        }
      } catch (error) {
        if (error instanceof app.multipartErrors.RequestFileTooLargeError) {
          return reply.code(413).send({
            code: 'validation_errors',
            message: 'Payload Too Large',
            errors: { file: ['validation.file_too_large'] },
          });
        }
        if (error instanceof app.multipartErrors.FilesLimitError) throw invalid('validation.file_required');
        if (error instanceof app.multipartErrors.PartsLimitError) throw invalid('validation.file_required');
        throw error;
      }
      if (!data || data.length === 0) throw invalid('validation.file_required');
      await spendUploadBudget({
        db: app.db,
        limiter: app.rateLimiter,
        userId: actor.id,
        limits: app.config.accountLimits,
        bytes: data.length,
      });
      return {
        energy_certificate: await saveEnergyCertificate({
          db: app.db,
          storage: app.storage,
          actor,
          propertyId,
          data,
          fileName,
          onCleanupError: cleanupLogger(request),
        }),
      };
    },
  );

  app.delete(
    '/properties/:id/energy_certificate',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Delete the energy performance certificate of a property',
        description: `Deletes the certificate and its file. Answers 204; a property without one answers 404. ${OWNER_NOTE}`,
        params: PropertyIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteEnergyCertificate({
        db: app.db,
        storage: app.storage,
        actor: actorOf(request),
        propertyId: requireId(request.params.id),
        onCleanupError: cleanupLogger(request),
      });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/public/offers/:id/energy_certificate',
    {
      onRequest: app.identify,
      schema: {
        tags: ['offers'],
        summary: 'The energy performance certificate of an offer (PDF)',
        description:
          'The PDF itself, `Content-Type: application/pdf`, shown inline with its cleaned file name (`Content-Disposition: inline; filename="..."`) and `X-Content-Type-Options: nosniff`. Anyone gets it while the offer\'s page is shown (active or reserved, sold or rented for 90 days after the change; not struck: decision 042); the owner and admins for their property in any state. Otherwise, and for an offer without a certificate, 404.',
        params: PropertyIdParamsSchema,
        produces: ['application/pdf'],
        response: {
          200: z.any().describe('The PDF document'),
          404: ErrorBodySchema,
          500: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const user = request.user;
      const file = await getEnergyCertificateFile({
        db: app.db,
        storage: app.storage,
        propertyId: requireId(request.params.id),
        viewer: user ? { id: user.id, isAdmin: user.isAdmin } : null,
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${file.fileName}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', file.isPublic ? 'public, max-age=300' : 'private, no-store')
        .send(file.data);
    },
  );
};

export default propertyMediaExtrasRoutes;
