import {
  ApiKeyIdParamsSchema,
  ApiKeyListResponseSchema,
  ApiKeySchema,
  CreateApiKeyBodySchema,
  CreatedApiKeyResponseSchema,
  ErrorBodySchema,
  FEED_LIMITS,
} from '@estately/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/app/authentication.ts';
import { requireCompanyAccount } from '../companies/company-view.ts';
import { createApiKey } from './create-api-key.ts';
import { listApiKeys } from './list-api-keys.ts';
import { revokeApiKey } from './revoke-api-key.ts';

const TAGS = ['api-keys'];
const AUTH_NOTE =
  'Needs `Authorization: Bearer <access token>`; without a valid one the answer is 401 `unauthorized` and nothing is read.';
const COMPANY_NOTE =
  'Only company accounts have API keys: a person’s account answers 403 `forbidden` with `company.error.company_only` on `account`, and nothing changes.';

const errors = { 401: ErrorBodySchema, 403: ErrorBodySchema, 500: ErrorBodySchema };

/**
 * The company's partner API keys (issue 42): list, create (the key shown once), revoke. The
 * keys authenticate the partner API (features/partner-api), never these calls.
 */
const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/me/api-keys',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'The company’s API keys',
        description: `Every partner API key of the signed-in company, newest first, revoked ones included (with \`revokedAt\`). A key shows its name, its first characters (\`prefix\`), its scopes and when it was last used (to the minute); the key itself is never shown again after its creation. ${COMPANY_NOTE} ${AUTH_NOTE}`,
        response: { 200: ApiKeyListResponseSchema, ...errors },
      },
    },
    async (request) => listApiKeys({ db: app.db, userId: currentUser(request).id }),
  );

  app.post(
    '/users/me/api-keys',
    {
      onRequest: app.authenticate,
      // A person's account is refused before its body is validated, so it learns no field rules
      // of a call it may not make (createApiKey checks again under the account's lock).
      preValidation: async (request) => {
        await requireCompanyAccount(app.db, currentUser(request).id);
      },
      schema: {
        tags: TAGS,
        summary: 'Create an API key',
        description: `A new key for the partner API with a name (1 to 100 characters) and its scopes: \`listings:read\` (read the company's listings), \`listings:write\` (create, update and withdraw them). Answers 201 with the key in \`secret\`, this once: only its hash is stored, so a lost key is revoked and replaced. At most ${FEED_LIMITS.apiKeysMax} keys that are not revoked; one more answers 422 \`validation.too_many_keys\` on \`keys\`. Any invalid field answers 422 \`validation_errors\` with message keys per field and stores nothing. ${COMPANY_NOTE} ${AUTH_NOTE}`,
        body: CreateApiKeyBodySchema,
        response: { 201: CreatedApiKeyResponseSchema, ...errors, 422: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const created = await createApiKey({
        db: app.db,
        userId: currentUser(request).id,
        input: request.body,
      });
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/users/me/api-keys/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Revoke an API key',
        description: `The key answers 401 \`partner.error.invalid_key\` from now on. It stays in the list with \`revokedAt\` and no longer counts against the ${FEED_LIMITS.apiKeysMax} keys; revoking it again changes nothing. Answers the key. Another account's key and an unknown id answer 404 \`not_found\`. ${COMPANY_NOTE} ${AUTH_NOTE}`,
        params: ApiKeyIdParamsSchema,
        response: { 200: ApiKeySchema, ...errors, 404: ErrorBodySchema },
      },
    },
    async (request) =>
      revokeApiKey({ db: app.db, userId: currentUser(request).id, keyId: request.params.id }),
  );
};

export default apiKeysRoutes;
