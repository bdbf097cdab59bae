import {
  type ApiKeyScope,
  ErrorBodySchema,
  PARTNER_LISTINGS_PAGE_SIZE,
  PartnerListingBodySchema,
  PartnerListingParamsSchema,
  PartnerListingSchema,
  PartnerListingsQuerySchema,
  PartnerListingsResponseSchema,
} from '@estately/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, isAppError } from '../../lib/app-error.ts';
import { spendRefusedKey } from '../../plugins/app/rate-limiter.ts';
import { authenticatePartnerKey, type PartnerCaller } from './authenticate-partner-key.ts';
import { getPartnerListing } from './get-partner-listing.ts';
import { listPartnerListings } from './list-partner-listings.ts';
import type { PartnerViewContext } from './partner-listing-view.ts';
import { putPartnerListing } from './put-partner-listing.ts';
import { withdrawPartnerListing } from './withdraw-partner-listing.ts';

const TAGS = ['partner'];
const KEY_NOTE =
  'Needs `Authorization: Bearer est_...`, an API key of a company account (POST /users/me/api-keys); access tokens and cookies are not accepted here. No key, an unknown or a revoked key answers 401 `partner.error.invalid_key` on `authorization`; a key without the call’s scope 403 `partner.error.scope`; a key of an account that is no longer a company’s 403 `company.error.company_only`.';
const budgetNote = (max: number) =>
  max > 0
    ? `Each key may make ${max} calls a minute (its own budget, not shared with the company's other keys); beyond, 429 \`too_many_requests\` with \`Retry-After\` in seconds. Refused keys are counted against the caller's address.`
    : 'Calls are not rate-limited on this server.';
const FIELDS_NOTE =
  'The body holds the property fields of POST /v1/property/save (snake_case, the same values and limits) and `photos`: up to 30 `{url, title?}` (http or https, the first is the cover). The listing is published, so it needs what publishing needs (the required fields and at least one photo). Unknown fields and invalid values answer 422 `validation_errors` with message keys by field, exactly as POST /v1/property/save, and nothing is written.';

const errors = { 401: ErrorBodySchema, 403: ErrorBodySchema, 429: ErrorBodySchema, 500: ErrorBodySchema };

/**
 * The partner API (issue 42, docs/partner-api.md): a company's own software creates, updates,
 * withdraws and lists its listings by its own ids, authenticated by an API key with scopes and
 * rate-limited per key. Listings go through the feed sync, as a feed file's do.
 */
const partnerApiRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  app.decorateRequest('partner', null);

  // In onRequest, before the body is read: a caller without a valid key learns nothing of the
  // call's field rules, and a guessed key costs one indexed lookup (and its address's budget).
  const requireKey = (scope: ApiKeyScope) => async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      request.partner = await authenticatePartnerKey(app.db, request.headers.authorization, scope);
    } catch (error) {
      if (isAppError(error) && error.statusCode === 401) {
        reply.header('www-authenticate', 'Bearer realm="partner"');
        await spendRefusedKey(app, request);
      }
      throw error;
    }
  };
  const context = (request: FastifyRequest): PartnerViewContext => {
    if (!request.partner) throw new AppError('unauthorized');
    return { publicWebUrl: config.publicWebUrl, caller: request.partner };
  };
  const writes = (request: FastifyRequest, externalId: string) => ({
    db: app.db,
    storage: app.storage,
    context: context(request),
    allowedNetworks: config.feedAllowedNetworks,
    limits: config.accountLimits,
    externalId,
    onCleanupError: (error: unknown, key: string) =>
      request.log.warn({ err: error, key }, 'media file not deleted'),
  });
  const route = { config: { partnerApi: true } } as const;
  const security = [{ partnerKey: [] }];
  const BUDGET_NOTE = budgetNote(config.rateLimitMax);

  app.put(
    '/v1/partner/listings/:externalId',
    {
      ...route,
      onRequest: requireKey('listings:write'),
      schema: {
        tags: TAGS,
        summary: 'Create or update a listing',
        description: `Creates the listing \`{externalId}\` (your own id: 1 to 100 letters, digits and \`._-/\`) and publishes it (201), or replaces it with this version (200): fields left out are cleared, as a feed describes the whole listing. A price change is kept in the offer's price history. The same body again changes nothing. Photos are fetched, checked and resized by our worker: while it works, \`photos_pending\` counts them and the change is applied with them (seconds to minutes); photos fetched before are not fetched again, so a change that keeps its photos applies at once. A photo that cannot be taken is reported in \`problems\` (GET) and the listing keeps its others. A withdrawn listing sent again is published again. ${FIELDS_NOTE} Scope \`listings:write\`. ${KEY_NOTE} ${BUDGET_NOTE}`,
        security,
        params: PartnerListingParamsSchema,
        body: PartnerListingBodySchema,
        response: { 200: PartnerListingSchema, 201: PartnerListingSchema, ...errors, 422: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const result = await putPartnerListing({
        ...writes(request, request.params.externalId),
        body: request.body,
      });
      return reply.code(result.created ? 201 : 200).send(result.listing);
    },
  );

  app.get(
    '/v1/partner/listings/:externalId',
    {
      ...route,
      onRequest: requireKey('listings:read'),
      schema: {
        tags: TAGS,
        summary: 'A listing',
        description: `The listing \`{externalId}\`: its state (\`active\`, \`withdrawn\`), the property it wrote and the public offer's address while active, photos still being fetched, and the problems of its last version (photos that could not be taken). An id the company never sent answers 404 \`not_found\`. Scope \`listings:read\`. ${KEY_NOTE} ${BUDGET_NOTE}`,
        security,
        params: PartnerListingParamsSchema,
        response: { 200: PartnerListingSchema, ...errors, 404: ErrorBodySchema, 422: ErrorBodySchema },
      },
    },
    async (request) =>
      getPartnerListing({ db: app.db, context: context(request), externalId: request.params.externalId }),
  );

  app.delete(
    '/v1/partner/listings/:externalId',
    {
      ...route,
      onRequest: requireKey('listings:write'),
      schema: {
        tags: TAGS,
        summary: 'Withdraw a listing',
        description: `Takes the offer down (it leaves search; it is never deleted) and answers the listing with \`state: "withdrawn"\`. A PUT brings it back. Withdrawing it again changes nothing. An id the company never sent answers 404 \`not_found\`. Scope \`listings:write\`. ${KEY_NOTE} ${BUDGET_NOTE}`,
        security,
        params: PartnerListingParamsSchema,
        response: { 200: PartnerListingSchema, ...errors, 404: ErrorBodySchema, 422: ErrorBodySchema },
      },
    },
    async (request) => withdrawPartnerListing(writes(request, request.params.externalId)),
  );

  app.get(
    '/v1/partner/listings',
    {
      ...route,
      onRequest: requireKey('listings:read'),
      schema: {
        tags: TAGS,
        summary: 'The company’s listings',
        description: `Every listing the company sent through the API, active and withdrawn, in the order they were first sent, ${PARTNER_LISTINGS_PAGE_SIZE} a page by default (\`page\`, \`per_page\`; \`meta\` as the other paged lists). A listing whose first version is still with the worker appears once it is applied. Scope \`listings:read\`. ${KEY_NOTE} ${BUDGET_NOTE}`,
        security,
        querystring: PartnerListingsQuerySchema,
        response: { 200: PartnerListingsResponseSchema, ...errors, 422: ErrorBodySchema },
      },
    },
    async (request) =>
      listPartnerListings({
        db: app.db,
        context: context(request),
        page: request.query.page ?? 1,
        perPage: request.query.per_page ?? PARTNER_LISTINGS_PAGE_SIZE,
      }),
  );
};

export default partnerApiRoutes;

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key and company of a partner API call (features/partner-api), else null. */
    partner: PartnerCaller | null;
  }
}
