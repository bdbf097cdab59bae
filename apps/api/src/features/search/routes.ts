import {
  type BoundingBox,
  ErrorBodySchema,
  GUEST_HIDDEN_CAP,
  MAP_FEATURE_CAP,
  MapZoomSchema,
  OfferFacetsQuerySchema,
  OfferFacetsResponseSchema,
  OfferMapQuerySchema,
  OfferMapResponseSchema,
  parseFilters,
  parseOfferIdList,
  type SearchFilters,
  SearchOffersQuerySchema,
  SearchOffersResponseSchema,
  toFilterRecord,
} from '@estately/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { clusterOffers } from './cluster-offers.ts';
import { OfferCountCache } from './count-cache.ts';
import { countOfferFacets, parseFacetGroups } from './count-offer-facets.ts';
import { listHiddenOfferIds } from './list-hidden-offer-ids.ts';
import { searchOffersBody } from './search-offers.ts';
import { parseFacetsFlag, searchOffersWithFacetsBody } from './search-offers-with-facets.ts';
import { sendEncoded, trustedSerializer } from './trusted-serializer.ts';

const errorResponses = { 422: ErrorBodySchema, 500: ErrorBodySchema };

/**
 * The filters of a search and the route's own parameters, validated together: a 422 names every
 * bad field at once. `own` maps each own parameter to whether its value was valid.
 */
function validateSearchQuery(query: Record<string, unknown>, own: Record<string, boolean>): SearchFilters {
  const parsed = parseFilters(query);
  const invalid = Object.keys(own).filter((name) => !own[name]);
  if (parsed.success && invalid.length === 0) return parsed.data;
  const errors: Record<string, string[]> = parsed.success ? {} : { ...parsed.errors };
  for (const name of invalid) errors[name] = ['validation.invalid_value'];
  throw new AppError('validation_errors', { errors });
}

/**
 * The `hidden` parameter (a guest's hidden offers, decision 072): the ids, or null when it is not
 * a list of at most GUEST_HIDDEN_CAP ids.
 */
function hiddenParam(raw: unknown): number[] | null {
  const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  if (value === undefined) return [];
  if (typeof value !== 'string') return null;
  const ids = parseOfferIdList(value, Number.MAX_SAFE_INTEGER);
  return ids === null || ids.length > GUEST_HIDDEN_CAP ? null : ids;
}

/**
 * The offers to leave out of a search for the person asking: the guest's `hidden` list, and a
 * signed-in caller's own hidden offers (their bearer token names them).
 */
async function hiddenFor(request: FastifyRequest, fromQuery: readonly number[]): Promise<number[]> {
  if (!request.user) return [...fromQuery];
  const own = await listHiddenOfferIds({ db: request.server.db, userId: request.user.id });
  return [...new Set([...fromQuery, ...own])];
}

/** Map mode needs a viewport and a zoom on top of the filters; every problem is reported at once. */
function validateMapQuery(query: Record<string, unknown>): {
  filters: SearchFilters & { bbox: BoundingBox };
  zoom: number;
} {
  const parsed = parseFilters(query);
  const errors: Record<string, string[]> = parsed.success ? {} : { ...parsed.errors };
  const rawBbox = toFilterRecord(query).bbox;
  const bboxMissing = parsed.success
    ? parsed.data.bbox === undefined
    : rawBbox === undefined || (typeof rawBbox === 'string' && rawBbox.trim() === '');
  if (bboxMissing) errors.bbox = ['validation.invalid_bbox'];
  const zoom = MapZoomSchema.safeParse(query.zoom);
  if (!zoom.success) errors.zoom = [zoom.error.issues[0]?.message ?? 'validation.invalid_integer'];
  if (!parsed.success || !zoom.success || parsed.data.bbox === undefined) {
    throw new AppError('validation_errors', { errors });
  }
  return { filters: { ...parsed.data, bbox: parsed.data.bbox }, zoom: zoom.data };
}

