import { type Locale, LocationAutocompleteResponseSchema, type LocationSuggestion } from '@estately/domain';
import { type KeyboardEvent, type MouseEvent, useEffect, useId, useState } from 'react';
import { browserApi } from '../../api/browser-api.ts';
import type { Text } from '../auth/form-ui.tsx';
import { usePlaceSuggestions } from '../place-suggestions/use-place-suggestions.ts';

// The location step's helpers: a place search over GET /public/locations/autocomplete (an ARIA
// 1.2 combobox: arrows move, Enter picks, Escape closes) that fills the city, district and the
// pin; and a pin picker without map tiles: a square around the pin, moved by a click, by the
// arrow keys while it has focus, or by four buttons. It edits the latitude and longitude fields.

export function AddressSearch(props: {
  apiUrl: string;
  locale: Locale;
  countryCode: () => string;
  t: Text;
  onPick: (place: LocationSuggestion) => void;
}) {
  const { t } = props;
  const id = useId();
  const listId = `${id}-list`;
  const { input, query, setQuery, places, open, setOpen, active, setActive, empty, search } =
    usePlaceSuggestions<LocationSuggestion>({
      load: async (text, signal) =>
        LocationAutocompleteResponseSchema.parse(
          await browserApi(props.apiUrl).get('/public/locations/autocomplete', {
            query: { q: text, locale: props.locale, limit: 8, country_code: props.countryCode() || null },
            signal,
          }),
        ).data,
      whenBlank: () => [],
      openOnAnswer: true,
    });

  const pick = (place: LocationSuggestion) => {
    setOpen(false);
    setQuery(place.parent_name ? `${place.name}, ${place.parent_name}` : place.name);
    props.onPick(place);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && places.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index + 1) % places.length);
    } else if (event.key === 'ArrowUp' && places.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index <= 0 ? places.length - 1 : index - 1));
    } else if (event.key === 'Enter' && open && active >= 0 && places[active]) {
      // Enter picks the highlighted place instead of sending the step's form.
      event.preventDefault();
      pick(places[active]);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

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
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-describedby={`${id}-hint`}
        aria-activedescendant={expanded && active >= 0 ? `${id}-option-${active}` : undefined}
        value={query}
        data-testid="address-search"
        onChange={(event) => {
          setQuery(event.currentTarget.value);
          search(event.currentTarget.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
      />
      <div id={listId} role="listbox" className="editor-address__list" hidden={!expanded}>
        {places.map((place, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: options are chosen with the input's arrow keys and Enter
          // biome-ignore lint/a11y/useFocusableInteractive: focus stays in the input (aria-activedescendant)
          <div
            key={place.id}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === active}
            className={index === active ? 'is-active' : undefined}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(place)}
          >
            {place.name}
            {place.parent_name ? <span className="editor-address__parent">, {place.parent_name}</span> : null}
          </div>
        ))}
      </div>
      <p role="status" className="field__hint">
        {empty ? t('error.no_results') : ''}
      </p>
    </div>
  );
}

// The square shows about 1.2 km north to south; a key press moves the pin about 11 m (50 m with
// Shift), a button press 22 m.
const SPAN_DEG = 0.011;
const KEY_STEP = 0.0001;

const round = (value: number) => Math.round(value * 1e6) / 1e6;

export function PinPicker(props: {
  latitude: number | null;
  longitude: number | null;
  t: Text;
  onMove: (latitude: number, longitude: number) => void;
}) {
  const { t, latitude, longitude } = props;
  const hintId = useId();
  // The square stays put while the pin moves inside it; it re-centres when the pin leaves it.
  const [center, setCenter] = useState<[number, number] | null>(
    latitude !== null && longitude !== null ? [latitude, longitude] : null,
  );
  useEffect(() => {
    if (latitude === null || longitude === null) return;
    setCenter((current) => {
      if (!current) return [latitude, longitude];
      const cos = Math.max(0.2, Math.cos((current[0] * Math.PI) / 180));
      const outside =
        Math.abs(latitude - current[0]) > SPAN_DEG / 2 ||
        Math.abs(longitude - current[1]) > SPAN_DEG / cos / 2;
      return outside ? [latitude, longitude] : current;
    });
  }, [latitude, longitude]);
  if (latitude === null || longitude === null || !center) return null;
  const cos = Math.max(0.2, Math.cos((center[0] * Math.PI) / 180));
  const lngSpan = SPAN_DEG / cos;
  const x = 50 + ((longitude - center[1]) / lngSpan) * 100;
  const y = 50 - ((latitude - center[0]) / SPAN_DEG) * 100;
  const move = (north: number, east: number) =>
    props.onMove(
      round(Math.max(-90, Math.min(90, latitude + north))),
      round(Math.max(-180, Math.min(180, longitude + east / cos))),
    );
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    // The square is drawn left to right in every writing direction (east is always right).
    const fx = (event.clientX - box.left) / box.width;
    const fy = (event.clientY - box.top) / box.height;
    props.onMove(round(center[0] + (0.5 - fy) * SPAN_DEG), round(center[1] + (fx - 0.5) * lngSpan));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? KEY_STEP * 5 : KEY_STEP;
    const moves: Record<string, [number, number]> = {
      ArrowUp: [step, 0],
      ArrowDown: [-step, 0],
      ArrowRight: [0, step],
      ArrowLeft: [0, -step],
    };
    const delta = moves[event.key];
    if (!delta) return;
    event.preventDefault();
    move(delta[0], delta[1]);
  };
  const position = t('editor.pin_position', { lat: latitude.toFixed(5), lng: longitude.toFixed(5) });
  return (
    <div className="pin-picker">
      <p className="field__label">{t('editor.map_pin')}</p>
      <p id={hintId} className="field__hint">
        {t('editor.pin_hint')}
      </p>
      <div
        className="pin-picker__map"
        role="application"
        aria-label={t('editor.map_pin')}
        aria-describedby={hintId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the square is an application that takes the arrow keys
        tabIndex={0}
        dir="ltr"
        data-testid="pin-picker"
        onClick={onClick}
        onKeyDown={onKeyDown}
      >
        {/* Drawn with SVG attributes: the page's CSP allows no inline styles. */}
        <svg viewBox="0 0 100 100" preserveAspectRatio="none" aria-hidden="true" focusable="false">
          {[20, 40, 60, 80].map((line) => (
            <g key={line} className="pin-picker__grid">
              <line x1={line} y1={0} x2={line} y2={100} />
              <line x1={0} y1={line} x2={100} y2={line} />
            </g>
          ))}
          <g transform={`translate(${x.toFixed(2)} ${y.toFixed(2)})`} className="pin-picker__pin">
            <circle r={3.2} />
            <circle r={1.1} className="pin-picker__dot" />
          </g>
        </svg>
      </div>
      <p role="status" className="field__hint" data-testid="pin-position">
        {position}
      </p>
      <div className="inline-actions pin-picker__buttons">
        <button type="button" className="button" onClick={() => move(KEY_STEP * 2, 0)}>
          {t('editor.move_north')}
        </button>
        <button type="button" className="button" onClick={() => move(-KEY_STEP * 2, 0)}>
          {t('editor.move_south')}
        </button>
        <button type="button" className="button" onClick={() => move(0, KEY_STEP * 2)}>
          {t('editor.move_east')}
        </button>
        <button type="button" className="button" onClick={() => move(0, -KEY_STEP * 2)}>
          {t('editor.move_west')}
        </button>
      </div>
    </div>
  );
}
