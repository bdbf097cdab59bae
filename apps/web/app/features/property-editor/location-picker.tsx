import {
  type Locale,
  LocationAutocompleteResponseSchema,
  type LocationSuggestion,
  ReverseLocationResponseSchema,
} from '@estately/domain';
import { lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import { browserApi } from '../../api/browser-api.ts';
import type { FormResult, Text } from '../../ui/forms/form-ui.tsx';
import {
  comboboxInputAttributes,
  comboboxKeyHandler,
  PlaceListbox,
} from '../../ui/place-suggestions/place-combobox.tsx';
import { usePlaceSuggestions } from '../../ui/place-suggestions/use-place-suggestions.ts';
import { EditorInput, shownValue } from './editor-fields.tsx';
import type { EditorData, EditorField } from './editor-model.ts';
import type { PinMove } from './location-map.tsx';

// The location step's helpers: a place search over GET /public/locations/autocomplete (an ARIA
// 1.2 combobox: arrows move, Enter picks, Escape closes) that offers cities and city parts
// ("Brno-Kr" gives "Brno-Královo Pole, Brno") and fills the city, the city part and the pin; a
// map with the pin (location-map.tsx, loaded only here) whose moves fill the city and city part
// by reverse lookup; and, without WebGL, a pin picker without map tiles: a square around the
// pin, moved by a click, by the arrow keys while it has focus, or by four buttons. Latitude and
// longitude stay form fields in a disclosure, so the step works without scripts too.

const LocationMap = lazy(() => import('./location-map.tsx'));

export function AddressSearch(props: {
  apiUrl: string;
  locale: Locale;
  countryCode: () => string;
  t: Text;
  onPick: (place: LocationSuggestion) => void;
}) {
  const { t } = props;
  const id = useId();
  const { input, query, setQuery, places, open, setOpen, active, setActive, empty, search } =
    usePlaceSuggestions<LocationSuggestion>({
      load: async (text, signal) =>
        LocationAutocompleteResponseSchema.parse(
          await browserApi(props.apiUrl).get('/public/locations/autocomplete', {
            query: { q: text, locale: props.locale, limit: 8, country_code: props.countryCode() || null },
            signal,
          }),
        ).data.filter((place) => place.kind !== 'country'),
      whenBlank: () => [],
      openOnAnswer: true,
    });

  const pick = (place: LocationSuggestion) => {
    setOpen(false);
    setQuery(place.parent_name ? `${place.name}, ${place.parent_name}` : place.name);
    props.onPick(place);
  };

  // Enter picks only a highlighted place: without one it is the step form's.
  const onKeyDown = comboboxKeyHandler({
    places,
    open,
    active,
    setOpen,
    setActive,
    pick,
    wrap: true,
    enterPicksFirst: false,
  });

  const expanded = open && places.length > 0;
  return (
    <div className="field editor-address">
      <label htmlFor={`${id}-input`} className="field__label">
        {t('editor.address_search')}
      </label>
      <p id={`${id}-hint`} className="field__hint">
        {t('editor.address_hint')}
      </p>
      <input
        ref={input}
        id={`${id}-input`}
        type="text"
        {...comboboxInputAttributes(id, expanded, active)}
        aria-describedby={`${id}-hint`}
        value={query}
        data-testid="address-search"
        onChange={(event) => {
          setQuery(event.currentTarget.value);
          search(event.currentTarget.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
      />
      <PlaceListbox
        id={id}
        places={places}
        active={active}
        hidden={!expanded}
        className="editor-address__list"
        activeClassName="is-active"
        parentClassName="editor-address__parent"
        onPick={pick}
      />
      <p role="status" className="field__hint">
        {empty ? t('error.no_results') : ''}
      </p>
    </div>
  );
}

/** A pause after the pin's last move before its place is looked up (a held arrow key). */
const LOOKUP_PAUSE_MS = 350;

type AddressName = 'city' | 'city_part';
type Offer = { name: AddressName; value: string };

/**
 * The location step's fields and their helpers: the place search, the map, city, city part,
 * street, ZIP, and the coordinates in an "exact coordinates" disclosure (open until the page's
 * code has come, so they can be typed without scripts). Returns the step form's field renderer.
 *
 * Moving the pin (a drag, a click, a key) asks GET /public/locations/reverse for the city and city
 * part there. A field is filled when it is empty or still holds what the pin or a picked place
 * put there; what the seller typed by hand is never overwritten: the step offers "Use <place>"
 * for it instead.
 */
export function useLocationFields(props: {
  data: EditorData;
  t: Text;
  result: FormResult | undefined;
  intent: string;
}): (field: EditorField, value: string) => ReactNode {
  const { data, t, result, intent } = props;
  const [latitude, setLatitude] = useState(shownValue(data.values, result, intent, 'latitude'));
  const [longitude, setLongitude] = useState(shownValue(data.values, result, intent, 'longitude'));
  const [focusKey, setFocusKey] = useState(0);
  const [found, setFound] = useState<string | null>(null);
  const [lookupFailed, setLookupFailed] = useState(false);
  const [offers, setOffers] = useState<Offer[]>([]);
  const [mounted, setMounted] = useState(false);
  const coordinateError = Boolean(
    result?.intent === intent && (result.errors?.latitude || result.errors?.longitude),
  );
  const [coordinatesOpen, setCoordinatesOpen] = useState(true);
  const coordinatesBox = useRef<HTMLDetailsElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after hydration
  useEffect(() => {
    setMounted(true);
    // With scripts the map takes the pin: the raw numbers fold away, unless they were refused or
    // the seller is typing in them (the page's code came while they did).
    const typing = coordinatesBox.current?.contains(document.activeElement) ?? false;
    if (!coordinateError && !typing) setCoordinatesOpen(false);
  }, []);
  const holder = useRef<HTMLDivElement>(null);
  /** What the pin or a picked place last put in each field (not typed by the seller). */
  const filled = useRef<Record<AddressName, string | null>>({ city: null, city_part: null });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const request = useRef<AbortController | null>(null);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      request.current?.abort();
    },
    [],
  );

  const input = (name: string) => {
    const field = holder.current?.closest('form')?.elements.namedItem(name);
    return field instanceof HTMLInputElement ? field : null;
  };
  const setField = (name: AddressName, value: string) => {
    const field = input(name);
    if (field) field.value = value;
    filled.current[name] = value;
  };

  /** Fills a field the seller has not typed in; otherwise offers the value. */
  const propose = (name: AddressName, value: string): Offer | null => {
    const field = input(name);
    if (!field) return null;
    const current = field.value.trim();
    if (current === value) {
      filled.current[name] = value;
      return null;
    }
    if (current === '' || current === filled.current[name]) {
      setField(name, value);
      return null;
    }
    return value === '' ? null : { name, value };
  };

  const lookUp = (lat: number, lng: number) => {
    clearTimeout(timer.current);
    request.current?.abort();
    timer.current = setTimeout(async () => {
      const controller = new AbortController();
      request.current = controller;
      try {
        const place = ReverseLocationResponseSchema.parse(
          await browserApi(data.apiUrl).get('/public/locations/reverse', {
            query: { lat, lng, locale: data.locale as Locale },
            signal: controller.signal,
          }),
        ).data;
        if (controller.signal.aborted) return;
        setLookupFailed(false);
        if (!place.city) {
          setFound(null);
          setOffers([]);
          return;
        }
        const next = [
          propose('city', place.city.name),
          propose('city_part', place.city_part?.name ?? ''),
        ].filter((offer): offer is Offer => offer !== null);
        setOffers(next);
        setFound(place.city_part ? `${place.city_part.name}, ${place.city.name}` : place.city.name);
      } catch {
        if (controller.signal.aborted) return;
        setLookupFailed(true);
        setFound(null);
        setOffers([]);
      }
    }, LOOKUP_PAUSE_MS);
  };

  const movePin = (lat: number, lng: number, _how: PinMove) => {
    setLatitude(String(lat));
    setLongitude(String(lng));
    lookUp(lat, lng);
  };

  const number = (text: string) => {
    const value = Number(text.replace(',', '.'));
    return text.trim() !== '' && Number.isFinite(value) ? value : null;
  };

  const mapPart = (
    <div className="location-step__map">
      <p className="field__label">{t('editor.map_pin')}</p>
      {mounted ? (
        <Suspense
          fallback={
            <p className="field__hint" role="status">
              {t('map.loading')}
            </p>
          }
        >
          <LocationMap
            apiUrl={data.apiUrl}
            locale={data.locale as Locale}
            latitude={number(latitude)}
            longitude={number(longitude)}
            focusKey={focusKey}
            t={t}
            onMove={movePin}
          />
        </Suspense>
      ) : (
        <noscript>
          <p className="field__hint">{t('editor.location_map_needs_scripts')}</p>
        </noscript>
      )}
      <p role="status" className="field__hint" data-testid="location-found">
        {lookupFailed
          ? t('editor.location_lookup_failed')
          : found
            ? t('editor.location_pin_in', { place: found })
            : number(latitude) === null || number(longitude) === null
              ? mounted
                ? t('editor.location_no_pin')
                : ''
              : ''}
      </p>
      {offers.length > 0 && (
        <div className="inline-actions location-step__offers" data-testid="location-offers">
          {offers.map((offer) => (
            <button
              key={offer.name}
              type="button"
              className="button"
              data-testid={`use-${offer.name}`}
              onClick={() => {
                setField(offer.name, offer.value);
                setOffers((current) => current.filter((item) => item.name !== offer.name));
              }}
            >
              {t(offer.name === 'city' ? 'editor.location_use_city' : 'editor.location_use_city_part', {
                place: offer.value,
              })}
            </button>
          ))}
        </div>
      )}
    </div>
  );

  return (field, value) => {
    if (field.name === 'city')
      return (
        <div key="search" ref={holder}>
          <AddressSearch
            apiUrl={data.apiUrl}
            locale={data.locale as Locale}
            countryCode={() => String(data.values.country_code ?? '')}
            t={t}
            onPick={(place) => {
              const isPart = place.kind === 'city_part' && place.parent_name;
              // A place the seller picked is theirs: it replaces what was there.
              setField('city', isPart ? (place.parent_name ?? '') : place.name);
              setField('city_part', isPart ? place.name : '');
              setOffers([]);
              setLookupFailed(false);
              setFound(isPart ? `${place.name}, ${place.parent_name}` : place.name);
              clearTimeout(timer.current);
              request.current?.abort();
              setLatitude(String(place.latitude));
              setLongitude(String(place.longitude));
              setFocusKey((key) => key + 1);
            }}
          />
          {mapPart}
          <EditorInput field={field} value={value} t={t} />
        </div>
      );
    // Both coordinates sit in one disclosure, rendered in the latitude's place.
    if (field.name === 'longitude') return null;
    if (field.name === 'latitude') {
      const longitudeField = data.fields.find((item) => item.name === 'longitude');
      return (
        <details
          ref={coordinatesBox}
          key="coordinates"
          className="location-step__coordinates"
          open={coordinatesOpen}
          onToggle={(event) => setCoordinatesOpen(event.currentTarget.open)}
          data-testid="location-coordinates"
        >
          <summary>{t('editor.location_coordinates')}</summary>
          <p className="field__hint">{t('editor.location_coordinates_hint')}</p>
          <EditorInput field={field} value={latitude} controlled onChange={setLatitude} t={t} />
          {longitudeField && (
            <EditorInput field={longitudeField} value={longitude} controlled onChange={setLongitude} t={t} />
          )}
        </details>
      );
    }
    return <EditorInput key={field.name} field={field} value={value} t={t} />;
  };
}
