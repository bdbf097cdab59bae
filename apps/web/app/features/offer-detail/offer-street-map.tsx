import { type ReactNode, useEffect, useRef } from 'react';
import { useShellData } from '../../shell/use-shell-data.ts';
import type { MarkerStyle } from './static-map.ts';

// The detail page's street map (docs/decisions/051): with a street basemap configured, the
// static map image is covered by an interactive MapLibre map of the offer and its nearby places
// once the image comes into view. Only this observer is in the page's first load; the map's
// code (offer-street-map-view.ts, then MapLibre) is fetched when it is needed. Without
// JavaScript or WebGL the image stays, as it does on sites without a street basemap.

export interface StreetMapView {
  latitude: number;
  longitude: number;
  places: (MarkerStyle & { latitude: number; longitude: number })[];
  texts: { title: string; zoomIn: string; zoomOut: string; attribution: string };
}

/** Start loading this far before the image scrolls into view. */
const AHEAD = '200px';

export function StreetMapSlot({ street, children }: { street: StreetMapView; children: ReactNode }) {
  const container = useRef<HTMLDivElement>(null);
  const shell = useShellData();
  const styleUrl = shell?.publicConfig.mapStyleUrl ?? '/map/style.json';
  const pmtiles = shell?.publicConfig.mapPmtiles === true;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the map is made once per offer page; its data does not change while shown.
  useEffect(() => {
    const element = container.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    let remove: (() => void) | null = null;
    let cancelled = false;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void import('./offer-street-map-view.ts').then(async ({ showStreetMap }) => {
          if (cancelled) return;
          const done = await showStreetMap(element, street, styleUrl, pmtiles);
          if (cancelled) done?.();
          else remove = done;
        });
      },
      { rootMargin: AHEAD },
    );
    observer.observe(element);
    return () => {
      cancelled = true;
      observer.disconnect();
      remove?.();
    };
  }, []);
  return (
    <div className="offer-street-map-slot">
      {children}
      <div ref={container} className="offer-street-map" data-testid="offer-street-map" />
    </div>
  );
}
