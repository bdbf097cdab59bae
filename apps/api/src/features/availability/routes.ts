import {
  AVAILABILITY_ASK_AFTER_DAYS,
  AVAILABILITY_UNCONFIRMED_AFTER_DAYS,
  AVAILABILITY_WITHDRAW_AFTER_DAYS,
  AvailabilityAnswerSchema,
  AvailabilityConfirmationSchema,
  AvailabilityTokenParamsSchema,
  ErrorBodySchema,
  PropertyIdParamsSchema,
} from '@estately/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/app/authentication.ts';
import { requireId } from '../seller-properties/load-own-property.ts';
import { answerAvailabilityLink, describeAvailabilityLink } from './answer-availability-link.ts';
import { confirmAvailability } from './confirm-availability.ts';

const TAGS = ['availability'];
const ABOUT = `An active offer not updated or confirmed for ${AVAILABILITY_ASK_AFTER_DAYS} days gets an e-mail to its seller with two signed links ("still available", "sold or rented"); unanswered for ${AVAILABILITY_UNCONFIRMED_AFTER_DAYS} days it shows \`not_confirmed_recently\` and sorts after confirmed offers in the default order; unanswered for ${AVAILABILITY_WITHDRAW_AFTER_DAYS} days it is withdrawn (paused) with a notice, and the links expire.`;
const linkErrors = { 404: ErrorBodySchema, 410: ErrorBodySchema, 500: ErrorBodySchema };

/** "Still available?" (issue 43 point 5, decision 065): the e-mail's links and the seller's own confirmation. */
const availabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/availability/:token',
    {
      schema: {
        tags: TAGS,
        summary: 'What an availability link does',
        description: `${ABOUT} This reads what the link \`token\` names (the offer, the answer, whether it was used, until when it works) for its landing page, without sign-in, and changes nothing. A malformed, forged or unknown token answers 404; an expired one 410 \`gone\`.`,
        params: AvailabilityTokenParamsSchema,
        response: { 200: AvailabilityAnswerSchema, ...linkErrors },
      },
    },
    async (request) =>
      describeAvailabilityLink({ db: app.db, keys: app.config.jwt.keys, token: request.params.token }),
  );

  app.post(
    '/availability/:token',
    {
      schema: {
        tags: TAGS,
        summary: 'Answer an availability question (link)',
        description: `${ABOUT} Applies the link's answer without sign-in: \`available\` confirms the offer (its clock starts again and \`not_confirmed_recently\` goes), \`sold\` marks it sold (a sale) or rented (a rent) through the lifecycle, recorded in its history. Each link works once: again answers 409 with \`errors.token: ["availability.already_used"]\`; an offer that cannot take the answer (no longer active, already sold) 409 with \`errors.state: ["availability.not_active"]\`. Forged or unknown 404, expired 410.`,
        params: AvailabilityTokenParamsSchema,
        response: { 200: AvailabilityAnswerSchema, 409: ErrorBodySchema, ...linkErrors },
      },
    },
    async (request) =>
      answerAvailabilityLink({ db: app.db, keys: app.config.jwt.keys, token: request.params.token }),
  );

  app.post(
    '/properties/:id/confirm-availability',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Confirm that an own offer is still available',
        description: `${ABOUT} The seller confirms from their own offers, as the e-mail's "still available" link does. Only the owner (or an admin); anyone else's offer answers 404. An offer that is not active answers 409 with \`errors.state: ["availability.not_active"]\`. Requires a bearer token.`,
        params: PropertyIdParamsSchema,
        response: {
          200: AvailabilityConfirmationSchema,
          401: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
          500: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return confirmAvailability({
        db: app.db,
        actor: { id: user.id, isAdmin: user.isAdmin },
        propertyId: requireId(request.params.id),
      });
    },
  );
};

export default availabilityRoutes;
