import {
  BuyerLeadThreadListSchema,
  BuyerLeadThreadsQuerySchema,
  ErrorBodySchema,
  LEAD_REPLY_MAX,
  LEAD_THREAD_REPLY_LIMITS,
  LEAD_THREAD_SELLER_REPLY_LIMIT,
  LeadReplyBodySchema,
  LeadReplyRateSchema,
  LeadThreadIdParamsSchema,
  LeadThreadListSchema,
  LeadThreadSchema,
  LeadThreadsQuerySchema,
  LeadThreadTokenParamsSchema,
  LeadUnreadSchema,
  PublicLeadThreadSchema,
  UpdateLeadThreadBodySchema,
} from '@estately/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rowIdOf } from '../../lib/row-id.ts';
import { currentUser } from '../../plugins/app/authentication.ts';
import { enforceRateLimits } from '../../plugins/app/rate-limiter.ts';
import { budgetAddress } from '../../plugins/app/visitor.ts';
import { hashSecretToken } from '../auth/secret-token.ts';
import { countUnreadLeads } from './count-unread-leads.ts';
import { getLeadThread } from './get-lead-thread.ts';
import { leadReplyRate } from './lead-reply-rate.ts';
import { listBuyerLeadThreads } from './list-buyer-lead-threads.ts';
import { listLeadThreads } from './list-lead-threads.ts';
import { answerLeadThread, getPublicLeadThread } from './public-lead-thread.ts';
import { replyToLeadThread } from './reply-to-lead-thread.ts';
import { updateLeadThread } from './update-lead-thread.ts';

const TAGS = ['leads'];
const authErrors = { 401: ErrorBodySchema, 500: ErrorBodySchema };

/**
 * Leads as conversations (issue 38 point 10): the seller's threads (bearer token, own threads
 * only; anyone else's answers 404) and the buyer's side through the e-mail link's token.
 */
