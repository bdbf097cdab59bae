import { StreetMapSlot, type StreetMapView } from './offer-street-map.tsx';
import type { MarkerStyle } from './static-map.ts';

// The static map of the detail page (static-map.ts draws it on our server): an <img> that is
// loaded lazily and keeps its box from the start (width and height set, so nothing shifts), with
// a text alternative, and a legend in the page's language whose symbols match the markers.

export interface StaticMapView {
  src: string;
  width: number;
  height: number;
  alt: string;
  heading: string;
  legend: { label: string; style: MarkerStyle }[];
  /** The offer's own pin in the legend. */
  offerLabel: string;
}

function Swatch({ style }: { style: MarkerStyle }) {
  const paint = { fill: style.color, stroke: '#ffffff', strokeWidth: 1.5 };
  return (
    <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true" focusable="false">
      {style.shape === 'square' && <rect x="3" y="3" width="12" height="12" rx="2" {...paint} />}
      {style.shape === 'diamond' && <path d="M9 1L17 9L9 17L1 9Z" {...paint} />}
      {style.shape === 'triangle' && <path d="M9 1L16 15H2Z" {...paint} />}
      {style.shape === 'circle' && <circle cx="9" cy="9" r="6.5" {...paint} />}
    </svg>
  );
}

/** With `street` (a street basemap is configured) the image is covered by a live map in view. */
export function StaticMap({ view, street = null }: { view: StaticMapView; street?: StreetMapView | null }) {
  const image = (
    <img
      src={view.src}
      alt={view.alt}
      width={view.width}
      height={view.height}
      loading="lazy"
      decoding="async"
      data-testid="static-map-image"
    />
  );
  return (
    <section aria-labelledby="static-map-heading" data-testid="static-map">
      <h2 id="static-map-heading">{view.heading}</h2>
      <figure className="static-map">
        {street ? <StreetMapSlot street={street}>{image}</StreetMapSlot> : image}
        <figcaption>
          <ul className="static-map__legend" data-testid="static-map-legend">
            <li>
              <Swatch style={{ color: '#0a5bb5', shape: 'circle' }} />
              {view.offerLabel}
            </li>
            {view.legend.map((entry) => (
              <li key={entry.label}>
                <Swatch style={entry.style} />
                {entry.label}
              </li>
            ))}
          </ul>
        </figcaption>
      </figure>
    </section>
  );
}
