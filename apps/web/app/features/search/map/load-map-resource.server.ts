import { CURRENCIES, type Currency, isLocale } from '@estately/domain';
import type { LoaderFunctionArgs } from 'react-router';
import { webConfigContext } from '../../../config.server.ts';
import { errorText, requestApi, requestLog } from '../../../request-state.server.ts';
import { basemapFile, encodedBody, isBasemapLayer, offlineStyle } from './basemap.server.ts';
import { pmtilesStyle } from './basemap-pmtiles.server.ts';
import { loadMapCard } from './load-map-card.server.ts';
import { priceLayerTexts } from './price-layer-texts.server.ts';

// Resources of the results page's map mode (issue 9), at /map/{file}:
// - style.json, land.geojson, borders.geojson: the offline basemap (no MapTiler key), built
//   from Natural Earth in the world-atlas package; cached a day by browsers and proxies; with
//   MAP_PMTILES_URL, style.json is the street style over that PMTiles file instead;
// - card?id&lat&lng&locale&currency: the card of a map point as JSON, formatted in the locale;
// - price-texts?locale: the price layer's message patterns (decision 073).

const json = (value: unknown, status: number, cache: string) =>
  new Response(JSON.stringify(value), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': cache },
  });

const BASEMAP_CACHE = 'public, max-age=86400';

function finite(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

export async function loadMapResource({ request, context, params }: LoaderFunctionArgs) {
  const config = context.get(webConfigContext);
  const url = new URL(request.url);
  const file = params.file ?? '';
  if (file === 'style.json') {
    const style = config.pmtiles
      ? pmtilesStyle(config.pmtiles)
      : offlineStyle(config.publicWebUrl ?? url.origin);
    return json(style, 200, BASEMAP_CACHE);
  }
  const layer = file.endsWith('.geojson') ? file.slice(0, -'.geojson'.length) : '';
  if (isBasemapLayer(layer)) {
    const { body, encoding } = encodedBody(await basemapFile(layer), request.headers.get('accept-encoding'));
    const headers: Record<string, string> = {
      'Content-Type': 'application/geo+json',
      'Cache-Control': BASEMAP_CACHE,
      Vary: 'Accept-Encoding',
    };
    if (encoding) headers['Content-Encoding'] = encoding;
    return new Response(new Uint8Array(body), { headers });
  }
  // The price layer's texts (decision 073), fetched with its code when it is switched on.
  if (file === 'price-texts') {
    const locale = url.searchParams.get('locale') ?? '';
    if (!isLocale(locale)) return json({ error: 'validation_errors' }, 422, 'no-store');
    return json(priceLayerTexts(locale), 200, 'public, max-age=3600');
  }
  if (file === 'card') {
    const id = finite(url.searchParams.get('id'));
    const lat = finite(url.searchParams.get('lat'));
    const lng = finite(url.searchParams.get('lng'));
    const locale = url.searchParams.get('locale') ?? '';
    const currency = url.searchParams.get('currency') ?? '';
    if (
      id === null ||
      !Number.isInteger(id) ||
      id < 1 ||
      lat === null ||
      Math.abs(lat) > 90 ||
      lng === null ||
      Math.abs(lng) > 180 ||
      !isLocale(locale) ||
      !(CURRENCIES as readonly string[]).includes(currency)
    ) {
      return json({ error: 'validation_errors' }, 422, 'no-store');
    }
    const api = requestApi(context, request, config).client;
    try {
      const card = await loadMapCard({
        api,
        id,
        lat,
        lng,
        locale,
        currency: currency as Currency,
        publicApiUrl: config.publicApiUrl,
        signal: request.signal,
      });
      return card
        ? json({ card }, 200, 'public, max-age=60')
        : json({ error: 'not_found' }, 404, 'public, max-age=60');
    } catch (error) {
      if (!request.signal.aborted) requestLog(context).warn({ error: errorText(error) }, 'map card failed');
      return json({ error: 'service_unavailable' }, 503, 'no-store');
    }
  }
  return json({ error: 'not_found' }, 404, 'public, max-age=3600');
}
