import {
  ErrorBodySchema,
  OFFER_MESSAGE_LIMITS,
  OFFER_REPORT_REASONS,
  OfferContactSchema,
  OfferDetailQuerySchema,
  OfferDetailSchema,
  OfferIdParamsSchema,
  OfferMessageBodySchema,
  OfferMessageResponseSchema,
  OfferReportBodySchema,
  OfferReportResponseSchema,
  OfferTranslationSchema,
  POI_DEFAULT_RADIUS_KM,
  PointsOfInterestQuerySchema,
  PointsOfInterestResponseSchema,
  PublicTourDatesResponseSchema,
  parseOfferId,
  SELLER_OFFERS_LIMIT,
  SellerOffersQuerySchema,
  SellerOffersResponseSchema,
  SIMILAR_OFFERS_LIMIT,
  SimilarOffersQuerySchema,
  SimilarOffersResponseSchema,
  type TranslationService,
  TranslationServiceSchema,
} from '@estately/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DAY_MS } from '../../lib/account-limits.ts';
import { IDEMPOTENCY_DOC, idempotencyKeyOf, respondIdempotently } from '../../lib/idempotency.ts';
import { hitAll } from '../../lib/rate-limit-store.ts';
import { enforceRateLimits, refusalAnswer } from '../../plugins/app/rate-limiter.ts';
import { budgetAddress } from '../../plugins/app/visitor.ts';
import { OfferCountCache } from '../search/count-cache.ts';
import { sendEncoded, trustedSerializer } from '../search/trusted-serializer.ts';
import { negotiateLocale } from './accept-language.ts';
import { countContactReveal } from './count-offer-view.ts';
import { getOfferContact } from './get-offer-contact.ts';
import { offerDetailBody } from './get-offer-detail.ts';
import { getOfferTranslation } from './get-offer-translation.ts';
import { listOfferTourDates } from './list-offer-tour-dates.ts';
import { listPointsOfInterest } from './list-points-of-interest.ts';
import { listSellerOffers } from './list-seller-offers.ts';
import { listSimilarOffers } from './list-similar-offers.ts';
import { offerNotFound } from './public-offer.ts';
import { reportOffer } from './report-offer.ts';
import { sendOfferMessage } from './send-offer-message.ts';
import { createTranslationProvider, type TranslationProvider } from './translation-provider.ts';
import { hashAddress, STATS_TOKEN_HEADER, visitorKey } from './visitor.ts';

export interface OffersRoutesOptions {
  /** Overrides the provider TRANSLATION_PROVIDER configures. */
  translationProvider?: TranslationProvider | null;
}

const TAGS = ['offers'];
const NOT_FOUND_NOTE =
  'Unknown, draft and struck offers, offers not `active` or `reserved`, and ids that cannot exist (not a positive whole number), answer 404 `not_found`; the detail answers 410 `gone` for a paused or archived offer and one sold or rented over 90 days ago (decision 042), and the similar offers answer for those too.';

/** The offer id of the path, or a 404 (see OfferIdParamsSchema). */
function offerId(value: string): number {
  const id = parseOfferId(value);
  if (id === null) throw offerNotFound();
  return id;
}

/**
 * The public offer detail and what a visitor does on it (spec 7 "Offers", issue 4): detail,
 * contact, points of interest, similar offers, translation, message to the seller, report.
 */
