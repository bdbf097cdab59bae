import {
  ErrorBodySchema,
  LeadThreadIdParamsSchema,
  LeadThreadTokenParamsSchema,
  SELLER_RATING_STARS,
  SellerRatingBodySchema,
  ThreadRatingSchema,
} from '@estately/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rowIdOf } from '../../lib/row-id.ts';
import { currentUser } from '../../plugins/app/authentication.ts';
import { enforceRateLimits } from '../../plugins/app/rate-limiter.ts';
import { budgetAddress } from '../../plugins/app/visitor.ts';
import { getThreadRating } from './get-thread-rating.ts';
import { rateSeller } from './rate-seller.ts';

const TAGS = ['leads'];
/** Rating attempts through a link, per client address: the link is the only key. */
const RATING_LINK_LIMIT = { max: 20, windowMs: 10 * 60 * 1000 } as const;

const RATE_DESCRIPTION = `Body \`{"stars": ${SELLER_RATING_STARS.min}..${SELLER_RATING_STARS.max}}\`. The person who wrote rates the seller once per conversation, after the seller's first reply (decision 066); the seller's rating (the mean of its conversations' ratings, with their count) and the offers' \`seller_rating\` are updated in the same transaction. Before the reply, and a second time, 409 \`conflict\` (\`errors.stars\`: \`rating.awaiting_reply\` or \`rating.already_rated\`).`;

/** Seller ratings (issue 43 point 3): only the person who wrote in the conversation may rate. */
const ratingRoutes: FastifyPluginAsyncZod = async (app) => {
  const answers = { 200: ThreadRatingSchema, 404: ErrorBodySchema, 500: ErrorBodySchema };
  const rated = {
    201: ThreadRatingSchema,
    404: ErrorBodySchema,
    409: ErrorBodySchema,
    422: ErrorBodySchema,
    500: ErrorBodySchema,
  };

  app.get(
    '/user/lead_threads/:id/rating',
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'The rating of my conversation with a seller',
        description:
          "The stars the caller gave the seller in this conversation (null: none yet), whether a rating can be given now and whether the seller's reply is still awaited. Anyone else's thread answers 404.",
        params: LeadThreadIdParamsSchema,
        response: { ...answers, 401: ErrorBodySchema },
      },
    },
    async (request) =>
      getThreadRating({
        db: app.db,
        access: { threadId: rowIdOf(request.params.id), buyerUserId: currentUser(request).id },
      }),
  );

  app.post(
    '/user/lead_threads/:id/rating',
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Rate the seller of my conversation',
        description: `${RATE_DESCRIPTION} Anyone else's thread answers 404.`,
        params: LeadThreadIdParamsSchema,
        body: SellerRatingBodySchema,
        response: { ...rated, 401: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const rating = await rateSeller({
        db: app.db,
        access: { threadId: rowIdOf(request.params.id), buyerUserId: currentUser(request).id },
        stars: request.body.stars,
      });
      return reply.code(201).send(rating);
    },
  );

  app.get(
    '/public/lead_threads/:token/rating',
    {
      schema: {
        tags: TAGS,
        summary: 'The rating of a conversation, through its link',
        description:
          "As GET /user/lead_threads/{id}/rating, for the person who wrote without an account, through the link of the seller's reply e-mail. A token that opens nothing answers 404.",
        params: LeadThreadTokenParamsSchema,
        response: answers,
      },
    },
    async (request) => getThreadRating({ db: app.db, access: { token: request.params.token } }),
  );

  app.post(
    '/public/lead_threads/:token/rating',
    {
      schema: {
        tags: TAGS,
        summary: 'Rate the seller, through the conversation link',
        description: `${RATE_DESCRIPTION} ${RATING_LINK_LIMIT.max} attempts per ${RATING_LINK_LIMIT.windowMs / 60_000} minutes per client address, beyond that 429 with Retry-After. A token that opens nothing answers 404.`,
        params: LeadThreadTokenParamsSchema,
        body: SellerRatingBodySchema,
        response: { ...rated, 429: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await enforceRateLimits(app.rateLimiter, reply, [
        { key: `ratings.rate:ip:${budgetAddress(request.visitor.address)}`, rule: RATING_LINK_LIMIT },
      ]);
      const rating = await rateSeller({
        db: app.db,
        access: { token: request.params.token },
        stars: request.body.stars,
      });
      return reply.code(201).send(rating);
    },
  );
};

export default ratingRoutes;
