import type { DatabaseHandle, Db } from '@estately/db';
import type { MediaStorage } from '@estately/db/storage';
import { INTERNAL_TOKEN_HEADER } from '@estately/domain';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import apiKeysRoutes from './features/api-keys/routes.ts';
import authRoutes from './features/auth/routes.ts';
import availabilityRoutes from './features/availability/routes.ts';
import companiesRoutes from './features/companies/routes.ts';
import favoritesRoutes from './features/favorites/routes.ts';
import feedsRoutes from './features/feeds/routes.ts';
import healthRoutes from './features/health/routes.ts';
import leadsRoutes from './features/leads/routes.ts';
import locationsRoutes from './features/locations/routes.ts';
import devMailboxRoutes from './features/mail/dev-mailbox-routes.ts';
import moderationRoutes from './features/moderation/routes.ts';
import { OfferViewCounter } from './features/offers/count-offer-view.ts';
import offersRoutes from './features/offers/routes.ts';
import partnerApiRoutes from './features/partner-api/routes.ts';
import propertiesRoutes from './features/properties/routes.ts';
import ratingRoutes from './features/ratings/routes.ts';
import redirectsAdminRoutes from './features/redirects-admin/routes.ts';
import savedSearchesRoutes from './features/saved-searches/routes.ts';
import { FacetIndex } from './features/search/facet-index/facet-index.ts';
import searchRoutes from './features/search/routes.ts';
import searchPathsRoutes from './features/search-paths/routes.ts';
import sellerPropertiesRoutes from './features/seller-properties/routes.ts';
import sellerStatsRoutes from './features/seller-stats/routes.ts';
import usersRoutes from './features/users/routes.ts';
import { requestIdGenerator } from './lib/request-id.ts';
import authentication from './plugins/app/authentication.ts';
import database, { type ApiDatabase } from './plugins/app/database.ts';
import errorHandler from './plugins/app/error-handler.ts';
import media from './plugins/app/media.ts';
import metrics from './plugins/app/metrics.ts';
import rateLimiter from './plugins/app/rate-limiter.ts';
import readRouting from './plugins/app/read-routing.ts';
import rejectNul from './plugins/app/reject-nul.ts';
import requestId from './plugins/app/request-id.ts';
import uploadDrain from './plugins/app/upload-drain.ts';
import visitor from './plugins/app/visitor.ts';
import docs from './plugins/external/docs.ts';
import security from './plugins/external/security.ts';

export { type Config, ConfigError, loadConfig } from './config.ts';
export { AppError } from './lib/app-error.ts';

export interface BuildAppOptions {
  config: Config;
  /** The database to serve from; passed in so tests hand over a fresh one (CONVENTIONS habit 4). */
  db: ApiDatabase;
  /**
   * The same databases as `db` through a pool with longer statement times, which the facet
   * index's loads of whole partitions read through (server.ts); default `db` itself.
   */
  facetLoads?: DatabaseHandle;
  /** Media storage; defaults to the local folder DATA_DIR/media served under /media/. */
  storage?: MediaStorage;
  /** Overrides the logger built from `config.logLevel`. */
  logger?: FastifyServerOptions['logger'];
}

/**
 * Builds the API without listening: the layout of fastify/demo, external plugins (security
 * headers, CORS, the visitor and rate limits, OpenAPI) first, then application plugins (database, errors,
 * media), then one plugin per feature. Registration is explicit rather than autoloaded, so
 * the order is visible here and Node runs the TypeScript sources directly.
 */
