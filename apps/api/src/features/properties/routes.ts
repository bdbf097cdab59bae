import {
  ErrorBodySchema,
  FEATURED_LIMIT,
  FeaturedPropertiesQuerySchema,
  FeaturedPropertiesResponseSchema,
} from '@estately/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listFeaturedProperties } from './list-featured-properties.ts';

const propertiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/properties',
    {
      schema: {
        tags: ['properties'],
        summary: 'Featured offers',
        description: `The ${FEATURED_LIMIT} most recently published public offers, newest first (spec 7, spec 9), with prices converted into \`currency\` (default CZK) through the exchange rates and absolute photo URLs.`,
        querystring: FeaturedPropertiesQuerySchema,
        response: { 200: FeaturedPropertiesResponseSchema, 422: ErrorBodySchema, 500: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      // Shared caches may keep the list briefly: it changes only when an offer is published.
      reply.header('cache-control', 'public, max-age=60');
      const data = await listFeaturedProperties({
        db: request.readDb,
        currency: request.query.currency,
        storage: app.storage,
      });
      return { data };
    },
  );
};

export default propertiesRoutes;
