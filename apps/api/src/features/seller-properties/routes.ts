import {
  BULK_PROPERTY_IDS_MAX,
  BulkPropertyActionBodySchema,
  BulkPropertyActionResponseSchema,
  ErrorBodySchema,
  FLAT_SETTINGS_LIMITS,
  FormDefinitionSchema,
  MyOwnPropertiesQuerySchema,
  MyPropertiesResponseSchema,
  PROPERTY_PHOTO_MAX_BYTES,
  PROPERTY_PHOTO_MAX_PIXELS,
  PROPERTY_TRANSITIONS,
  PropertyDetailResponseSchema,
  PropertyIdParamsSchema,
  PropertyMediaParamsSchema,
  PropertyMediaUploadBodySchema,
  PropertyMergePatchSchema,
  PropertyPhotoSchema,
  PUBLISH_REQUIRED_FIELDS,
  propertyPhotoFormatNames,
  RENEW_INTERVAL_DAYS,
  RENT_REQUIRED_FIELDS,
  ReorderPropertyMediaBodySchema,
  ROOM_TYPES,
  type RoomType,
  SavePropertyBodySchema,
  SaveTourDatesBodySchema,
  SetPropertyStateBodySchema,
  TourDatesResponseSchema,
  UpdatePropertyMediaBodySchema,
} from '@estately/domain';
import { negotiateLocale } from '@estately/i18n';
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { ifMatchOf } from '../../lib/etag.ts';
import { IDEMPOTENCY_DOC, idempotencyKeyOf, respondIdempotently } from '../../lib/idempotency.ts';
import { currentUser } from '../../plugins/app/authentication.ts';
import { bulkPropertyAction } from './bulk-property-action.ts';
import { deletePropertyMedia } from './delete-property-media.ts';
import { duplicateProperty } from './duplicate-property.ts';
import { getFormDefinition } from './get-form-definition.ts';
import { getProperty } from './get-property.ts';
import { listOwnProperties } from './list-own-properties.ts';
import { parseId, requireId } from './load-own-property.ts';
import { patchProperty } from './patch-property.ts';
import { reorderPropertyMedia } from './reorder-property-media.ts';
import { saveProperty } from './save-property.ts';
import { savePropertyMedia } from './save-property-media.ts';
import { saveTourDates } from './save-tour-dates.ts';
import { setPropertyState } from './set-property-state.ts';
import { spendUploadBudget } from './spend-upload-budget.ts';
import { updatePropertyMedia } from './update-property-media.ts';

const TAGS = ['properties'];
const AUTH_NOTE = 'Needs `Authorization: Bearer <access token>` (401 otherwise).';
const OWNER_NOTE =
  "Only the owner (or an admin) may change a property; another user's property answers 404 `not_found` like an unknown id.";
const REQUIRED_NOTE = `Publishing (state \`active\`) needs: ${PUBLISH_REQUIRED_FIELDS.map((f) => `\`${f}\``).join(', ')} (no \`price\` when \`price_variant\` is \`on_request\`; the contact needs an e-mail or a phone), and for rent offers also ${RENT_REQUIRED_FIELDS.map((f) => `\`${f}\``).join(', ')}; a floor above the total floors is refused. Missing fields answer 422 \`validation_errors\` with \`validation.required\` per field.`;
const TRANSITIONS_NOTE = Object.entries(PROPERTY_TRANSITIONS)
  .map(([from, to]) => `\`${from}\` -> ${to.map((s) => `\`${s}\``).join(', ')}`)
  .join('; ');

const errors = { 401: ErrorBodySchema, 404: ErrorBodySchema, 422: ErrorBodySchema, 500: ErrorBodySchema };
const ETAG_NOTE =
  "The owner's answer carries the version in `ETag` (a strong tag; it changes with any field, the state, a strike or a verification, not with photos).";
const IF_MATCH_NOTE =
  "Optional `If-Match` with the `ETag` last read (issue 11 item 10, docs/decisions/014): when the property changed since, the write answers 412 `precondition_failed` and changes nothing, so one editor cannot silently overwrite another's change; `*` matches any version. Without `If-Match` the last write wins. The answer carries the new `ETag`.";
const ifMatchHeaders = z.looseObject({
  'if-match': z.string().optional().describe('The ETag of the version this change is based on'),
});

/** The bounds of the free-form fields, quoted by the create and change routes. */
const FLAT_SETTINGS_NOTE = `\`flat_settings\` holds at most ${FLAT_SETTINGS_LIMITS.keysMax} keys (snake_case, 1..${FLAT_SETTINGS_LIMITS.keyLengthMax} characters; else 422 \`validation.too_many_keys\` or \`validation.invalid_key\` on \`flat_settings\`), each a string of at most ${FLAT_SETTINGS_LIMITS.valueLengthMax} characters, a number or a boolean (\`validation.too_long\`, \`validation.invalid_value\` on \`flat_settings.<key>\`), at most ${FLAT_SETTINGS_LIMITS.totalBytesMax} bytes as JSON in all (\`validation.too_large\`); \`other_params\` and \`tags\` name each value at most once.`;

