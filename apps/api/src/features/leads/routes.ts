import {
  CreateLeadBodySchema,
  ErrorBodySchema,
  LEAD_LIMITS,
  LeadIdParamsSchema,
  LeadListSchema,
  LeadSchema,
  LeadsQuerySchema,
  UpdateLeadBodySchema,
} from '@estately/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IDEMPOTENCY_DOC, idempotencyKeyOf, respondIdempotently } from '../../lib/idempotency.ts';
import { checkAll, recordAll } from '../../lib/rate-limit-store.ts';
import { rowIdOf } from '../../lib/row-id.ts';
import { currentUser } from '../../plugins/app/authentication.ts';
import { refusalAnswer } from '../../plugins/app/rate-limiter.ts';
import { createLead } from './create-lead.ts';
import { listLeads } from './list-leads.ts';
import { markLeadRead } from './mark-lead-read.ts';

const TAGS = ['leads'];
const authErrors = { 401: ErrorBodySchema, 500: ErrorBodySchema };

/**
 * Leads (spec 7 POST and GET /leads; fields designed here): contact requests sent by
 * signed-in users, and the inbox of leads received on the caller's offers, including the
 * messages visitors send through POST /public/offers/{id}/offer_message. Bearer token required.
 */
const leadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const webOrigin = app.config.publicWebUrl;

  app.post(
    '/leads',
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Send a contact request about an offer',
        description: `Body \`{"offer_id": 123, "message": "...", "phone"?: "+420 ..."}\`. Stores a lead (source \`form\`) for the offer's owner with the sender's account name and contact e-mail, and queues the \`offer_message\` e-mail to the seller in the same transaction. 404 for an offer that is not public; 422 \`leads.own_offer\` for one's own offer; ${LEAD_LIMITS.perSender.max} requests per hour per user and ${LEAD_LIMITS.perSenderAndOffer.max} per offer, beyond them 429 with Retry-After.\n\n${IDEMPOTENCY_DOC} A replay does not count against the limits.`,
        headers: z.looseObject({
          'idempotency-key': z
            .string()
            .optional()
            .describe('A unique key per attempted request (e.g. a UUID)'),
        }),
        body: CreateLeadBodySchema,
        response: {
          201: LeadSchema,
          404: ErrorBodySchema,
          422: ErrorBodySchema,
          429: ErrorBodySchema,
          ...authErrors,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      // Counted once a lead was stored, against the sender's budget and the one per offer.
      const budgets = [
        { key: `leads.sender:${user.id}`, rule: LEAD_LIMITS.perSender },
        { key: `leads.offer:${user.id}:${request.body.offer_id}`, rule: LEAD_LIMITS.perSenderAndOffer },
      ];
      const key = idempotencyKeyOf(request);
      return respondIdempotently(reply, {
        db: app.db,
        call: key === null ? null : { userId: user.id, route: 'POST /leads', key, request: request.body },
        admit: async () => refusalAnswer(await checkAll(app.rateLimiter, budgets)),
        create: async (db) => ({
          statusCode: 201,
          body: await createLead({ db, userId: user.id, input: request.body, webOrigin }),
        }),
        afterCreate: () => recordAll(app.rateLimiter, budgets),
      });
    },
  );

  app.get(
    '/leads',
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Leads received on my offers',
        description:
          "Messages, tour and contact requests received on the caller's properties, newest first, 20 a page by default, with the property and the sender's contact (name, e-mail, phone, account id when signed in). `unread=1` keeps leads not read yet; `sort=unread_first` lists them first. Meta as spec 3.",
        querystring: LeadsQuerySchema,
        response: { 200: LeadListSchema, 422: ErrorBodySchema, ...authErrors },
      },
    },
    async (request) =>
      listLeads({
        db: app.db,
        ownerId: currentUser(request).id,
        page: request.query.page,
        perPage: request.query.per_page,
        unreadOnly: request.query.unread,
        unreadFirst: request.query.sort === 'unread_first',
      }),
  );

  app.patch(
    '/leads/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Mark a lead read or unread',
        description:
          'Body `{"read": true}` marks a received lead read (and its messages), `{"read": false}` unread again. Only the receiving owner may: any other lead answers 404.',
        params: LeadIdParamsSchema,
        body: UpdateLeadBodySchema,
        response: { 200: LeadSchema, 404: ErrorBodySchema, 422: ErrorBodySchema, ...authErrors },
      },
    },
    async (request) =>
      markLeadRead({
        db: app.db,
        ownerId: currentUser(request).id,
        id: rowIdOf(request.params.id),
        read: request.body.read,
      }),
  );
};

export default leadsRoutes;