export async function buildApp(options: BuildAppOptions) {
  const { config, db } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', `req.headers["${INTERNAL_TOKEN_HEADER}"]`],
    },
    // A hop count trusts that many proxies in front of us (Fastify's typings only name the function form).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    // Query strings such as `?tags=sauna&tags=vana` arrive as arrays; bodies stay small
    // (photos go through multipart routes with their own limits).
    bodyLimit: 1_048_576,
    // A load balancer's idle connections outlive ours otherwise (502s under load).
    keepAliveTimeout: 72_000,
    // While the server closes (a deploy's SIGTERM), a request that arrives on a connection still
    // in use is answered, with `Connection: close`, instead of Fastify's bare 503: the balancer
    // sent it before it could know, and does not send a 503 again to the other instance
    // (check 17, decision 061). New connections are refused by then.
    return503OnClosing: false,
    // X-Request-Id only from a trusted proxy or the web tier, else a random one; every log line
    // of a request carries it as `reqId` (lib/request-id.ts, docs/decisions/060).
    requestIdHeader: false,
    genReqId: requestIdGenerator(config),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);

  // First, so the request id is echoed and the timing covers every other hook (decision 060).
  await app.register(requestId);
  await app.register(metrics, { db });

  // plugins/external
  await app.register(security, { config });
  // Who each request is for, then the one rate limiter with every visitor's request budget
  // (docs/decisions/041), before anything else reads a request.
  await app.register(visitor, { config });
  await app.register(rateLimiter, { config });
  await app.register(docs, { config });

  // plugins/app
  await app.register(errorHandler);
  await app.register(rejectNul);
  await app.register(database, { db });
  await app.register(media, { config, storage: options.storage });
  await app.register(authentication, { config });
  // Which database each request reads: the replica, or the primary for a visitor who just
  // wrote or while the replica lags (docs/decisions/059).
  await app.register(readRouting, { config });
  // Upload routes are counted while under way and refused while the API stops (server.ts).
  await app.register(uploadDrain);
  // Offer detail views on their way to the sellers' statistics, written in shared statements
  // after the answers (group commit); the last ones are written on close.
  const offerViews = new OfferViewCounter(app.db);
  app.decorate('offerViews', offerViews);
  // Facet values of the public offers for counts over whole markets (search/facet-index.ts).
  // Told the primary, so what it reads from the primary and from the replica stays apart.
  const { facetLoads } = options;
  app.decorate(
    'facetIndex',
    new FacetIndex({
      primary: app.db,
      ...(facetLoads
        ? { loads: (db: Db) => (db === app.db ? facetLoads.db : db === app.readDb ? facetLoads.readDb : db) }
        : {}),
    }),
  );
  app.addHook('onClose', () => offerViews.flush());

  // features
  await app.register(healthRoutes);
  await app.register(propertiesRoutes);
  await app.register(offersRoutes);
  await app.register(locationsRoutes);
  await app.register(searchPathsRoutes);
  await app.register(searchRoutes);
  // Issue 44 point 5: the price map.
  await app.register((await import('./features/price-map/routes.ts')).default);
  await app.register(authRoutes);
  await app.register(usersRoutes);
  await app.register(companiesRoutes);
  await app.register(feedsRoutes);
  await app.register(apiKeysRoutes);
  await app.register(partnerApiRoutes);
  await app.register((await import('./features/sellers/routes.ts')).default);
  await app.register(devMailboxRoutes);
  await app.register((await import('./features/content/routes.ts')).default);
  await app.register(favoritesRoutes);
  // Shared search boards (issue 44 point 3, decision 071).
  await app.register((await import('./features/boards/routes.ts')).default);
  await app.register(savedSearchesRoutes);
  await app.register(leadsRoutes);
  await app.register((await import('./features/leads/thread-routes.ts')).default);
  await app.register(ratingRoutes);
  await app.register(sellerStatsRoutes);
  await app.register(sellerPropertiesRoutes);
  await app.register(availabilityRoutes);
  await app.register((await import('./features/property-media-extras/routes.ts')).default);
  await app.register(moderationRoutes);
  await app.register((await import('./features/property-groups/routes.ts')).default);
  await app.register((await import('./features/scam-flags/routes.ts')).default);
  await app.register(redirectsAdminRoutes);
  // Issue 44 points 4 and 6 (decision 072): compare, hidden and recently viewed offers.
  await app.register((await import('./features/compare/routes.ts')).default);
  await app.register((await import('./features/hidden-offers/routes.ts')).default);
  await app.register((await import('./features/recently-viewed/routes.ts')).default);

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** Detail views on their way to the statistics; `flush()` resolves once they are written. */
    offerViews: OfferViewCounter;
    facetIndex: FacetIndex;
  }
}
