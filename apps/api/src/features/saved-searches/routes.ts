import {
  CreateSavedSearchBodySchema,
  ErrorBodySchema,
  FavoriteAlertsUnsubscribeResponseSchema,
  SAVED_SEARCH_ALERT_KINDS,
  SAVED_SEARCH_CREATE_LIMITS,
  SAVED_SEARCH_FREQUENCIES,
  SAVED_SEARCHES_PER_USER,
  SavedSearchIdParamsSchema,
  SavedSearchListSchema,
  SavedSearchSchema,
  UnsubscribeQuerySchema,
  UnsubscribeResponseSchema,
  UpdateSavedSearchBodySchema,
} from '@estately/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IDEMPOTENCY_DOC, idempotencyKeyOf, respondIdempotently } from '../../lib/idempotency.ts';
import { checkAll, recordAll } from '../../lib/rate-limit-store.ts';
import { rowIdOf } from '../../lib/row-id.ts';
import { currentUser } from '../../plugins/app/authentication.ts';
import { refusalAnswer } from '../../plugins/app/rate-limiter.ts';
import { createSavedSearch } from './create-saved-search.ts';
import { deleteSavedSearch } from './delete-saved-search.ts';
import { listSavedSearches } from './list-saved-searches.ts';
import { unsubscribeFavoriteAlerts } from './unsubscribe-favorite-alerts.ts';
import { unsubscribeSavedSearch } from './unsubscribe-saved-search.ts';
import { updateSavedSearch } from './update-saved-search.ts';

const TAGS = ['saved-searches'];
const authErrors = { 401: ErrorBodySchema, 500: ErrorBodySchema };
const FIELDS =
  "Fields: `name` (1..100 characters), `filters` (the filter fields of GET /public/offers as an object or a query string; paging and sort are dropped; invalid fields answer 422 keyed `filters.<field>` with the filter model's message keys), `search_path` (the localized site path it was saved from, e.g. `/cs/hledani/prodej/byty/cesko/praha?dispositions=2`), `frequency` (" +
  SAVED_SEARCH_FREQUENCIES.join(', ') +
  '; default daily), `alert_kinds` (what the e-mails report, at least one of ' +
  SAVED_SEARCH_ALERT_KINDS.join(', ') +
  "; default all), `locale` and `currency` of the alert e-mails (default: the user's preferences).";

/**
 * Saved searches (watch-dogs) of the signed-in user, spec 7 "Saved searches", and the
 * one-click unsubscribe of alert e-mails. Another user's saved search answers 404.
 */
