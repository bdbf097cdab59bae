import {
  ComposeSearchPathBodySchema,
  ComposeSearchPathResponseSchema,
  DecomposeSearchPathBodySchema,
  DecomposeSearchPathResponseSchema,
  ErrorBodySchema,
} from '@estately/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { composePath } from './compose-search-path.ts';
import { decomposePath } from './decompose-search-path.ts';

const searchPathsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/public/offer_search_path/decompose',
    {
      // Reads only: no read-your-writes mark (plugins/app/read-routing.ts).
      config: { readOnly: true },
      schema: {
        tags: ['search-paths'],
        summary: 'Search URL to filters',
        description:
          "Reads a localized search URL `/{locale}/{search word}/{offer type}/{property type}/{country}/{locality}?filters` (spec 2; `hledani` is accepted under every locale) into its locale and filters (spec 9), the place its locality names (`location_id`, `location`) and the canonical URL of the same search. 422 `{path: ['validation.invalid_value']}` when it is not a search path, `{path: ['validation.invalid_slug']}` for a segment that names nothing; 422 keyed by the filter for query filters that break spec 5; 404 for a locality that names no place in the country.",
        body: DecomposeSearchPathBodySchema,
        response: { 200: DecomposeSearchPathResponseSchema, 404: ErrorBodySchema, 422: ErrorBodySchema },
      },
    },
    async (request) => decomposePath({ db: request.readDb, path: request.body.path }),
  );

  app.post(
    '/public/offer_search_path/compose',
    {
      // Reads only: no read-your-writes mark (plugins/app/read-routing.ts).
      config: { readOnly: true },
      schema: {
        tags: ['search-paths'],
        summary: 'Filters to search URL',
        description:
          "Writes the canonical search URL of `filters` in `locale` (spec 2): offer type, property type, country and locality as path segments in the locale's words, every other filter in the canonical query. A `location_id` of a city or city part becomes the country and locality segments; a `locality` slug of another locale is translated. 422 keyed `filters.<field>` for filters that break spec 5; 404 for an unknown location id or locality.",
        body: ComposeSearchPathBodySchema,
        response: { 200: ComposeSearchPathResponseSchema, 404: ErrorBodySchema, 422: ErrorBodySchema },
      },
    },
    async (request) =>
      composePath({ db: request.readDb, locale: request.body.locale, filters: request.body.filters }),
  );
};

export default searchPathsRoutes;
