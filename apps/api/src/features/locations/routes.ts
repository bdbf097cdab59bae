import {
  AREA_DESCRIPTION_ERROR_MESSAGE,
  AreaDescriptionQuerySchema,
  AreaDescriptionResponseSchema,
  ErrorBodySchema,
  LOCATION_AUTOCOMPLETE_DEFAULT_LIMIT,
  LOCATION_AUTOCOMPLETE_MAX_LIMIT,
  LocationAutocompleteQuerySchema,
  LocationAutocompleteResponseSchema,
  LocationIdParamsSchema,
  NEARBY_PLACES_LIMIT,
  NEARBY_PLACES_MAX_KM,
  NearbyPlacesQuerySchema,
  NearbyPlacesResponseSchema,
  NO_RESULTS_MESSAGE,
  REVERSE_CITY_PART_MAX_KM,
  REVERSE_LOOKUP_MAX_KM,
  ReverseLocationQuerySchema,
  ReverseLocationResponseSchema,
} from '@estately/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { autocompleteLocations } from './autocomplete-locations.ts';
import { describeArea, type OfferStatsRow } from './describe-area.ts';
import { findNearestPlace } from './find-nearest-place.ts';
import { listNearbyPlaces } from './list-nearby-places.ts';
import { createTtlCache } from './offer-stats-cache.ts';

// The gazetteer changes only when it is re-imported: shared caches may keep answers a while.
const GAZETTEER_CACHE = 'public, max-age=3600';

const locationsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Offer statistics per place, kept 5 minutes (as long as the answer's HTTP cache).
  const offerStatsCache = createTtlCache<OfferStatsRow | undefined>({ ttlMs: 5 * 60_000, max: 5_000 });

  app.get(
    '/public/locations/autocomplete',
    {
      schema: {
        tags: ['locations'],
        summary: 'Place autocomplete',
        description: `Cities, city parts and countries whose name in any of the 30 locales matches \`q\`, accents and case ignored ("Plzen" finds Plzeň, "Muenchen" München, "Munich" too), named in \`locale\` (falling back to a locale of the same language, then English). Names that start with \`q\` come first, then the most similar, then the most populous. \`limit\` 1..${LOCATION_AUTOCOMPLETE_MAX_LIMIT}, default ${LOCATION_AUTOCOMPLETE_DEFAULT_LIMIT}. One- and two-letter queries match name prefixes in \`locale\` only.`,
        querystring: LocationAutocompleteQuerySchema,
        response: { 200: LocationAutocompleteResponseSchema, 422: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', GAZETTEER_CACHE);
      const { q, locale, limit, country_code } = request.query;
      const data = await autocompleteLocations({
        db: request.readDb,
        q,
        locale,
        limit,
        countryCode: country_code,
      });
      return { data };
    },
  );

  app.get(
    '/public/locations/reverse',
    {
      schema: {
        tags: ['locations'],
        summary: 'Nearest place to a point',
        description: `The city or city part nearest to (\`lat\`, \`lng\`) with its great-circle distance in km (earth radius 6371 km), and the \`city\` and \`city_part\` an address at the point names: the nearest city (or the nearest city part's city) and that city's part nearest to the point within ${REVERSE_CITY_PART_MAX_KM} km (null when none is). Latitude -90..90, longitude -180..180 (spec 5); a bad value is 422 naming the field. 404 with the message '${NO_RESULTS_MESSAGE}' when no place is within ${REVERSE_LOOKUP_MAX_KM} km.`,
        querystring: ReverseLocationQuerySchema,
        response: { 200: ReverseLocationResponseSchema, 404: ErrorBodySchema, 422: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', GAZETTEER_CACHE);
      const { lat, lng, locale } = request.query;
      return { data: await findNearestPlace({ db: request.readDb, lat, lng, locale }) };
    },
  );

  app.get(
    '/public/locations/nearby',
    {
      schema: {
        tags: ['locations'],
        summary: 'Places near a point',
        description: `Cities and city parts within \`km\` (0.1..${NEARBY_PLACES_MAX_KM}) of (\`lat\`, \`lng\`), at most ${NEARBY_PLACES_LIMIT}, the most populous first, named in \`locale\`: the names a map without labels of its own draws (the property editor's map on the offline basemap). An empty list when there is none; a bad value is 422 naming the field.`,
        querystring: NearbyPlacesQuerySchema,
        response: { 200: NearbyPlacesResponseSchema, 422: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', GAZETTEER_CACHE);
      const { lat, lng, km, locale } = request.query;
      return { data: await listNearbyPlaces({ db: request.readDb, lat, lng, km, locale }) };
    },
  );

  app.get(
    '/public/locations/:id/area_description',
    {
      schema: {
        tags: ['locations'],
        summary: 'Area description',
        description: `A short description of a place: active offers for sale and for rent in it (its city parts included) with the median asking price per m2 (rent per month) in \`currency\` (default the locale's), points of interest nearby by kind, and the population. 404 'Not Found' for an unknown id; 404 with the message '${NO_RESULTS_MESSAGE}' when the place has neither offers nor points of interest; 503 with the message '${AREA_DESCRIPTION_ERROR_MESSAGE}' when the lookup fails (spec 8).`,
        params: LocationIdParamsSchema,
        querystring: AreaDescriptionQuerySchema,
        response: {
          200: AreaDescriptionResponseSchema,
          404: ErrorBodySchema,
          422: ErrorBodySchema,
          503: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      // Offer counts move with every publication: a short shared cache only.
      reply.header('cache-control', 'public, max-age=300');
      return describeArea({
        db: request.readDb,
        locationId: request.params.id,
        locale: request.query.locale,
        currency: request.query.currency,
        offerStatsCache,
      });
    },
  );
};

export default locationsRoutes;
