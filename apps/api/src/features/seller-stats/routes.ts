import {
  ErrorBodySchema,
  OfferStatsParamsSchema,
  OfferStatsQuerySchema,
  OfferStatsResponseSchema,
  SELLER_STATS_DAYS,
  SellerStatsResponseSchema,
} from '@estately/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rowIdOf } from '../../lib/row-id.ts';
import { currentUser } from '../../plugins/app/authentication.ts';
import { getOfferStats } from './get-offer-stats.ts';
import { listSellerStats } from './list-seller-stats.ts';

const TAGS = ['seller-stats'];
const authErrors = { 401: ErrorBodySchema, 500: ErrorBodySchema };
const COUNTS = `\`views\` are detail views (the offer's page opened; appearances in result lists are not counted) and \`contact_views\` contact reveals (the seller's phone and e-mail shown), each counted once per visitor and offer in 3 hours, \`favorites_added\` favourites added, \`leads\` messages and contact or tour requests received; days are UTC, the window the last ${SELLER_STATS_DAYS} days including today unless told.`;

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
        description: `One entry per day of the window (\`days\`: 7, 30 or 90), oldest first, zero days included, and the totals. ${COUNTS}\n\n\`position\` compares the offer's views per day (views in the window over the days it was listed in it) with the median of comparable offers: other public offers of the same offer and property type in the same country and city, priced within 0.7x to 1.3x of its CZK price (any price when its price is on request), the newest 2,000 at most; with fewer than \`min_comparables\` the median is null (\`too_few\`), and an offer never published has none (\`unpublished\`). Another user's property, or an unknown id, answers 404.`,
        params: OfferStatsParamsSchema,
        querystring: OfferStatsQuerySchema,
        response: { 200: OfferStatsResponseSchema, 404: ErrorBodySchema, ...authErrors },
      },
    },
    async (request) => {
      const id = rowIdOf(request.params.id);
      return getOfferStats({
        db: app.db,
        ownerId: currentUser(request).id,
        id,
        days: request.query.days === undefined ? undefined : Number(request.query.days),
      });
    },
  );
};

export default sellerStatsRoutes;
