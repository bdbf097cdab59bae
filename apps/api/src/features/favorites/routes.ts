import {
  ErrorBodySchema,
  FavoriteOfferIdsResponseSchema,
  FavoriteOffersQuerySchema,
  FavoriteOffersResponseSchema,
  FavoritePropertiesResponseSchema,
  FavoritePropertyBodySchema,
  FavoritePropertyStateSchema,
  FavoriteStateSchema,
  OfferIdParamsSchema,
  parseOfferId,
} from '@estately/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { currentUser } from '../../plugins/app/authentication.ts';
import { addFavorite } from './add-favorite.ts';
import { listFavoriteOfferIds } from './list-favorite-offer-ids.ts';
import { listFavoriteOffers } from './list-favorite-offers.ts';
import { listFavoriteProperties } from './list-favorite-properties.ts';
import { removeFavorite } from './remove-favorite.ts';

const TAGS = ['favorites'];
// Every route here needs `Authorization: Bearer <access token>` (401 without).
const authErrors = { 401: ErrorBodySchema, 500: ErrorBodySchema };

function offerId(value: string): number {
  const id = parseOfferId(value);
  if (id === null) throw new AppError('not_found');
  return id;
}

/**
 * Favourites of the signed-in user (spec 7 "Favourites" and /my/favorite/properties). Both
 * families work on the same rows (offer id == property id); every call sees only the caller's.
 */
const favoritesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/favorite_offers/ids',
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: "Ids of the user's favourite offers",
        description:
          'Ids of the public offers the signed-in user has favourited, newest favourite first (loaded on start to mark favourites, spec 1). Favourites of paused or struck offers are kept and come back when the offer does.',
        response: { 200: FavoriteOfferIdsResponseSchema, ...authErrors },
      },
    },
    async (request) => ({
      data: await listFavoriteOfferIds({ db: app.db, userId: currentUser(request).id }),
    }),
  );

  app.get(
    '/user/favorite_offers',
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: "The user's favourite offers, paged",
        description:
          'Public favourite offers of the signed-in user, newest favourite first, 10 a page by default (spec 9), optionally of one `offer_type`. Each item holds the offer card as GET /public/offers returns it, prices in `currency` (default CZK); `meta` as spec 3.',
        querystring: FavoriteOffersQuerySchema,
        response: { 200: FavoriteOffersResponseSchema, 422: ErrorBodySchema, ...authErrors },
      },
    },
    async (request) =>
      listFavoriteOffers({
        db: app.db,
        userId: currentUser(request).id,
        storage: app.storage,
        page: request.query.page,
        perPage: request.query.per_page,
        offerType: request.query.offer_type,
        currency: request.query.currency,
      }),
  );

  app.post(
    '/user/offers/:id/favorite_offer',
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Add an offer to favourites',
        description:
          'Idempotent: adding an offer that is already a favourite answers 200 as well and keeps one row. Unknown, inactive and struck offers answer 404 `not_found`.',
        params: OfferIdParamsSchema,
        response: { 200: FavoriteStateSchema, 404: ErrorBodySchema, ...authErrors },
      },
    },
    async (request) => {
      const id = offerId(request.params.id);
      await addFavorite({ db: app.db, userId: currentUser(request).id, offerId: id });
      return { offer_id: id, favorite: true };
    },
  );

  app.delete(
    '/user/offers/:id/favorite_offer',
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Remove an offer from favourites',
        description:
          'Idempotent: removing an offer that is not a favourite (or does not exist) answers 200 with `favorite: false` too.',
        params: OfferIdParamsSchema,
        response: { 200: FavoriteStateSchema, 404: ErrorBodySchema, ...authErrors },
      },
    },
    async (request) => {
      const id = offerId(request.params.id);
      await removeFavorite({ db: app.db, userId: currentUser(request).id, offerId: id });
      return { offer_id: id, favorite: false };
    },
  );

  app.get(
    '/my/favorite/properties',
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: "The user's favourite properties",
        description:
          'Every favourite of the signed-in user by property id, newest first, including properties that are not public at the moment (`is_public: false`: paused, sold or struck). Not paged: an account holds a bounded list.',
        response: { 200: FavoritePropertiesResponseSchema, ...authErrors },
      },
    },
    async (request) => listFavoriteProperties({ db: app.db, userId: currentUser(request).id }),
  );

  app.post(
    '/my/favorite/properties',
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Add a property to favourites',
        description:
          'Body `{"property_id": 123}`. The same favourite as POST /user/offers/{id}/favorite_offer: idempotent, 404 for a property that is not public.',
        body: FavoritePropertyBodySchema,
        response: {
          200: FavoritePropertyStateSchema,
          404: ErrorBodySchema,
          422: ErrorBodySchema,
          ...authErrors,
        },
      },
    },
    async (request) => {
      const propertyId = request.body.property_id;
      await addFavorite({ db: app.db, userId: currentUser(request).id, offerId: propertyId });
      return { property_id: propertyId, favorite: true };
    },
  );

  app.delete(
    '/my/favorite/properties',
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Remove a property from favourites',
        description:
          'Body `{"property_id": 123}` (JSON, `Content-Type: application/json`). Idempotent: removing a property that is not a favourite answers 200 with `favorite: false` too.',
        body: FavoritePropertyBodySchema,
        response: { 200: FavoritePropertyStateSchema, 422: ErrorBodySchema, ...authErrors },
      },
    },
    async (request) => {
      const propertyId = request.body.property_id;
      await removeFavorite({ db: app.db, userId: currentUser(request).id, offerId: propertyId });
      return { property_id: propertyId, favorite: false };
    },
  );
};

export default favoritesRoutes;
