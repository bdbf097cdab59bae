import {
  ErrorBodySchema,
  MyPropertiesQuerySchema,
  MyPropertiesResponseSchema,
  PROPERTY_TRANSITIONS,
  PropertyDetailResponseSchema,
  PropertyIdParamsSchema,
  PropertyMergePatchSchema,
  PUBLISH_REQUIRED_FIELDS,
  RENT_REQUIRED_FIELDS,
  SavePropertyBodySchema,
  SetPropertyStateBodySchema,
} from '@estately/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { currentUser } from '../../plugins/app/authentication.ts';
import { getProperty } from './get-property.ts';
import { listOwnProperties } from './list-own-properties.ts';
import { requireId } from './load-own-property.ts';
import { patchProperty } from './patch-property.ts';
import { saveProperty } from './save-property.ts';
import { setPropertyState } from './set-property-state.ts';

const TAGS = ['properties'];
const AUTH_NOTE = 'Needs `Authorization: Bearer <access token>` (401 otherwise).';
const OWNER_NOTE =
  "Only the owner (or an admin) may change a property; another user's property answers 404 `not_found` like an unknown id.";
const REQUIRED_NOTE = `Publishing (state \`active\`) needs: ${PUBLISH_REQUIRED_FIELDS.map((f) => `\`${f}\``).join(', ')} (no \`price\` when \`price_variant\` is \`on_request\`; the contact needs an e-mail or a phone), and for rent offers also ${RENT_REQUIRED_FIELDS.map((f) => `\`${f}\``).join(', ')}; a floor above the total floors is refused. Missing fields answer 422 \`validation_errors\` with \`validation.required\` per field.`;
const TRANSITIONS_NOTE = Object.entries(PROPERTY_TRANSITIONS)
  .map(([from, to]) => `\`${from}\` -> ${to.map((s) => `\`${s}\``).join(', ')}`)
  .join('; ');

const errors = { 401: ErrorBodySchema, 404: ErrorBodySchema, 422: ErrorBodySchema, 500: ErrorBodySchema };

function actorOf(request: FastifyRequest) {
  const user = currentUser(request);
  return { id: user.id, isAdmin: user.isAdmin };
}

/**
 * Seller calls of spec 7 "Properties" (issue 7): create and edit properties, read one, list
 * one's own, move them through the lifecycle. Operations live one per file beside this one.
 */
const sellerPropertiesRoutes: FastifyPluginAsyncZod = async (app) => {
  // RFC 7396 bodies are JSON with their own media type; parsed here, for this plugin's routes only.
  app.addContentTypeParser('application/merge-patch+json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new AppError('bad_request'), undefined);
    }
  });

  const detail = async (propertyId: number, request: FastifyRequest) =>
    getProperty({ db: app.db, storage: app.storage, propertyId, viewer: request.user });

  app.post(
    '/v1/property/save',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Create or update a property',
        description: `Without \`id\` creates a draft owned by the caller (needs \`offer_type\`, \`property_type\`, \`country_code\`; everything else may come later). With \`id\` updates the given fields of that property. Every field of the form is optional for a draft; \`null\` clears an optional value; unknown fields are refused. Without coordinates the address is placed on its city part or city from the offline gazetteer. A price change is kept in the price history. Changing an active offer keeps it publishable (same rules as publishing) and updates the public search at once. ${REQUIRED_NOTE} ${OWNER_NOTE} ${AUTH_NOTE} Answers the owner's view of the property.`,
        body: SavePropertyBodySchema,
        response: { 200: PropertyDetailResponseSchema, ...errors },
      },
    },
    async (request) => {
      const id = await saveProperty({ db: app.db, actor: actorOf(request), body: request.body });
      return detail(id, request);
    },
  );

  app.get(
    '/properties/:id',
    {
      onRequest: app.identify,
      schema: {
        tags: TAGS,
        summary: 'A property',
        description:
          'The owner and admins get `view: "owner"`: every field in any state, photos, viewing slots, price history, the strike reason if an admin struck it, `publish_problems` (what publishing still needs), `allowed_states` and the trust score with its parts. Anyone else gets `view: "public"` for an active offer (no contact, strike or history) and 404 for drafts, paused, struck and unknown ids alike.',
        params: PropertyIdParamsSchema,
        response: { 200: PropertyDetailResponseSchema, 404: ErrorBodySchema, 500: ErrorBodySchema },
      },
    },
    async (request) => detail(requireId(request.params.id), request),
  );

  app.patch(
    '/properties/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Change a property (JSON merge patch)',
        description: `\`Content-Type: application/merge-patch+json\` (RFC 7396): members present are changed, \`null\` deletes an optional value, \`contact\` and \`flat_settings\` merge member by member, arrays replace. Same rules as POST /v1/property/save. ${OWNER_NOTE} ${AUTH_NOTE}`,
        params: PropertyIdParamsSchema,
        body: z.record(z.string(), z.unknown()),
        response: { 200: PropertyDetailResponseSchema, ...errors },
      },
    },
    async (request) => {
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
      });
      return detail(propertyId, request);
    },
  );

  app.get(
    '/my/own/properties',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: "The caller's properties",
        description: `Every property of the caller in any state (optionally one \`state\`), newest first, paged ({data, meta}); each with its state, the strike reason if struck, and statistics: detail views, current favourites, leads. ${AUTH_NOTE}`,
        querystring: MyPropertiesQuerySchema,
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
      }),
  );

  app.post(
    '/v1/properties/set-state/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Move a property through its lifecycle',
        description: `Allowed transitions: ${TRANSITIONS_NOTE}. \`sold\` only for sale offers, \`rented\` only for rent offers. Anything else answers 422 \`validation.invalid_value\` on \`state\`. Activating checks completeness (${REQUIRED_NOTE}), stamps \`activated_at\` (and \`published_at\` the first time) and makes the offer findable by search at once; leaving \`active\` removes it from public search. ${OWNER_NOTE} ${AUTH_NOTE}`,
        params: PropertyIdParamsSchema,
        body: SetPropertyStateBodySchema,
        response: { 200: PropertyDetailResponseSchema, ...errors },
      },
    },
    async (request) => {
      const propertyId = requireId(request.params.id);
      await setPropertyState({ db: app.db, actor: actorOf(request), propertyId, state: request.body.state });
      return detail(propertyId, request);
    },
  );
};

export default sellerPropertiesRoutes;
