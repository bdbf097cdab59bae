import {
  type BoundingBox,
  type Currency,
  type Locale,
  type OfferType,
  PRICE_MAP_LOCALITY_ZOOM,
  type PriceMapFigure,
  type PriceMapResponse,
  PriceMapResponseSchema,
  priceMapLevel,
} from '@estately/domain';
import type { Map as MapLibreMap, Marker } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { viewportToBox, WORLD_BOX, zoomForBox } from './map-geometry.ts';
import { formatPriceText, type PriceLayerTexts } from './price-layer-texts.ts';
import './price-layer.css';

// The price map layer (issue 44 point 5, decision 073), loaded only when its switch is on: the
// median price per m² of each country (zoomed out) or each town in view (zoomed in) as labelled
// markers coloured by class, a legend that gives every colour its range in words, the minimum
// and how fresh the figures are, and the same figures as a list for screen readers and keyboards.
// Without WebGL (no map) the legend and the list are the layer.

/** Pause after the map stops before the figures of the new view are asked for. */
const VIEW_PAUSE_MS = 250;
/** A town's marker zooms the map this close. */
const LOCALITY_FOCUS_ZOOM = 11;

type View = { box: BoundingBox; zoom: number };
type State = { status: 'loading' } | { status: 'error' } | { status: 'ready'; answer: PriceMapResponse };

/** The viewport widened to whole quarter degrees: the same area asks the same URL (HTTP cache). */
function roundedBox(box: BoundingBox): string {
  const down = (value: number) => Math.floor(value * 4) / 4;
  const up = (value: number) => Math.ceil(value * 4) / 4;
  const south = Math.max(-90, down(box.south));
  const north = Math.min(90, up(box.north));
  const west = Math.max(-180, down(box.west));
  const east = Math.min(180, up(box.east));
  return [south, west, north, east].join(',');
}

function priceFormat(tag: string, currency: Currency, value: number, compact: boolean): string {
  return new Intl.NumberFormat(tag, {
    style: 'currency',
    currency,
    notation: compact && value >= 10_000 ? 'compact' : 'standard',
    maximumFractionDigits: value < 100 ? 1 : compact && value >= 10_000 ? 1 : 0,
  }).format(value);
}

