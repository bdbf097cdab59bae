import {
  ErrorBodySchema,
  ScamFlagActionBodySchema,
  ScamFlagActionParamsSchema,
  ScamFlagItemSchema,
  ScamFlagsQuerySchema,
  ScamFlagsResponseSchema,
} from '@estately/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_ERRORS, ADMIN_NOTE } from '../../lib/admin-route-docs.ts';
import { rowIdOf } from '../../lib/row-id.ts';
import { currentUser } from '../../plugins/app/authentication.ts';
import { decideScamFlag } from './decide-scam-flag.ts';
import { listScamFlags } from './list-scam-flags.ts';

const TAGS = ['moderation'];
const errors = ADMIN_ERRORS;

/** The scam review queue (issue 43 point 4, docs/decisions/067). */
const scamFlagsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/scam-flags',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: TAGS,
        summary: 'The scam review queue',
        description: `Offers and messages the scam rules flagged, of one \`status\` (default \`open\`), paged. Each names its reasons (a code, its weight and, for the admin, what matched: words, the price's ratio to the locality's median, the other accounts' offers with the same photos, link hosts), their summed \`score\` and whether it is \`held\` (an offer out of search, a message kept from its recipient). Open flags come held first, then by score, then oldest first. ${ADMIN_NOTE}`,
        querystring: ScamFlagsQuerySchema,
        response: { 200: ScamFlagsResponseSchema, ...errors },
      },
    },
    async (request) =>
      listScamFlags({
        db: app.db,
        status: request.query.status,
        page: request.query.page ?? 1,
        perPage: request.query.per_page ?? 25,
      }),
  );

  app.post(
    '/admin/scam-flags/:id/:action',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: TAGS,
        summary: 'Release or reject a scam flag',
        description: `\`release\`: a held offer returns to search (a strike an admin set stays), a held message reaches its recipient with its e-mail. \`reject\`: the offer is struck with \`reason\` (3..500 characters, required for an offer, shown to its owner); a message stays held. Only open flags can be decided: otherwise 409 \`conflict\`. Answers the decided flag. ${ADMIN_NOTE}`,
        params: ScamFlagActionParamsSchema,
        body: ScamFlagActionBodySchema,
        response: { 200: ScamFlagItemSchema, ...errors, 409: ErrorBodySchema },
      },
    },
    async (request) =>
      decideScamFlag({
        db: app.db,
        adminId: currentUser(request).id,
        flagId: rowIdOf(request.params.id),
        action: request.params.action,
        reason: request.body?.reason,
      }),
  );
};

export default scamFlagsRoutes;