const offersRoutes: FastifyPluginAsyncZod<OffersRoutesOptions> = async (app, options) => {
  const provider =
    options.translationProvider !== undefined
      ? options.translationProvider
      : createTranslationProvider(app.config.translationProvider);
  // Keyed hashes of client addresses; the signing secret never leaves the process.
  const secret = app.config.jwt.keys[0]?.secret ?? 'estately';
  const webOrigin = app.config.webOrigins[0] ?? 'http://localhost:3000';
  const views = app.offerViews;
  // The detail, similar and seller offers stringify their 2xx bodies as built (checked under tests).
  const serializerCompiler = trustedSerializer({ check: app.config.nodeEnv === 'test' });
  // Encoded details and similar-offer rankings of this process, served while the change
  // counters of what they show are unchanged (docs/decisions/022): 40 MiB and 5,000 at most.
  const details = new OfferCountCache({ maxEntries: 5_000, maxRows: 40_960 });
  const answers = new OfferCountCache({ maxEntries: 5_000 });
  // The fair price's comparable offers per group (decision 064), under the same counters: a
  // row per comparable offer, 100,000 at most (some 8 MB).
  const comparableGroups = new OfferCountCache({ maxEntries: 5_000, maxRows: 100_000 });
  const check = app.config.nodeEnv === 'test';
  // Per sender and per reporter within any 24 hours (issue 37 point 5): MESSAGES_PER_DAY and
  // REPORTS_PER_DAY, the account when signed in, else the visitor's address.
  const { messagesPerDay, reportsPerDay } = app.config.accountLimits;
  const messagesPerDayRule = { max: messagesPerDay, windowMs: DAY_MS };
  const reportsPerDayRule = { max: reportsPerDay, windowMs: DAY_MS };
  const senderOf = (request: { user?: { id: number } | null; visitor: { address: string } }) =>
    request.user ? `account:${request.user.id}` : `ip:${budgetAddress(request.visitor.address)}`;

  app.get(
    '/public/offers/:id',
    {
      serializerCompiler,
      schema: {
        tags: TAGS,
        summary: 'Offer detail',
        description: `Every field of spec 3 "Property / offer detail" with photos (absolute URL variants), creator, seller and the derived layout, address and parameter list. \`price\` is in \`currency\` (default CZK), \`original_price\` in the seller's currency. ${NOT_FOUND_NOTE}\n\nCounts a detail view for the seller's statistics once per visitor and offer within 3 hours: the visitor is the \`X-Stats-Token\` header (spec 7; 8..200 characters of letters, digits and \`._~+/=-\`), or without a valid token a keyed hash of the client address and user agent.`,
        params: OfferIdParamsSchema,
        querystring: OfferDetailQuerySchema,
        // Loose: the other headers must stay on the request.
        headers: z.looseObject({
          [STATS_TOKEN_HEADER]: z.string().optional().describe('Visitor token of the main client (3 hours)'),
        }),
        response: {
          200: OfferDetailSchema,
          404: ErrorBodySchema,
          410: ErrorBodySchema,
          422: ErrorBodySchema,
          500: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const id = offerId(request.params.id);
      // HEAD (link checkers, prefetch probes) reads the same detail but is not a view. The view
      // is written after the answer, shared with the views of the moment (group commit), and
      // counts only for a public offer, so a 404 counts none. The visitor never waits for it.
      if (request.method === 'GET') {
        views
          .count({
            id,
            visitorKey: visitorKey({
              token: request.headers[STATS_TOKEN_HEADER],
              address: request.visitor.address,
              userAgent: request.headers['user-agent'],
              secret,
            }),
          })
          .catch((error: unknown) => {
            // Statistics never cost a visitor the page.
            request.log.warn({ err: error, offerId: id }, 'offer view not counted');
          });
      }
      const body = await offerDetailBody({
        db: request.readDb,
        id,
        currency: request.query.currency,
        storage: app.storage,
        bodies: details,
        comparableGroups,
        check,
      });
      // A Buffer is sent as it is (no serializer): encoded once, kept (decision 022).
      return sendEncoded(reply, body);
    },
  );

  app.get(
    '/public/offers/:id/contact',
    {
      schema: {
        tags: TAGS,
        summary: 'Offer contact',
        description: `Spec 3 Contact of the offer: its contact person, else the publishing account's contact details (then \`id\` is null). ${NOT_FOUND_NOTE}\n\nA GET is a contact reveal for the seller's statistics, counted once per visitor and offer within 3 hours (the visitor as for the offer detail).`,
        params: OfferIdParamsSchema,
        headers: z.looseObject({
          [STATS_TOKEN_HEADER]: z.string().optional().describe('Visitor token of the main client (3 hours)'),
        }),
        response: { 200: OfferContactSchema, 404: ErrorBodySchema, 500: ErrorBodySchema },
      },
    },
    async (request) => {
      const id = offerId(request.params.id);
      const contact = await getOfferContact({ db: request.readDb, id });
      // Shown, so counted (issue 38 point 11); HEAD shows nothing. Statistics never cost a
      // visitor the contact: a failed count is logged only.
      if (request.method === 'GET') {
        try {
          await countContactReveal({
            db: app.db,
            id,
            visitorKey: visitorKey({
              token: request.headers[STATS_TOKEN_HEADER],
              address: request.visitor.address,
              userAgent: request.headers['user-agent'],
              secret,
            }),
          });
        } catch (error) {
          request.log.warn({ err: error, offerId: id }, 'contact reveal not counted');
        }
      }
      return contact;
    },
  );

  app.get(
    '/public/offers/:id/points_of_interest',
    {
      schema: {
        tags: TAGS,
        summary: 'Points of interest near an offer',
        description: `Places within \`radius_km\` (default ${POI_DEFAULT_RADIUS_KM}) of the offer, grouped by category, the nearest \`per_category\` of each; distances are great-circle distances on a 6371 km sphere (spec 9). Categories are ordered by their nearest place, places nearest first. ${NOT_FOUND_NOTE}`,
        params: OfferIdParamsSchema,
        querystring: PointsOfInterestQuerySchema,
        response: {
          200: PointsOfInterestResponseSchema,
          404: ErrorBodySchema,
          422: ErrorBodySchema,
          500: ErrorBodySchema,
        },
      },
    },
    async (request) => ({
      data: await listPointsOfInterest({
        db: request.readDb,
        id: offerId(request.params.id),
        radiusKm: request.query.radius_km,
        perCategory: request.query.per_category,
      }),
    }),
  );

  app.get(
    '/public/offers/:id/similar_offers',
    {
      serializerCompiler,
      schema: {
        tags: TAGS,
        summary: 'Similar offers',
        description: `Up to \`limit\` (default ${SIMILAR_OFFERS_LIMIT}) public offers of the same offer type and property type, close in price (compared in CZK, so currencies mix) and in useful area, never the offer itself. By default in the same country, nearest first in widening rings (25 km, 100 km, the country); with \`abroad=true\` only offers in other countries. Cards as GET /properties. ${NOT_FOUND_NOTE}`,
        params: OfferIdParamsSchema,
        querystring: SimilarOffersQuerySchema,
        response: {
          200: SimilarOffersResponseSchema,
          404: ErrorBodySchema,
          422: ErrorBodySchema,
          500: ErrorBodySchema,
        },
      },
    },
    async (request) => ({
      data: await listSimilarOffers({
        db: request.readDb,
        id: offerId(request.params.id),
        limit: request.query.limit,
        abroad: request.query.abroad,
        currency: request.query.currency,
        storage: app.storage,
        cache: answers,
      }),
    }),
  );

  app.get(
    '/public/offers/:id/seller_offers',
    {
      serializerCompiler,
      schema: {
        tags: TAGS,
        summary: "The seller's other offers",
        description: `Up to \`limit\` (default ${SELLER_OFFERS_LIMIT}) other public offers of the offer's seller, newest first, and in \`meta.total\` how many there are. The seller is the seller profile (agency, developer) when the offer has one, else the account that published it. Cards as GET /properties. ${NOT_FOUND_NOTE}`,
        params: OfferIdParamsSchema,
        querystring: SellerOffersQuerySchema,
        response: {
          200: SellerOffersResponseSchema,
          404: ErrorBodySchema,
          422: ErrorBodySchema,
          500: ErrorBodySchema,
        },
      },
    },
    async (request) =>
      listSellerOffers({
        db: request.readDb,
        id: offerId(request.params.id),
        limit: request.query.limit,
        currency: request.query.currency,
        storage: app.storage,
      }),
  );

  app.get(
    '/public/offers/:id/tour_dates',
    {
      schema: {
        tags: TAGS,
        summary: 'Upcoming viewing slots of an offer',
        description: `The viewing slots a visitor can still ask for (starting in the future), earliest first, as UTC instants, with \`time_zone\`: the offer's IANA time zone (from its country), in which the page names them (decision 011). A visitor asks for one with \`tour_date_id\` in the offer message. ${NOT_FOUND_NOTE}`,
        params: OfferIdParamsSchema,
        response: { 200: PublicTourDatesResponseSchema, 404: ErrorBodySchema, 500: ErrorBodySchema },
      },
    },
    async (request) => listOfferTourDates({ db: request.readDb, id: offerId(request.params.id) }),
  );

  app.get(
    '/public/translation_service',
    {
      schema: {
        tags: TAGS,
        summary: 'Whether descriptions can be translated by machine',
        description:
          'Whether a machine-translation service is configured (TRANSLATION_PROVIDER), and which. Without one, offer_translation answers only the original and stored translations, so clients show no "translate" control and do not ask for one.',
        response: { 200: TranslationServiceSchema },
      },
    },
    async (): Promise<TranslationService> => ({
      available: provider !== null,
      provider: provider?.name ?? null,
    }),
  );

  app.get(
    '/public/offers/:id/offer_translation',
    {
      schema: {
        tags: TAGS,
        summary: 'Offer description in another language',
        description: `The description in the best locale of \`Accept-Language\` (English when the header names none of the 30 locales): the original when the offer is written in that language, else a stored translation, else a machine translation when TRANSLATION_PROVIDER is configured (\`source: machine\`; kept per version of the description and language, so the service is asked once and an edited description is translated anew). 404 \`not_found\` when no translation exists, its message saying whether machine translation is not configured (GET /public/translation_service tells beforehand) or the service failed or timed out. ${NOT_FOUND_NOTE}`,
        params: OfferIdParamsSchema,
        response: { 200: OfferTranslationSchema, 404: ErrorBodySchema, 500: ErrorBodySchema },
      },
    },
    async (request) =>
      getOfferTranslation({
        // May store a machine translation, so the primary.
        db: app.db,
        id: offerId(request.params.id),
        locale: negotiateLocale(request.headers['accept-language']) ?? 'en',
        provider,
        log: request.log,
      }),
  );

  app.post(
    '/public/offers/:id/offer_message',
    {
      // Guests and signed-in users alike; a signed-in sender's lead is linked to the account.
      preHandler: app.identify,
      schema: {
        tags: TAGS,
        summary: 'Message the seller',
        description: `Stores the message as a lead for the offer's owner and queues the e-mail to the seller (outbox job \`email.offer_message\`) in one transaction. Guests give name, e-mail, optional phone and text; \`tour_date_id\` asks for one of the offer's viewing appointments. Validation failures answer 422 with message keys per field (\`offer_message.email\`: \`validation.invalid_email\`...) and store nothing.\n\nRate limits: ${OFFER_MESSAGE_LIMITS.perAddress.max} messages per ${OFFER_MESSAGE_LIMITS.perAddress.windowMs / 60_000} minutes per client address, ${OFFER_MESSAGE_LIMITS.perSenderAndOffer.max} per hour per sender e-mail and offer, ${messagesPerDay} within any 24 hours per sender (the account when signed in, else the client address; MESSAGES_PER_DAY); beyond them 429 \`too_many_requests\` with \`Retry-After\` in seconds. The client address is the connection's unless TRUST_PROXY names the proxies in front of the API (or the web server names its visitor beside the internal token), so a forged X-Forwarded-For changes nothing. ${NOT_FOUND_NOTE}\n\nSigned-in senders: ${IDEMPOTENCY_DOC} A replay does not count against the limits. A guest's key is ignored (a key needs an account to belong to).`,
        params: OfferIdParamsSchema,
        headers: z.looseObject({
          'idempotency-key': z
            .string()
            .optional()
            .describe('Signed-in senders: a unique key per attempted message (e.g. a UUID)'),
        }),
        body: OfferMessageBodySchema,
        response: {
          201: OfferMessageResponseSchema,
          404: ErrorBodySchema,
          422: ErrorBodySchema,
          429: ErrorBodySchema,
          500: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const id = offerId(request.params.id);
      const input = request.body.offer_message;
      // Each budget counts the attempt atomically (in Redis across instances); a refused one
      // still counts against the other, so retrying a refused message spends both.
      const budgets = [
        {
          key: `offers.message:ip:${budgetAddress(request.visitor.address)}`,
          rule: OFFER_MESSAGE_LIMITS.perAddress,
        },
        { key: `offers.message:sender:${id}:${input.email}`, rule: OFFER_MESSAGE_LIMITS.perSenderAndOffer },
        { key: `offers.message:day:${senderOf(request)}`, rule: messagesPerDayRule },
      ];
      const key = request.user ? idempotencyKeyOf(request) : null;
      return respondIdempotently(reply, {
        db: app.db,
        call:
          key === null || !request.user
            ? null
            : {
                userId: request.user.id,
                route: 'POST /public/offers/{id}/offer_message',
                key,
                request: { id, body: request.body },
              },
        admit: async () => refusalAnswer(await hitAll(app.rateLimiter, budgets)),
        create: async (db) => ({
          statusCode: 201,
          body: await sendOfferMessage({
            db,
            id,
            input,
            senderUserId: request.user?.id ?? null,
            senderLocale: negotiateLocale(request.headers['accept-language']),
            webOrigin,
          }),
        }),
      });
    },
  );

  app.post(
    '/public/offers/:id/offer_report',
    {
      // The reporter is the signed-in account when there is one (one open report per reporter).
      preHandler: app.identify,
      schema: {
        tags: TAGS,
        summary: 'Report an offer',
        description: `Stores a report for moderation with a reason (${OFFER_REPORT_REASONS.map((reason) => `\`${reason}\``).join(', ')}), optional text and, for guests, an optional e-mail. One open report per reporter and offer: the reporter is the signed-in account, else the e-mail given, else the client address (kept only as a keyed hash); a second open report answers 409 \`conflict\`. ${NOT_FOUND_NOTE}\n\nRate limit: ${reportsPerDay} reports within any 24 hours per reporter (the account when signed in, else the client address; REPORTS_PER_DAY), every attempt counted; beyond it 429 \`too_many_requests\` with \`Retry-After\` in seconds, and nothing is stored.`,
        params: OfferIdParamsSchema,
        body: OfferReportBodySchema,
        response: {
          201: OfferReportResponseSchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
          422: ErrorBodySchema,
          429: ErrorBodySchema,
          500: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      await enforceRateLimits(app.rateLimiter, reply, [
        { key: `offers.report:day:${senderOf(request)}`, rule: reportsPerDayRule },
      ]);
      const report = await reportOffer({
        db: app.db,
        id: offerId(request.params.id),
        input: request.body.offer_report,
        reporterUserId: request.user?.id ?? null,
        addressHash: hashAddress(secret, request.visitor.address),
      });
      return reply.code(201).send(report);
    },
  );
};

export default offersRoutes;
