import type { Currency, Locale, SearchFilters } from '@estately/domain';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { MapTexts } from './map-texts.ts';

// Map mode of the results page (issue 9). Everything here is in the page's first load and tiny:
// the toggle and the map's frame (where the toggle goes, map-toggle-url.ts, is fetched when it is
// pressed). The map itself (map-view.tsx, and MapLibre inside it) is a dynamic import that runs
// only once the map is open, so the list costs nothing more.

const MapView = lazy(() => import('./map-view.tsx'));

/** What the results loader sends for the map (search-map-data.server.ts). */
export interface SearchMapData {
  open: boolean;
  texts: MapTexts;
  currency: Currency;
}

/** The "Map" toggle: opens the map (map=1 in the URL) or closes it (and drops the map's area). */
export function MapToggle(props: { locale: Locale; filters: SearchFilters; map: SearchMapData }) {
  const { locale, filters, map } = props;
  const navigate = useNavigate();
  const location = useLocation();
  const toggle = async () => {
    const { mapToggleUrl } = await import('./map-toggle-url.ts');
    const target = await mapToggleUrl(locale, filters, map.open, location.pathname + location.search);
    void navigate(target, { preventScrollReset: true });
  };
  return (
    <button
      type="button"
      className="button map-toggle"
      aria-pressed={map.open}
      onClick={() => void toggle()}
      data-testid="map-toggle"
    >
      {map.texts['map.toggle']}
    </button>
  );
}

/**
 * The map beside the list (wide screens) or instead of it (narrow ones; search-map-layout.css).
 * Rendered on the server as an empty frame with its label; the map loads after hydration.
 */
export function MapPanel(props: { locale: Locale; filters: SearchFilters; map: SearchMapData }) {
  const { map } = props;
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  // The spec's map UI state (map-ui-state.ts) is set by the map view while it is open.
  if (!map.open) return null;
  const placeholder = (
    <p className="search-map__placeholder" role="status">
      {map.texts['map.loading']}
    </p>
  );
  return (
    <section className="search-map" aria-label={map.texts['map.region']} data-testid="search-map">
      {mounted ? (
        <Suspense fallback={placeholder}>
          <MapView locale={props.locale} filters={props.filters} currency={map.currency} texts={map.texts} />
        </Suspense>
      ) : (
        placeholder
      )}
    </section>
  );
}
