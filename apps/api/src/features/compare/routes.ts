import { CompareQuerySchema, CompareResponseSchema, ErrorBodySchema } from '@estately/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { compareOffers } from './compare-offers.ts';

/** Offers side by side (issue 44 point 4, decision 072): one call for the compare page. */
const compareRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/public/offers/compare',
    {
      schema: {
        tags: ['compare'],
        summary: 'Compare offers',
        description:
          '2-4 offers (`ids`, dot- or comma-separated) side by side: each card with price per m2 in `currency` (default CZK), floor, parameters, energy class, trust score when computed, and with `lat` and `lng` the distance in km to that place. Offers that are not public are listed in `missing`. A bad list answers 422 `validation_errors` (`ids`); `lat` without `lng` or the reverse, 422 on the missing one.',
        querystring: CompareQuerySchema,
        response: { 200: CompareResponseSchema, 422: ErrorBodySchema, 500: ErrorBodySchema },
      },
    },
    async (request) => {
      const { ids, currency, lat, lng } = request.query;
      if ((lat === undefined) !== (lng === undefined)) {
        const missing = lat === undefined ? 'lat' : 'lng';
        throw new AppError('validation_errors', {
          errors: { [missing]: ['validation.coordinates_incomplete'] },
        });
      }
      return compareOffers({
        db: request.readDb,
        ids,
        storage: app.storage,
        currency,
        place: lat !== undefined && lng !== undefined ? { lat, lng } : undefined,
      });
    },
  );
};

export default compareRoutes;
