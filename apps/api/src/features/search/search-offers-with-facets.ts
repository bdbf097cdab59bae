import { defaultFilters, type FacetCounts, SearchOffersResponseSchema } from '@estately/domain';
import { countOfferFacets } from './count-offer-facets.ts';
import { type SearchOffersBodyOptions, searchOffersBody } from './search-offers.ts';
import { encodeBody } from './trusted-serializer.ts';

/** `facets` of GET /public/offers: true for `1`/`true`, false when absent, `0` or `false`, else null. */
export function parseFacetsFlag(raw: unknown): boolean | null {
  if (raw === undefined || raw === '' || raw === '0' || raw === 'false') return false;
  if (raw === '1' || raw === 'true') return true;
  return null;
}

/**
 * GET /public/offers?facets=1: the page's body (searchOffersBody, kept encoded) with the facet
 * counts of GET /public/offers/facets for the same filters added as `facets`. A results page
 * and its filter panel then cost one HTTP request instead of two (issue 9): one Fastify
 * request, one socket write and one JSON parse fewer on both sides. Both are asked in the same
 * event-loop turn, so they share one snapshot of the change counters (decision 022).
 */
export async function searchOffersWithFacetsBody(options: SearchOffersBodyOptions): Promise<Buffer> {
  const { db, filters, cache, index, check, hidden } = options;
  // Sort and paging do not change the counts (the facets route ignores them).
  const { sort, page, per_page } = defaultFilters();
  const [body, counts] = await Promise.all([
    searchOffersBody(options),
    countOfferFacets({ db, filters: { ...filters, sort, page, per_page }, cache, index, hidden }),
  ]);
  return joinFacets(body, counts.facets, check);
}

// Kept answers' counts encoded once: a kept answer is the same object until its offers change.
const encodedFacets = new WeakMap<FacetCounts, Buffer>();

function facetsTail(facets: FacetCounts): Buffer {
  let tail = encodedFacets.get(facets);
  if (!tail) {
    tail = Buffer.from(`,"facets":${JSON.stringify(facets)}}`);
    encodedFacets.set(facets, tail);
  }
  return tail;
}

/** The encoded `{"data":…,"meta":…}` with `,"facets":…` before its closing brace. */
export function joinFacets(body: Buffer, facets: FacetCounts, check: boolean): Buffer {
  if (body[body.length - 1] !== 0x7d) throw new Error('GET /public/offers: the body is no JSON object');
  const joined = Buffer.concat([body.subarray(0, body.length - 1), facetsTail(facets)]);
  if (check)
    encodeBody(SearchOffersResponseSchema, JSON.parse(joined.toString('utf8')), {
      check,
      label: 'GET /public/offers?facets=1: the 200 body',
    });
  return joined;
}
