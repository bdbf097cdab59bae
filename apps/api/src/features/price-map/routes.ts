import {
  ErrorBodySchema,
  MIN_PRICE_MAP_OFFERS,
  PRICE_MAP_MAX_FIGURES,
  PRICE_MAP_REFRESH_HOURS,
  PriceMapQuerySchema,
  PriceMapResponseSchema,
} from '@estately/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readPriceMap } from './read-price-map.ts';

// The figures change only when the job runs (every few hours): shared caches may keep an answer a
// quarter of an hour, so a map moved back and forth asks the API once.
const PRICE_MAP_CACHE = 'public, max-age=900';

const priceMapRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/public/price_map',
    {
      schema: {
        tags: ['search'],
        summary: 'Median price per m² by country or locality',
        description: `The price map (decision 073): the median asking price per m² (rents: per month, monthly rents only) of our public offers, for \`offer_type\`, per country (\`level=country\`) or per city inside \`bbox\` (\`level=locality\`, city parts counted with their city; at most ${PRICE_MAP_MAX_FIGURES}, those with the most offers first), converted into \`currency\`, each place named in \`locale\`. A place with fewer than ${MIN_PRICE_MAP_OFFERS} offers behind its figure is left out and counted in \`hidden\`. The figures are computed by a job every ${PRICE_MAP_REFRESH_HOURS} hours; \`computed_at\` says when (null before its first run), and the answer may be cached 15 minutes. \`scale\` holds the boundaries of the colour classes over every shown figure of the level. A bad value answers 422 \`validation_errors\` keyed by the parameter.`,
        querystring: PriceMapQuerySchema,
        response: { 200: PriceMapResponseSchema, 422: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const body = await readPriceMap({ db: request.readDb, query: request.query });
      reply.header('cache-control', PRICE_MAP_CACHE);
      if (body.computed_at) reply.header('last-modified', new Date(body.computed_at).toUTCString());
      return body;
    },
  );
};

export default priceMapRoutes;
