import {
  isLocale,
  OfferDetailSchema,
  type PointsOfInterestResponse,
  PointsOfInterestResponseSchema,
} from '@estately/domain';
import type { LoaderFunctionArgs } from 'react-router';
import { webConfigContext } from '../../config.server.ts';
import { errorText, requestLog, visitorHeaders } from '../../request-state.server.ts';
import { renderStaticMapSvg } from './static-map.ts';
import { formatMapDistance, staticMapPlaces } from './static-map-view.server.ts';

// GET /static-maps/{locale}/{id}.svg: the offer's static map (static-map.ts), drawn from the
// public offer and its points of interest. Public data only, so shared caches may keep it an
// hour; an unknown offer is a 404, an API failure a 503 (the page's <img> then shows its alt).

const FILE = /^([1-9]\d{0,15})\.svg$/;
const TIMEOUT_MS = 4_000;

const notFound = () => new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain' } });

export async function loadStaticMap({ params, context }: LoaderFunctionArgs) {
  const locale = params.locale;
  const id = FILE.exec(params.file ?? '')?.[1];
  if (!locale || !isLocale(locale) || !id) return notFound();
  const { apiUrl } = context.get(webConfigContext);
  const headers = visitorHeaders(context);
  const get = (path: string) =>
    fetch(`${apiUrl}${path}`, { headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
  let offer: { latitude: number; longitude: number };
  let places: PointsOfInterestResponse | null = null;
  try {
    const [detail, poi] = await Promise.all([
      get(`/public/offers/${id}`),
      get(`/public/offers/${id}/points_of_interest`).catch(() => null),
    ]);
    if (detail.status === 404) return notFound();
    if (!detail.ok) throw new Error(`offer ${id}: ${detail.status}`);
    offer = OfferDetailSchema.parse(await detail.json());
    // The map without places is still the offer's location.
    if (poi?.ok) places = PointsOfInterestResponseSchema.parse(await poi.json());
  } catch (error) {
    requestLog(context).warn({ offer: id, error: errorText(error) }, 'static map failed');
    return new Response('Service Unavailable', { status: 503, headers: { 'retry-after': '30' } });
  }
  const svg = renderStaticMapSvg({
    latitude: offer.latitude,
    longitude: offer.longitude,
    places: staticMapPlaces(places),
    formatDistance: (metres) => formatMapDistance(locale, metres),
  });
  return new Response(svg, {
    headers: {
      'content-type': 'image/svg+xml; charset=utf-8',
      'cache-control': 'public, max-age=3600, stale-while-revalidate=86400',
      'x-content-type-options': 'nosniff',
      // An SVG opened on its own runs nothing and loads nothing.
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}