function actorOf(request: FastifyRequest) {
  const user = currentUser(request);
  return { id: user.id, isAdmin: user.isAdmin };
}

/**
 * Seller calls of spec 7 "Properties" (issue 7): create and edit properties, read one, list
 * one's own, move them through the lifecycle. Operations live one per file beside this one.
 */
const sellerPropertiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = app.config.accountLimits;
  const PROPERTIES_LIMIT_NOTE = `An account holds at most ${limits.properties.person} properties (a company ${limits.properties.company}) in every state, drafts and archived ones included (ACCOUNT_MAX_PROPERTIES, COMPANY_MAX_PROPERTIES); a create beyond answers 422 \`validation.too_many_properties\` on \`property\` and stores nothing.`;
  // RFC 7396 bodies are JSON with their own media type; parsed here, for this plugin's routes only.
  app.addContentTypeParser('application/merge-patch+json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new AppError('bad_request'), undefined);
    }
  });

  // Photo uploads only: limits are checked while the stream is read, so an oversized file is
  // cut off at the limit rather than buffered whole.
  await app.register(multipart, {
    limits: { fileSize: PROPERTY_PHOTO_MAX_BYTES, files: 1, fields: 4, fieldSize: 100, parts: 5 },
  });

  /** The property as the caller may see it, with its version in `ETag` for the owner's view. */
  const detail = async (propertyId: number, request: FastifyRequest, reply: FastifyReply) => {
    const { etag, ...answer } = await getProperty({
      db: app.db,
      storage: app.storage,
      propertyId,
      viewer: request.user,
    });
    if (etag) reply.header('etag', etag);
    return answer;
  };

  for (const form of ['property', 'search'] as const) {
    app.get(
      `/v1/property/${form}-form`,
      {
        schema: {
          tags: TAGS,
          summary: form === 'property' ? 'The property form' : 'The search form',
          description: `Field definitions the web ${form} form is drawn from: name, type, ${form === 'property' ? 'whether publishing needs it (`required`, `required_for_rent`), ' : ''}limits, allowed values from the domain value sets, and labels in the locale of \`Accept-Language\` (default \`cs\`; English where a locale lacks a message; null where no label exists). Public, cacheable.`,
          response: { 200: FormDefinitionSchema },
        },
      },
      async (request, reply) => {
        reply.header('vary', 'Accept-Language').header('cache-control', 'public, max-age=300');
        return getFormDefinition(form, negotiateLocale(request.headers['accept-language']) ?? 'cs');
      },
    );
  }

  app.post(
    '/v1/property/save',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Create or update a property',
        description: `Without \`id\` creates a draft owned by the caller (needs \`offer_type\`, \`property_type\`, \`country_code\`; everything else may come later). With \`id\` updates the given fields of that property. Every field of the form is optional for a draft; \`null\` clears an optional value; unknown fields are refused. Without coordinates the address is placed on its city part or city from the offline gazetteer. A price change is kept in the price history. Changing an active offer keeps it publishable (same rules as publishing) and updates the public search at once. ${FLAT_SETTINGS_NOTE} ${PROPERTIES_LIMIT_NOTE} ${REQUIRED_NOTE} ${OWNER_NOTE} ${AUTH_NOTE} Answers the owner's view of the property. ${ETAG_NOTE}\n\nUpdates (with \`id\`): ${IF_MATCH_NOTE}\n\n${IDEMPOTENCY_DOC} A replayed answer is the stored one and carries no \`ETag\`.`,
        headers: z.looseObject({
          'if-match': z
            .string()
            .optional()
            .describe('With `id`: the ETag of the version this change is based on'),
          'idempotency-key': z.string().optional().describe('A unique key per attempted save (e.g. a UUID)'),
        }),
        body: SavePropertyBodySchema,
        response: { 200: PropertyDetailResponseSchema, ...errors, 412: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const ifMatch = ifMatchOf(request);
      const key = idempotencyKeyOf(request);
      // With a key, the property, the key and the stored answer commit together (lib/idempotency.ts).
      return respondIdempotently(reply, {
        db: app.db,
        call:
          key === null
            ? null
            : { userId: actor.id, route: 'POST /v1/property/save', key, request: request.body },
        create: async (db) => {
          const id = await saveProperty({ db, actor, body: request.body, ifMatch, limits });
          const { etag, ...body } = await getProperty({
            db,
            storage: app.storage,
            propertyId: id,
            viewer: request.user,
          });
          return { statusCode: 200, body, ...(etag ? { headers: { etag } } : {}) };
        },
      });
    },
  );

  app.get(
    '/properties/:id',
    {
      onRequest: app.identify,
      schema: {
        tags: TAGS,
        summary: 'A property',
        description: `The owner and admins get \`view: "owner"\`: every field in any state, photos, viewing slots, price history, the strike reason if an admin struck it, \`publish_problems\` (what publishing still needs), \`allowed_states\` and the trust score with its parts. Anyone else gets \`view: "public"\` for an active offer (no contact, strike or history) and 404 for drafts, paused, struck and unknown ids alike. ${ETAG_NOTE} Send it back in \`If-Match\` with the next change.`,
        params: PropertyIdParamsSchema,
        response: { 200: PropertyDetailResponseSchema, 404: ErrorBodySchema, 500: ErrorBodySchema },
      },
    },
    async (request, reply) => detail(requireId(request.params.id), request, reply),
  );

  app.patch(
    '/properties/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Change a property (JSON merge patch)',
        description: `\`Content-Type: application/merge-patch+json\` (RFC 7396): members present are changed, \`null\` deletes an optional value, \`contact\` and \`flat_settings\` merge member by member, arrays replace. Same rules as POST /v1/property/save; the bounds apply to the merged result, so patches that each fit cannot add up past them (a refused patch changes nothing). ${FLAT_SETTINGS_NOTE} ${OWNER_NOTE} ${AUTH_NOTE}\n\n${IF_MATCH_NOTE}`,
        params: PropertyIdParamsSchema,
        headers: ifMatchHeaders,
        body: z.record(z.string(), z.unknown()),
        response: { 200: PropertyDetailResponseSchema, ...errors, 412: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const propertyId = requireId(request.params.id);
      const unknown = Object.keys(request.body).filter((key) => !(key in PropertyMergePatchSchema.shape));
      if (unknown.length > 0) {
        throw new AppError('validation_errors', {
          errors: Object.fromEntries(unknown.map((key) => [key, ['validation.invalid_value']])),
        });
      }
      await patchProperty({
        db: app.db,
        actor: actorOf(request),
        propertyId,
        patch: request.body as Parameters<typeof patchProperty>[0]['patch'],
        ifMatch: ifMatchOf(request),
      });
      return detail(propertyId, request, reply);
    },
  );

  app.get(
    '/my/own/properties',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: "The caller's properties",
        description: `Every property of the caller in any state, paged ({data, meta} with \`total\` and \`total_pages\`); each with its state, the strike reason if struck, and statistics: detail views, current favourites, leads. Filters: \`state\`, \`offer_type\`, \`property_type\`; \`q\` (at most 100 characters) finds offers whose street, city, city part or postcode contain every word (accents and case ignored), and a number alone (\`123\` or \`#123\`) also the offer with that id. \`sort\`: \`newest\` (created, the default), \`oldest\`, \`updated\` (last changed first), \`price_asc\`, \`price_desc\` (no price last). A bad value answers 422 \`validation_errors\` naming the parameter. ${AUTH_NOTE}`,
        querystring: MyOwnPropertiesQuerySchema,
        response: {
          200: MyPropertiesResponseSchema,
          401: ErrorBodySchema,
          422: ErrorBodySchema,
          500: ErrorBodySchema,
        },
      },
    },
    async (request) =>
      listOwnProperties({
        db: app.db,
        storage: app.storage,
        ownerId: currentUser(request).id,
        page: request.query.page,
        perPage: request.query.per_page,
        state: request.query.state,
        offerType: request.query.offer_type,
        propertyType: request.query.property_type,
        q: request.query.q,
        sort: request.query.sort,
      }),
  );

  app.post(
    '/my/own/properties/bulk',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: "One action on many of the caller's properties",
        description: `\`action\` on each of \`ids\` (1..${BULK_PROPERTY_IDS_MAX} distinct property ids): \`reserve\` (to \`reserved\`), \`withdraw\` (to \`paused\`, the withdrawn state of decision 042), \`renew\` (an active or reserved offer, not struck, whose last activation or renewal is at least ${RENEW_INTERVAL_DAYS} days old gets \`activated_at\` now and leads the newest-first order again), \`delete\` (drafts only; the draft, its photos and their files go). One transaction; each id answers \`done\` or \`refused\` with a \`reason\`: \`not_found\` (unknown or another user's property, never told apart), \`not_allowed\` (the lifecycle does not allow it from the current state: ${TRANSITIONS_NOTE}; or the offer is not public for a renewal), \`not_draft\`, \`renewed_recently\`, \`struck\`. A refused id changes nothing; the others are applied. A body that is not this shape answers 422 \`validation_errors\` and changes nothing. ${AUTH_NOTE}`,
        body: BulkPropertyActionBodySchema,
        response: {
          200: BulkPropertyActionResponseSchema,
          401: ErrorBodySchema,
          422: ErrorBodySchema,
          500: ErrorBodySchema,
        },
      },
    },
    async (request) => ({
      action: request.body.action,
      data: await bulkPropertyAction({
        db: app.db,
        storage: app.storage,
        actor: { id: currentUser(request).id, isAdmin: false },
        action: request.body.action,
        ids: request.body.ids,
        onCleanupError: cleanupLogger(request),
      }),
    }),
  );

  app.post(
    '/properties/:id/duplicate',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Copy a property as a new draft',
        description: `Creates a draft of the same owner with every field of the property, its description and translations, and its photos (in order, with their rooms; the files are copied, so deleting either never removes the other's). Not copied: the state, statistics, leads, favourites, viewing slots, verification, a strike, top-offer status and publication dates. The account's limits apply as to a new property and new photos (422 \`validation.too_many_properties\` on \`property\`, \`validation.too_many_account_photos\` on \`file\`; nothing is stored). Answers 201 with the owner's view of the new draft (its \`data.id\`) and \`Location\`. ${OWNER_NOTE} ${AUTH_NOTE}`,
        params: PropertyIdParamsSchema,
        response: { 201: PropertyDetailResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const id = await duplicateProperty({
        db: app.db,
        storage: app.storage,
        actor: actorOf(request),
        propertyId: requireId(request.params.id),
        limits,
        onCleanupError: cleanupLogger(request),
      });
      const answer = await detail(id, request, reply);
      return reply.code(201).header('location', `/properties/${id}`).send(answer);
    },
  );

  app.post(
    '/v1/properties/set-state/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Move a property through its lifecycle',
        description: `Allowed transitions: ${TRANSITIONS_NOTE}. \`sold\` only for sale offers, \`rented\` only for rent offers. Anything else answers 422 \`validation.invalid_value\` on \`state\`. Activating checks completeness (${REQUIRED_NOTE}), stamps \`activated_at\` (and \`published_at\` the first time) and makes the offer findable by search at once; leaving \`active\` removes it from public search. ${OWNER_NOTE} ${AUTH_NOTE}\n\n${IF_MATCH_NOTE}`,
        params: PropertyIdParamsSchema,
        headers: ifMatchHeaders,
        body: SetPropertyStateBodySchema,
        response: { 200: PropertyDetailResponseSchema, ...errors, 412: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const propertyId = requireId(request.params.id);
      await setPropertyState({
        db: app.db,
        actor: actorOf(request),
        propertyId,
        state: request.body.state,
        ifMatch: ifMatchOf(request),
      });
      return detail(propertyId, request, reply);
    },
  );

  app.post(
    '/v1/property/save-tour-dates',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Set the viewing slots of a property',
        description: `\`tour_dates\` replaces the property's upcoming viewing slots (past ones are kept); each has \`date\` (YYYY-MM-DD), \`from\` and \`to\` (HH:MM, UTC) and \`capacity\` (visitors, 1..100). A slot must start in the future (\`validation.invalid_date\` on its \`date\`), end after it starts (\`validation.range_inverted\` on \`to\`) and not overlap another (\`validation.invalid_value\` on \`from\`). An empty list removes every upcoming slot. Answers every slot of the property. ${OWNER_NOTE} ${AUTH_NOTE}`,
        body: SaveTourDatesBodySchema,
        response: { 200: TourDatesResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await saveTourDates({ db: app.db, actor: actorOf(request), body: request.body }),
    }),
  );

  app.post(
    '/v1/property-media/save',
    {
      config: { upload: true },
      onRequest: app.authenticate,
      // The body is a multipart stream read by the handler; the schema documents the form.
      validatorCompiler: () => () => true,
      schema: {
        tags: TAGS,
        summary: 'Upload a photo of a property',
        description: `\`multipart/form-data\` with \`property_id\`, optional \`room_type\` (${ROOM_TYPES.join(', ')}) and the image in \`file\` (fields before the file). The content decides, not the name or declared type: ${propertyPhotoFormatNames().join(', ')} (HEIC and AVIF when readable), at most ${PROPERTY_PHOTO_MAX_PIXELS / 1_000_000} megapixels (422 \`validation.invalid_image\` / \`validation.image_too_large\` on \`file\`; no file: \`validation.file_required\`). More than ${PROPERTY_PHOTO_MAX_BYTES / 1024 / 1024} MB answers 413 with \`validation.file_too_large\`. The answer comes once the original is stored: the photo has \`status\` \`processing\` and \`image_file\` null, and a job of the worker turns it upright, strips all metadata (EXIF, GPS), stores thumb, card, gallery and full variants in WebP and AVIF and sets \`status\` to \`ready\` (\`failed\` when the pixels cannot be decoded); GET /properties/{id} shows when. Only ready photos are shown to visitors and count for publishing. It goes last; a property's first photo is its main photo. The same bytes uploaded again to the same property answer the photo they made (200, same id) and store nothing. A failed upload leaves no files or rows.\n\nLimits: ${limits.photosPerProperty} photos per property (PROPERTY_MAX_PHOTOS; 422 \`validation.too_many_photos\` on \`file\`), ${limits.photos.person} photos per account in all, ${limits.photos.company} for a company (ACCOUNT_MAX_PHOTOS, COMPANY_MAX_PHOTOS; 422 \`validation.too_many_account_photos\`), both the owner's; ${limits.uploadBytesPerHour.person / 1024 / 1024} MiB of photos uploaded per account within any hour, ${limits.uploadBytesPerHour.company / 1024 / 1024} MiB for a company (ACCOUNT_UPLOAD_MB_PER_HOUR, COMPANY_UPLOAD_MB_PER_HOUR; counted in whole MiB, rounded up), the uploader's, beyond which 429 \`too_many_requests\` with \`Retry-After\` in seconds. A refused upload is not decoded and stores nothing. ${OWNER_NOTE} ${AUTH_NOTE}`,
        consumes: ['multipart/form-data'],
        body: PropertyMediaUploadBodySchema,
        response: { 200: PropertyPhotoSchema, ...errors, 413: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const invalid = (field: string, key: string) =>
        new AppError('validation_errors', { errors: { [field]: [key] } });
      if (!request.isMultipart()) throw invalid('file', 'validation.file_required');
      const fields: Record<string, string> = {};
      let image: Buffer | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'file') throw invalid(part.fieldname, 'validation.invalid_value');
            image = await part.toBuffer();
          } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        }
      } catch (error) {
        if (error instanceof app.multipartErrors.RequestFileTooLargeError) {
          return reply.code(413).send({
            code: 'validation_errors',
            message: 'Payload Too Large',
            errors: { file: ['validation.file_too_large'] },
          });
        }
        throw error;
      }
      const propertyId = parseId(fields.property_id ?? '');
      if (propertyId === null) throw invalid('property_id', 'validation.required');
      const roomType = fields.room_type || null;
      if (roomType !== null && !(ROOM_TYPES as readonly string[]).includes(roomType)) {
        throw invalid('room_type', 'validation.invalid_value');
      }
      if (!image || image.length === 0) throw invalid('file', 'validation.file_required');
      const actor = actorOf(request);
      return savePropertyMedia({
        db: app.db,
        storage: app.storage,
        actor,
        propertyId,
        roomType: roomType as RoomType | null,
        image,
        limits,
        admitUpload: (bytes) =>
          spendUploadBudget({ db: app.db, limiter: app.rateLimiter, userId: actor.id, limits, bytes }),
        onCleanupError: cleanupLogger(request),
      });
    },
  );

  app.patch(
    '/properties/:id/property_medias',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Reorder the photos of a property',
        description: `\`order\` lists every photo id of the property once, in the new order; the first becomes the main photo (search cards follow at once). Missing, repeated or foreign ids answer 422 \`validation.invalid_value\` on \`order\`. ${OWNER_NOTE} ${AUTH_NOTE}`,
        params: PropertyIdParamsSchema,
        body: ReorderPropertyMediaBodySchema,
        response: { 200: z.object({ data: z.array(PropertyPhotoSchema) }), ...errors },
      },
    },
    async (request) => ({
      data: await reorderPropertyMedia({
        db: app.db,
        storage: app.storage,
        actor: actorOf(request),
        propertyId: requireId(request.params.id),
        order: request.body.order,
      }),
    }),
  );

  app.patch(
    '/properties/:id/property_medias/:mediaId',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Set the room a photo shows, or mark it as a floor plan',
        description: `\`room_type\` is one of ${ROOM_TYPES.join(', ')}, or null when not said; \`kind\` is \`photo\` or \`floor_plan\` (issue 38 point 13: the offer page shows floor plans in their own group, and a floor plan is never the main photo of the offer's card; \`has_floor_plan\` follows). At least one of them (422 \`validation.invalid_value\` or \`validation.required\` otherwise). Answers the photo. ${OWNER_NOTE} ${AUTH_NOTE}`,
        params: PropertyMediaParamsSchema,
        body: UpdatePropertyMediaBodySchema,
        response: { 200: PropertyPhotoSchema, ...errors },
      },
    },
    async (request) =>
      updatePropertyMedia({
        db: app.db,
        storage: app.storage,
        actor: actorOf(request),
        propertyId: requireId(request.params.id),
        mediaId: requireId(request.params.mediaId),
        roomType: request.body.room_type,
        kind: request.body.kind,
      }),
  );

  app.delete(
    '/properties/:id/property_medias/:mediaId',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Delete a photo',
        description: `Deletes the photo's row and files; the next photo becomes main if the main one went. Answers 204. ${OWNER_NOTE} ${AUTH_NOTE}`,
        params: PropertyMediaParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deletePropertyMedia({
        db: app.db,
        storage: app.storage,
        actor: actorOf(request),
        propertyId: requireId(request.params.id),
        mediaId: requireId(request.params.mediaId),
        onCleanupError: cleanupLogger(request),
      });
      return reply.code(204).send(null);
    },
  );
};

const cleanupLogger = (request: FastifyRequest) => (error: unknown, key: string) =>
  request.log.warn({ err: error, key }, 'media file not deleted');

export default sellerPropertiesRoutes;
