import { type Locale, LocationAutocompleteResponseSchema, type LocationSuggestion } from '@estately/domain';
import { useId, useRef, useState } from 'react';
import { browserApi } from '../../api/browser-api.ts';
import {
  comboboxInputAttributes,
  comboboxKeyHandler,
  PlaceListbox,
} from '../../ui/place-suggestions/place-combobox.tsx';
import { usePlaceSuggestions } from '../../ui/place-suggestions/use-place-suggestions.ts';

// "Distance to a place" of the compare page: the place typed with the site's place suggestions
// (the same combobox as the search box and the editor). Picking a place sends the form with its
// point; the form sent without a pick (or without JavaScript) has the server look the words up.

export interface ComparePlaceForm {
  action: string;
  ids: string;
  place: string;
  point: { lat: number; lng: number } | null;
  label: string;
  hint: string;
  submit: string;
  notFoundText: string;
}

export function ComparePlaceBox(props: { form: ComparePlaceForm; locale: Locale; apiUrl: string }) {
  const { form, locale } = props;
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [point, setPoint] = useState(form.point);
  const { input, query, setQuery, places, open, setOpen, active, setActive, search } =
    usePlaceSuggestions<LocationSuggestion>({
      load: async (text, signal) =>
        LocationAutocompleteResponseSchema.parse(
          await browserApi(props.apiUrl).get('/public/locations/autocomplete', {
            query: { q: text, locale, limit: 8 },
            signal,
          }),
        ).data,
      whenBlank: () => [],
      openOnAnswer: true,
      initialQuery: form.place,
    });
  const pick = (place: LocationSuggestion) => {
    setOpen(false);
    const name = place.parent_name ? `${place.name}, ${place.parent_name}` : place.name;
    setQuery(name);
    setPoint({ lat: place.latitude, lng: place.longitude });
    // Sent once React has written the picked point into the hidden fields.
    requestAnimationFrame(() => formRef.current?.requestSubmit());
  };
  const onKeyDown = comboboxKeyHandler({
    places,
    open,
    active,
    setOpen,
    setActive,
    pick,
    wrap: false,
    enterPicksFirst: false,
  });
  const expanded = open && places.length > 0;
  return (
    <form
      method="get"
      action={form.action}
      className="compare-place"
      ref={formRef}
      data-testid="compare-place-form"
    >
      <input type="hidden" name="ids" value={form.ids} />
      {point && (
        <>
          <input type="hidden" name="lat" value={point.lat} />
          <input type="hidden" name="lng" value={point.lng} />
        </>
      )}
      <label htmlFor={`${id}-input`}>{form.label}</label>
      <div className="compare-place__field">
        <input
          id={`${id}-input`}
          ref={input}
          name="place"
          type="text"
          {...comboboxInputAttributes(id, expanded, active)}
          aria-describedby={`${id}-hint`}
          value={query}
          data-testid="compare-place"
          onChange={(event) => {
            setQuery(event.currentTarget.value);
            setPoint(null);
            search(event.currentTarget.value);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
        />
        <PlaceListbox
          id={id}
          places={places}
          active={active}
          hidden={!expanded}
          className="compare-place__list"
          activeClassName="is-active"
          parentClassName="compare-place__parent"
          optionTestId="compare-place-option"
          onPick={pick}
        />
      </div>
      <p id={`${id}-hint`} className="compare-place__hint">
        {form.hint}
      </p>
      <button type="submit" className="button">
        {form.submit}
      </button>
    </form>
  );
}