const leadThreadRoutes: FastifyPluginAsyncZod = async (app) => {
  const webOrigin = app.config.publicWebUrl;

  app.get(
    '/lead_threads',
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Conversations about my offers',
        description:
          "One thread per offer and buyer (the buyer's account when signed in, else their e-mail), newest activity first, 20 a page by default, each with the offer, the buyer's contact, status (`new`, `answered`, `viewing_booked`, `closed`), unread count and last message. `status` keeps one status. `unread` carries the caller's totals over all threads.",
        querystring: LeadThreadsQuerySchema,
        response: { 200: LeadThreadListSchema, 422: ErrorBodySchema, ...authErrors },
      },
    },
    async (request) =>
      listLeadThreads({
        db: app.db,
        ownerId: currentUser(request).id,
        page: request.query.page,
        perPage: request.query.per_page,
        status: request.query.status,
      }),
  );

  app.get(
    '/lead_threads/unread',
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Unread buyer messages',
        description:
          "The buyers' messages the caller has not read yet, and in how many threads (the navigation's badge).",
        response: { 200: LeadUnreadSchema, ...authErrors },
      },
    },
    async (request) => countUnreadLeads({ db: app.db, ownerId: currentUser(request).id }),
  );

  app.get(
    '/lead_threads/reply_rate',
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'My reply figures',
        description:
          "Of the caller's threads: how many were answered in the product, the share, and the median seconds from the buyer's first message to the first reply.",
        response: { 200: LeadReplyRateSchema, ...authErrors },
      },
    },
    async (request) => leadReplyRate({ db: app.db, ownerId: currentUser(request).id }),
  );

  app.get(
    '/lead_threads/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'One conversation',
        description: "The thread with its messages, oldest first. Another owner's thread answers 404.",
        params: LeadThreadIdParamsSchema,
        response: { 200: LeadThreadSchema, 404: ErrorBodySchema, ...authErrors },
      },
    },
    async (request) =>
      getLeadThread({ db: app.db, ownerId: currentUser(request).id, id: rowIdOf(request.params.id) }),
  );

  app.post(
    '/lead_threads/:id/messages',
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Reply to a buyer',
        description: `Body \`{"body": "..."}\` (plain text, 1..${LEAD_REPLY_MAX} characters). Stores the reply, marks the buyer's messages read, sets a new thread \`answered\` and queues the \`lead_reply\` e-mail to the buyer in the language they wrote in, with a link to read and answer without an account, all in one transaction. ${LEAD_THREAD_SELLER_REPLY_LIMIT.max} replies an hour per seller, beyond that 429 with Retry-After. Another owner's thread answers 404.`,
        params: LeadThreadIdParamsSchema,
        body: LeadReplyBodySchema,
        response: {
          201: LeadThreadSchema,
          404: ErrorBodySchema,
          422: ErrorBodySchema,
          429: ErrorBodySchema,
          ...authErrors,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const id = rowIdOf(request.params.id);
      await enforceRateLimits(app.rateLimiter, reply, [
        { key: `lead_threads.reply:${user.id}`, rule: LEAD_THREAD_SELLER_REPLY_LIMIT },
      ]);
      const thread = await replyToLeadThread({
        db: app.db,
        ownerId: user.id,
        id,
        body: request.body.body,
        webOrigin,
      });
      return reply.code(201).send(thread);
    },
  );

  app.patch(
    '/lead_threads/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Set a conversation’s status or read mark',
        description:
          'Body `{"status"?: "viewing_booked" | "closed" | "open", "read"?: boolean}`: `open` takes a closed thread back to `answered` (or `new` when never answered); `read: true` marks the buyer\'s messages read, `read: false` the latest unread again. Another owner\'s thread answers 404.',
        params: LeadThreadIdParamsSchema,
        body: UpdateLeadThreadBodySchema,
        response: { 200: LeadThreadSchema, 404: ErrorBodySchema, 422: ErrorBodySchema, ...authErrors },
      },
    },
    async (request) =>
      updateLeadThread({
        db: app.db,
        ownerId: currentUser(request).id,
        id: rowIdOf(request.params.id),
        input: request.body,
      }),
  );

  app.get(
    '/user/lead_threads',
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'My conversations with sellers',
        description:
          "The conversations the caller started while signed in, newest activity first, with the offer, the seller's name, the status and the seller's messages not read yet. A guest's threads are reached through the e-mail links.",
        querystring: BuyerLeadThreadsQuerySchema,
        response: { 200: BuyerLeadThreadListSchema, 422: ErrorBodySchema, ...authErrors },
      },
    },
    async (request) =>
      listBuyerLeadThreads({
        db: app.db,
        buyerUserId: currentUser(request).id,
        page: request.query.page,
        perPage: request.query.per_page,
      }),
  );

  app.get(
    '/user/lead_threads/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'One of my conversations with a seller',
        description:
          "As GET /public/lead_threads/{token}, for the signed-in buyer's own thread; opening it marks the seller's messages read. Anyone else's thread answers 404.",
        params: LeadThreadIdParamsSchema,
        response: { 200: PublicLeadThreadSchema, 404: ErrorBodySchema, ...authErrors },
      },
    },
    async (request) =>
      getPublicLeadThread({
        db: app.db,
        access: { threadId: rowIdOf(request.params.id), buyerUserId: currentUser(request).id },
      }),
  );

  app.post(
    '/user/lead_threads/:id/messages',
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Answer a seller, signed in',
        description: `As POST /public/lead_threads/{token}/messages, for the signed-in buyer's own thread (plain text, 1..${LEAD_REPLY_MAX} characters; the \`lead_answer\` e-mail to the seller queued in the same transaction). ${LEAD_THREAD_REPLY_LIMITS.perThread.max} answers an hour per thread, beyond that 429 with Retry-After. Anyone else's thread answers 404.`,
        params: LeadThreadIdParamsSchema,
        body: LeadReplyBodySchema,
        response: {
          201: PublicLeadThreadSchema,
          404: ErrorBodySchema,
          422: ErrorBodySchema,
          429: ErrorBodySchema,
          ...authErrors,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const id = rowIdOf(request.params.id);
      await enforceRateLimits(app.rateLimiter, reply, [
        { key: `lead_threads.answer:user:${user.id}:${id}`, rule: LEAD_THREAD_REPLY_LIMITS.perThread },
      ]);
      const thread = await answerLeadThread({
        db: app.db,
        access: { threadId: id, buyerUserId: user.id },
        body: request.body.body,
        webOrigin,
      });
      return reply.code(201).send(thread);
    },
  );

  app.get(
    '/public/lead_threads/:token',
    {
      schema: {
        tags: TAGS,
        summary: 'A conversation, for the buyer',
        description:
          "The buyer's view of a thread through the link of a reply e-mail: the offer, the seller's name and the messages. Opening it marks the seller's messages read. The token is the only key (43 random characters, stored hashed); one that opens nothing answers 404.",
        params: LeadThreadTokenParamsSchema,
        response: { 200: PublicLeadThreadSchema, 404: ErrorBodySchema, 500: ErrorBodySchema },
      },
    },
    async (request) => getPublicLeadThread({ db: app.db, access: { token: request.params.token } }),
  );

  app.post(
    '/public/lead_threads/:token/messages',
    {
      schema: {
        tags: TAGS,
        summary: 'Answer the seller, as the buyer',
        description: `Body \`{"body": "..."}\` (plain text, 1..${LEAD_REPLY_MAX} characters). Stores the buyer's answer, reopens a closed thread and queues the \`lead_answer\` e-mail to the seller in one transaction; the seller's unread count grows by one. ${LEAD_THREAD_REPLY_LIMITS.perAddress.max} answers per ${LEAD_THREAD_REPLY_LIMITS.perAddress.windowMs / 60_000} minutes per client address and ${LEAD_THREAD_REPLY_LIMITS.perThread.max} an hour per link, every attempt counted; beyond them 429 with Retry-After. A token that opens nothing answers 404.`,
        params: LeadThreadTokenParamsSchema,
        body: LeadReplyBodySchema,
        response: {
          201: PublicLeadThreadSchema,
          404: ErrorBodySchema,
          422: ErrorBodySchema,
          429: ErrorBodySchema,
          500: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      await enforceRateLimits(app.rateLimiter, reply, [
        {
          key: `lead_threads.answer:ip:${budgetAddress(request.visitor.address)}`,
          rule: LEAD_THREAD_REPLY_LIMITS.perAddress,
        },
        {
          key: `lead_threads.answer:link:${hashSecretToken(request.params.token)}`,
          rule: LEAD_THREAD_REPLY_LIMITS.perThread,
        },
      ]);
      const thread = await answerLeadThread({
        db: app.db,
        access: { token: request.params.token },
        body: request.body.body,
        webOrigin,
      });
      return reply.code(201).send(thread);
    },
  );
};

export default leadThreadRoutes;
