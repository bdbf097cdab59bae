import {
  CurrencyQuerySchema,
  ErrorBodySchema,
  HiddenOfferStateSchema,
  HiddenOffersResponseSchema,
  MergedOffersSchema,
  OfferIdListBodySchema,
  OfferIdParamsSchema,
  parseOfferId,
} from '@estately/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { currentUser } from '../../plugins/app/authentication.ts';
import { hideOffer } from './hide-offer.ts';
import { listHiddenOffers } from './list-hidden-offers.ts';
import { mergeHiddenOffers } from './merge-hidden-offers.ts';
import { showOffer } from './show-offer.ts';

const TAGS = ['hidden-offers'];
const authErrors = { 401: ErrorBodySchema, 500: ErrorBodySchema };

function offerId(value: string): number {
  const id = parseOfferId(value);
  if (id === null) throw new AppError('not_found');
  return id;
}

/**
 * "Hide this offer" of a signed-in user (issue 44 point 6, decision 072). A hidden offer is left
 * out of the user's searches (GET /public/offers, /facets, /map with the bearer token) and of
 * their saved searches' alerts until they show it again. Guests keep theirs in the browser and
 * send them with each search as `hidden`.
 */
const hiddenOffersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/hidden_offers',
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: "The user's hidden offers",
        description:
          'Every offer the signed-in user hid, newest first; `offer` is the card (prices in `currency`, default CZK) while the offer is public, else null. Not paged: an account holds at most 1,000.',
        querystring: CurrencyQuerySchema,
        response: { 200: HiddenOffersResponseSchema, 422: ErrorBodySchema, ...authErrors },
      },
    },
    async (request) =>
      listHiddenOffers({
        db: app.db,
        userId: currentUser(request).id,
        storage: app.storage,
        currency: request.query.currency,
      }),
  );

  app.post(
    '/user/hidden_offers',
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: "Add a browser's hidden offers to the account",
        description:
          'Body `{"offer_ids": [3, 2, 1]}`, newest first, at most 100: what the browser hid as a guest, merged at sign-in. Unknown ids are skipped; past the account cap of 1,000 the oldest of the list are left out. Idempotent.',
        body: OfferIdListBodySchema,
        response: { 200: MergedOffersSchema, 422: ErrorBodySchema, ...authErrors },
      },
    },
    async (request) =>
      mergeHiddenOffers({ db: app.db, userId: currentUser(request).id, offerIds: request.body.offer_ids }),
  );

  app.post(
    '/user/hidden_offers/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Hide an offer',
        description:
          "Idempotent. The offer disappears from the caller's searches, map, facet counts and alerts. Unknown ids answer 404 `not_found`; the 1,001st hidden offer 422 (`offer_id`: `validation.too_large`).",
        params: OfferIdParamsSchema,
        response: { 200: HiddenOfferStateSchema, 404: ErrorBodySchema, 422: ErrorBodySchema, ...authErrors },
      },
    },
    async (request) => {
      const id = offerId(request.params.id);
      await hideOffer({ db: app.db, userId: currentUser(request).id, offerId: id });
      return { offer_id: id, hidden: true };
    },
  );

  app.delete(
    '/user/hidden_offers/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Show a hidden offer again',
        description: 'Idempotent: an offer that is not hidden answers 200 with `hidden: false` too.',
        params: OfferIdParamsSchema,
        response: { 200: HiddenOfferStateSchema, 404: ErrorBodySchema, ...authErrors },
      },
    },
    async (request) => {
      const id = offerId(request.params.id);
      await showOffer({ db: app.db, userId: currentUser(request).id, offerId: id });
      return { offer_id: id, hidden: false };
    },
  );
};

export default hiddenOffersRoutes;
