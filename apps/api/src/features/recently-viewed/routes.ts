import {
  CurrencyQuerySchema,
  ErrorBodySchema,
  MergedOffersSchema,
  OfferCardsQuerySchema,
  OfferCardsResponseSchema,
  OfferIdListBodySchema,
} from '@estately/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/app/authentication.ts';
import { listOfferCards } from './list-offer-cards.ts';
import { listRecentlyViewed } from './list-recently-viewed.ts';
import { recordRecentlyViewed } from './record-recently-viewed.ts';

const TAGS = ['recently-viewed'];
const authErrors = { 401: ErrorBodySchema, 500: ErrorBodySchema };

/**
 * Recently viewed offers (issue 44 point 6, decision 072): a signed-in user's are recorded here
 * when an offer page is opened and merged from the browser at sign-in; a guest's stay in the
 * browser, whose cards GET /public/offers/cards gives.
 */
const recentlyViewedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/recently_viewed',
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Offers the user opened lately',
        description:
          'Cards of the public offers whose pages the signed-in user opened, newest first, at most 20; prices in `currency` (default CZK).',
        querystring: CurrencyQuerySchema,
        response: { 200: OfferCardsResponseSchema, 422: ErrorBodySchema, ...authErrors },
      },
    },
    async (request) =>
      listRecentlyViewed({
        db: app.db,
        userId: currentUser(request).id,
        storage: app.storage,
        currency: request.query.currency,
      }),
  );

  app.post(
    '/user/recently_viewed',
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Record viewed offers',
        description:
          'Body `{"offer_ids": [5, 4]}`, newest first: one id when an offer page is opened, the browser\'s list at sign-in. An offer seen again moves to the top; the newest 20 are kept; unknown ids are skipped.',
        body: OfferIdListBodySchema,
        response: { 200: MergedOffersSchema, 422: ErrorBodySchema, ...authErrors },
      },
    },
    async (request) =>
      recordRecentlyViewed({ db: app.db, userId: currentUser(request).id, offerIds: request.body.offer_ids }),
  );

  app.get(
    '/public/offers/cards',
    {
      schema: {
        tags: TAGS,
        summary: 'Cards of a list of offers',
        description:
          "The cards of the offers named by `ids` (dot- or comma-separated, 1..100) in that order, prices in `currency`; offers that are not public are left out. For the lists a guest's browser keeps (recently viewed, hidden offers).",
        querystring: OfferCardsQuerySchema,
        response: { 200: OfferCardsResponseSchema, 422: ErrorBodySchema, 500: ErrorBodySchema },
      },
    },
    async (request) =>
      listOfferCards({
        db: request.readDb,
        ids: request.query.ids,
        storage: app.storage,
        currency: request.query.currency,
      }),
  );
};

export default recentlyViewedRoutes;