export default function PriceLayer(props: {
  /** The live map; null without WebGL. */
  getMap: () => MapLibreMap | null;
  /** The search's area, for the layer without a map. */
  bbox: BoundingBox | undefined;
  apiUrl: string;
  locale: Locale;
  tag: string;
  currency: Currency;
  offerType: OfferType;
}) {
  const { getMap, bbox, apiUrl, locale, tag, currency, offerType } = props;
  const [texts, setTexts] = useState<PriceLayerTexts | null>(null);
  const [view, setView] = useState<View | null>(null);
  const [state, setState] = useState<State>({ status: 'loading' });
  const markers = useRef<Marker[]>([]);
  const [map, setMap] = useState<MapLibreMap | null>(null);

  // The layer's words, once (cached by the browser an hour).
  useEffect(() => {
    let cancelled = false;
    fetch(`/map/price-texts?locale=${encodeURIComponent(locale)}`)
      .then((response) =>
        response.ok ? response.json() : Promise.reject(new Error(String(response.status))),
      )
      .then((body: PriceLayerTexts) => {
        if (!cancelled) setTexts(body);
      })
      .catch(() => {
        if (!cancelled) setState({ status: 'error' });
      });
    return () => {
      cancelled = true;
    };
  }, [locale]);

  // The map may still be on its way when the switch is pressed: wait for it.
  useEffect(() => {
    const found = getMap();
    if (found) {
      setMap(found);
      return;
    }
    const timer = setInterval(() => {
      const later = getMap();
      if (later) {
        setMap(later);
        clearInterval(timer);
      }
    }, 200);
    return () => clearInterval(timer);
  }, [getMap]);

  // What the map shows: its viewport and zoom after each move; without a map the search's area.
  useEffect(() => {
    if (!map) {
      const box = bbox ?? WORLD_BOX;
      setView({ box, zoom: zoomForBox(box, 640, 480) });
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () => {
      const bounds = map.getBounds();
      setView({
        box: viewportToBox({
          south: bounds.getSouth(),
          west: bounds.getWest(),
          north: bounds.getNorth(),
          east: bounds.getEast(),
        }),
        zoom: map.getZoom(),
      });
    };
    const onMove = () => {
      clearTimeout(timer);
      timer = setTimeout(read, VIEW_PAUSE_MS);
    };
    read();
    map.on('moveend', onMove);
    return () => {
      clearTimeout(timer);
      map.off('moveend', onMove);
    };
  }, [map, bbox]);

  // The figures of the view: one ask per level and (for towns) rounded area.
  const level = view ? priceMapLevel(view.zoom) : null;
  const area = view && level === 'locality' ? roundedBox(view.box) : '';
  useEffect(() => {
    if (!level) return;
    const controller = new AbortController();
    const query = new URLSearchParams({ offer_type: offerType, level, currency, locale });
    if (level === 'locality') query.set('bbox', area);
    setState((current) => (current.status === 'ready' ? current : { status: 'loading' }));
    fetch(`${apiUrl}/public/price_map?${query}`, { signal: controller.signal })
      .then((response) =>
        response.ok ? response.json() : Promise.reject(new Error(String(response.status))),
      )
      .then((body: unknown) => setState({ status: 'ready', answer: PriceMapResponseSchema.parse(body) }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      });
    return () => controller.abort();
  }, [apiUrl, offerType, currency, locale, level, area]);

  const answer = state.status === 'ready' ? state.answer : null;
  const price = (value: number, compact = false) =>
    priceFormat(tag, answer?.currency ?? currency, value, compact);
  const figureText = (figure: PriceMapFigure) =>
    texts
      ? formatPriceText(texts, 'map.price_figure', tag, {
          place: figure.name,
          price: price(figure.median_price_per_m2),
          count: figure.offers,
        })
      : figure.name;

  // Markers: buttons with the figure as text, so they are labelled, focusable and need no glyphs.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the answer, texts and locale decide every marker (price and figureText are derived from them)
  useEffect(() => {
    if (!map || !answer || !texts) return;
    let cancelled = false;
    void (async () => {
      const { maplibre } = await import('../../../ui/map/maplibre-setup.ts');
      if (cancelled) return;
      for (const marker of markers.current) marker.remove();
      markers.current = [];
      for (const figure of answer.data) {
        const element = document.createElement('button');
        element.type = 'button';
        element.className = `price-marker price-marker--class-${figure.price_class}`;
        element.textContent = formatPriceText(texts, 'map.price_value', tag, {
          price: price(figure.median_price_per_m2, true),
        });
        // The visible figure starts the accessible name (WCAG 2.5.3, label in name).
        element.setAttribute('aria-label', `${element.textContent}, ${figureText(figure)}`);
        element.dataset.testid = 'price-marker';
        element.dataset.locationId = String(figure.location_id);
        element.dataset.priceClass = String(figure.price_class);
        element.addEventListener('click', (event) => {
          event.stopPropagation();
          // A country opens its towns, a town comes closer; a visitor's move, so it searches there.
          const zoom =
            answer.level === 'country'
              ? PRICE_MAP_LOCALITY_ZOOM
              : Math.max(map.getZoom() + 1, LOCALITY_FOCUS_ZOOM);
          map.easeTo(
            { center: [figure.longitude, figure.latitude], zoom, duration: 300 },
            { byVisitor: true },
          );
        });
        markers.current.push(
          new maplibre.Marker({ element, anchor: 'top', offset: [0, 6] })
            .setLngLat([figure.longitude, figure.latitude])
            .addTo(map),
        );
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [map, answer, texts, tag]);
  useEffect(
    () => () => {
      for (const marker of markers.current) marker.remove();
      markers.current = [];
    },
    [],
  );

  // Until the layer's words arrive there is nothing to say in the visitor's language.
  if (!texts) return null;
  const t = (key: Parameters<typeof formatPriceText>[1], values?: Record<string, string | number>) =>
    formatPriceText(texts, key, tag, values);
  const title = t(offerType === 'rent' ? 'map.price_title_rent' : 'map.price_title_sale');
  const scale = answer?.scale ?? [];
  const ranges =
    answer && answer.data.length > 0 && scale.length > 0
      ? [
          t('map.price_below', { price: price(scale[0]!) }),
          ...scale
            .slice(1)
            .map((to, index) => t('map.price_between', { from: price(scale[index]!), to: price(to) })),
          t('map.price_above', { price: price(scale[scale.length - 1]!) }),
        ]
      : [];
  const sorted = answer ? [...answer.data].sort((a, b) => a.name.localeCompare(b.name, tag)) : [];
  const asOf = answer?.computed_at
    ? t('map.price_as_of', {
        date: new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' }).format(
          new Date(answer.computed_at),
        ),
        hours: answer.refresh_hours,
      })
    : answer
      ? t('map.price_not_yet')
      : null;

  return (
    <section
      className="price-legend"
      aria-labelledby="price-legend-title"
      aria-busy={state.status === 'loading'}
      data-testid="price-legend"
      data-level={answer?.level}
    >
      <h2 className="price-legend__title" id="price-legend-title">
        {title}
      </h2>
      {answer && (
        <p className="price-legend__note">
          {t(answer.level === 'country' ? 'map.price_level_country' : 'map.price_level_locality')}
        </p>
      )}
      {state.status === 'loading' && <p role="status">{t('map.loading')}</p>}
      {state.status === 'error' && <p role="alert">{t('map.price_error')}</p>}
      {ranges.length > 0 && (
        <ul className="price-legend__scale" data-testid="price-scale">
          {ranges.map((range, index) => (
            <li key={range} data-price-class={index}>
              <span className={`price-legend__swatch price-marker--class-${index}`} aria-hidden="true" />
              {range}
            </li>
          ))}
        </ul>
      )}
      {answer && answer.data.length === 0 && <p>{t('map.price_empty')}</p>}
      {answer && (
        <p className="price-legend__note" data-testid="price-hidden">
          {t('map.price_hidden', { min: answer.min_offers, count: answer.hidden })}
        </p>
      )}
      {asOf && (
        <p className="price-legend__note" data-testid="price-as-of">
          {asOf}
        </p>
      )}
      {sorted.length > 0 && (
        <details className="price-legend__list">
          <summary>{t('map.price_list')}</summary>
          <ul data-testid="price-list">
            {sorted.map((figure) => (
              <li key={figure.location_id} data-location-id={figure.location_id}>
                {figureText(figure)}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
