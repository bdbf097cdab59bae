import type { BoundingBox, Currency, Locale, OfferType } from '@estately/domain';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { lazy, type RefObject, Suspense, useCallback, useState } from 'react';
import { useI18n } from '../../../i18n/i18n-context.tsx';
import './price-layer-switch.css';

// The price layer's switch on the open map (issue 44 point 5, decision 073). The layer itself
// (price-layer.tsx, its styles and texts) is a chunk of its own, fetched when the switch is first
// pressed: the map's first load does not grow, and the results page's first load not at all.

const PriceLayer = lazy(() => import('./price-layer.tsx'));

export default function PriceLayerSwitch(props: {
  mapRef: RefObject<MapLibreMap | null>;
  bbox: BoundingBox | undefined;
  apiUrl: string;
  locale: Locale;
  currency: Currency;
  /** The search's offer type: sale figures for a sale search, rents for a rent search. */
  offerType: OfferType;
  label: string;
}) {
  const { mapRef, bbox, apiUrl, locale, currency, offerType, label } = props;
  const { tag } = useI18n();
  const [on, setOn] = useState(false);
  const getMap = useCallback(() => mapRef.current, [mapRef]);
  return (
    <>
      <button
        type="button"
        className="button price-layer-toggle"
        aria-pressed={on}
        onClick={() => setOn((value) => !value)}
        data-testid="price-layer-toggle"
      >
        {label}
      </button>
      {on && (
        <Suspense fallback={null}>
          <PriceLayer
            getMap={getMap}
            bbox={bbox}
            apiUrl={apiUrl}
            locale={locale}
            tag={tag}
            currency={currency}
            offerType={offerType}
          />
        </Suspense>
      )}
    </>
  );
}