const savedSearchesRoutes: FastifyPluginAsyncZod = async (app) => {
  // RFC 8058 one-click unsubscribe POSTs `List-Unsubscribe=One-Click` as a form; the token is
  // in the URL, so the body is accepted and ignored (only inside this plugin).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, _body, done) => done(null, {}),
  );

  app.get(
    '/saved_searches',
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: "The user's saved searches",
        description: `Every saved search of the signed-in user (at most ${SAVED_SEARCHES_PER_USER}), newest first. Requires a bearer token.`,
        response: { 200: SavedSearchListSchema, ...authErrors },
      },
    },
    async (request) => listSavedSearches({ db: app.db, userId: currentUser(request).id }),
  );

  app.post(
    '/saved_searches',
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Save a search',
        description: `Stores a watch-dog. ${FIELDS} New matches are counted from now on. At most ${SAVED_SEARCHES_PER_USER} per account: beyond that 422 with \`errors.saved_search: ["saved_searches.limit_reached"]\`. Saves are limited by rate instead (decision 070): ${SAVED_SEARCH_CREATE_LIMITS.perHour.max} an hour and ${SAVED_SEARCH_CREATE_LIMITS.perDay.max} a day per account, beyond that 429 \`too_many_requests\` with \`Retry-After\`.\n\n${IDEMPOTENCY_DOC}`,
        headers: z.looseObject({
          'idempotency-key': z.string().optional().describe('A unique key per attempted save (e.g. a UUID)'),
        }),
        body: CreateSavedSearchBodySchema,
        response: { 201: SavedSearchSchema, 422: ErrorBodySchema, 429: ErrorBodySchema, ...authErrors },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const key = idempotencyKeyOf(request);
      // Counted once a save succeeded: a refused or invalid one costs nothing.
      const budgets = [
        { key: `saved_searches.create_hour:${userId}`, rule: SAVED_SEARCH_CREATE_LIMITS.perHour },
        { key: `saved_searches.create_day:${userId}`, rule: SAVED_SEARCH_CREATE_LIMITS.perDay },
      ];
      return respondIdempotently(reply, {
        db: app.db,
        call: key === null ? null : { userId, route: 'POST /saved_searches', key, request: request.body },
        admit: async () => refusalAnswer(await checkAll(app.rateLimiter, budgets)),
        create: async (db) => ({
          statusCode: 201,
          body: await createSavedSearch({ db, userId, input: request.body }),
        }),
        afterCreate: () => recordAll(app.rateLimiter, budgets),
      });
    },
  );

  app.patch(
    '/saved_searches/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Change a saved search',
        description: `Changes the given fields of one of the caller's saved searches; another user's, or an unknown id, answers 404. ${FIELDS} \`frequency: "off"\` stops the e-mails.`,
        params: SavedSearchIdParamsSchema,
        body: UpdateSavedSearchBodySchema,
        response: { 200: SavedSearchSchema, 404: ErrorBodySchema, 422: ErrorBodySchema, ...authErrors },
      },
    },
    async (request) =>
      updateSavedSearch({
        db: app.db,
        userId: currentUser(request).id,
        id: rowIdOf(request.params.id),
        input: request.body,
      }),
  );

  app.delete(
    '/saved_searches/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Delete a saved search',
        description:
          "Deletes one of the caller's saved searches: 204. Another user's, or an unknown id, answers 404.",
        params: SavedSearchIdParamsSchema,
        response: { 204: z.null().describe('Deleted'), 404: ErrorBodySchema, ...authErrors },
      },
    },
    async (request, reply) => {
      await deleteSavedSearch({
        db: app.db,
        userId: currentUser(request).id,
        id: rowIdOf(request.params.id),
      });
      return reply.code(204).send(null);
    },
  );

  const unsubscribe = {
    tags: TAGS,
    querystring: UnsubscribeQuerySchema,
    response: { 200: UnsubscribeResponseSchema, 404: ErrorBodySchema, 500: ErrorBodySchema },
  };
  const unsubscribeHandler = async (request: { query: { token?: string | undefined } }) =>
    unsubscribeSavedSearch({ db: app.db, keys: app.config.jwt.keys, token: request.query.token });

  app.get(
    '/saved_searches/unsubscribe',
    {
      schema: {
        ...unsubscribe,
        summary: 'Unsubscribe from a saved search (link)',
        description:
          'The unsubscribe link of every alert e-mail: sets the frequency of the saved search the signed `token` names to `off`, without sign-in. Idempotent. A malformed, forged or unknown token answers 404. The token is an HMAC of the search id under a JWT_SECRETS key, so it stays valid while that key is configured.',
      },
    },
    unsubscribeHandler,
  );

  app.post(
    '/saved_searches/unsubscribe',
    {
      schema: {
        ...unsubscribe,
        summary: 'Unsubscribe from a saved search (one-click)',
        description:
          'RFC 8058 one-click unsubscribe (`List-Unsubscribe-Post: List-Unsubscribe=One-Click`, sent by mail clients as a form POST to the List-Unsubscribe URL): the same as the GET. The body is ignored.',
      },
    },
    unsubscribeHandler,
  );

  // Favourite alerts (issue 44 point 2, decision 070): the same one-click unsubscribe, for the account.
  const favoriteUnsubscribe = {
    tags: TAGS,
    querystring: UnsubscribeQuerySchema,
    response: { 200: FavoriteAlertsUnsubscribeResponseSchema, 404: ErrorBodySchema, 500: ErrorBodySchema },
  };
  const favoriteUnsubscribeHandler = async (request: { query: { token?: string | undefined } }) =>
    unsubscribeFavoriteAlerts({ db: app.db, keys: app.config.jwt.keys, token: request.query.token });

  app.get(
    '/user/favorite_alerts/unsubscribe',
    {
      schema: {
        ...favoriteUnsubscribe,
        summary: 'Unsubscribe from favourite alerts (link)',
        description:
          "The unsubscribe link of every e-mail about favourite offers' changes: turns the account's `notifyOfferUpdates` off, without sign-in (the switch of the notification settings turns it on again). Idempotent. A malformed, forged or unknown token answers 404. The token is an HMAC of the account id under a JWT_SECRETS key, with a purpose of its own: a saved search's token is refused here and this one there.",
      },
    },
    favoriteUnsubscribeHandler,
  );

  app.post(
    '/user/favorite_alerts/unsubscribe',
    {
      schema: {
        ...favoriteUnsubscribe,
        summary: 'Unsubscribe from favourite alerts (one-click)',
        description:
          'RFC 8058 one-click unsubscribe of favourite alerts, sent by mail clients as a form POST to the List-Unsubscribe URL: the same as the GET. The body is ignored.',
      },
    },
    favoriteUnsubscribeHandler,
  );
};

export default savedSearchesRoutes;