// Public offer search (spec 7, spec 9; DESIGN 5). The filter parameters are validated by the
// domain's filter model, so the web, saved searches and these routes share one set of rules.
const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  // Totals, facet counts and map cells of this process, checked against the database's change
  // counters on every request (count-cache.ts).
  const cache = new OfferCountCache();
  // Whole search answers, encoded (searchOffersBody): some 30 KB each, 32 MiB at most.
  const bodies = new OfferCountCache({ maxEntries: 2_000, maxRows: 32_768 });
  const index = app.facetIndex;
  const check = app.config.nodeEnv === 'test';
  // 2xx bodies are stringified as built, checked against their schema under tests.
  const serializerCompiler = trustedSerializer({ check: app.config.nodeEnv === 'test' });
  app.get(
    '/public/offers',
    {
      // A signed-in caller's hidden offers are left out (decision 072); guests answer as before.
      preHandler: app.identify,
      serializerCompiler,
      schema: {
        tags: ['search'],
        summary: 'Search offers',
        description:
          'One page of active offers matching every filter of spec 9, sorted by `sort` (default newest first; ties by id), 25 a page by default (max 100), with paging meta and prices converted into `currency` (default CZK); with `facets=1` also the facet counts of GET /public/offers/facets for the same filters. A bad value answers 422 `validation_errors` keyed by the parameter.',
        querystring: SearchOffersQuerySchema,
        response: { 200: SearchOffersResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const withFacets = parseFacetsFlag(request.query.facets);
      const asked = hiddenParam(request.query.hidden);
      const filters = validateSearchQuery(request.query, {
        facets: withFacets !== null,
        hidden: asked !== null,
      });
      const hidden = await hiddenFor(request, asked ?? []);
      const options = {
        db: request.readDb,
        filters,
        storage: app.storage,
        cache,
        index,
        bodies,
        check,
        hidden,
      };
      const body = await (withFacets ? searchOffersWithFacetsBody(options) : searchOffersBody(options));
      // A Buffer is sent as it is (no serializer): encoded once, kept (decision 022).
      return sendEncoded(reply, body);
    },
  );

  app.get(
    '/public/offers/facets',
    {
      preHandler: app.identify,
      serializerCompiler,
      schema: {
        tags: ['search'],
        summary: 'Facet counts for the filter panel',
        description:
          "Takes the same filters as GET /public/offers (sort and paging are ignored) and answers, for each value-set group, how many offers each value would give with every OTHER group's choice kept (disjunctive faceting), plus the total matching all filters. Computed in one SQL statement. `groups` limits the groups counted.",
        querystring: OfferFacetsQuerySchema,
        response: { 200: OfferFacetsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const groups = parseFacetGroups(request.query.groups);
      const asked = hiddenParam(request.query.hidden);
      const filters = validateSearchQuery(request.query, { groups: groups !== null, hidden: asked !== null });
      const hidden = await hiddenFor(request, asked ?? []);
      return countOfferFacets({
        db: request.readDb,
        filters,
        groups: groups ?? undefined,
        cache,
        index,
        hidden,
      });
    },
  );

  app.get(
    '/public/offers/map',
    {
      preHandler: app.identify,
      serializerCompiler,
      schema: {
        tags: ['search'],
        summary: 'Map clusters and points of a viewport',
        description: `Offers matching the same filters as GET /public/offers inside \`bbox\` (required), grouped on a grid whose cell follows \`zoom\` (0..22, required): a cell with several offers is a cluster (count, mean position, bounds), a cell with one offer a point (id, position, price in \`currency\`). At most ${MAP_FEATURE_CAP} features: a viewport that would hold more cells gets a coarser grid, so the counts always add up to \`total\`.`,
        querystring: OfferMapQuerySchema,
        response: { 200: OfferMapResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const asked = hiddenParam(request.query.hidden);
      const { filters, zoom } = validateMapQuery(request.query);
      if (asked === null)
        throw new AppError('validation_errors', { errors: { hidden: ['validation.invalid_value'] } });
      const hidden = await hiddenFor(request, asked);
      return clusterOffers({ db: request.readDb, filters, zoom, cache, index, hidden });
    },
  );
};

export default searchRoutes;
