import {
  ErrorBodySchema,
  OfferStatsParamsSchema,
  OfferStatsResponseSchema,
  SELLER_STATS_DAYS,
  SellerStatsResponseSchema,
} from '@estately/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { currentUser } from '../../plugins/app/authentication.ts';
import { getOfferStats } from './get-offer-stats.ts';
import { listSellerStats } from './list-seller-stats.ts';

const TAGS = ['seller-stats'];
const authErrors = { 401: ErrorBodySchema, 500: ErrorBodySchema };
const COUNTS = `\`views\` are detail views counted once per visitor and offer in 3 hours, \`favorites_added\` favourites added, \`leads\` messages and contact or tour requests received; days are UTC, the window the last ${SELLER_STATS_DAYS} days including today.`;

/** Statistics of the caller's own offers (issue 6). Bearer token required. */
const sellerStatsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/my/offers/stats',
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Statistics of my offers',
        description: `Every property of the caller (any state), newest first, with its totals over the window and \`favorites\` (users who have it as a favourite now), plus the totals of all. ${COUNTS}`,
        response: { 200: SellerStatsResponseSchema, ...authErrors },
      },
    },
    async (request) => listSellerStats({ db: app.db, ownerId: currentUser(request).id }),
  );

  app.get(
    '/my/offers/:id/stats',
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Daily statistics of one of my offers',
        description: `One entry per day of the window, oldest first, zero days included, and the totals. ${COUNTS} Another user's property, or an unknown id, answers 404.`,
        params: OfferStatsParamsSchema,
        response: { 200: OfferStatsResponseSchema, 404: ErrorBodySchema, ...authErrors },
      },
    },
    async (request) => {
      if (!/^[1-9]\d{0,15}$/.test(request.params.id)) throw new AppError('not_found');
      return getOfferStats({ db: app.db, ownerId: currentUser(request).id, id: Number(request.params.id) });
    },
  );
};

export default sellerStatsRoutes;
