import type { Locale, SearchFilters } from '@estately/domain';
import { useId, useRef } from 'react';
import { useNavigate } from 'react-router';
import { loadBrowserApi } from '../../../api/load-browser-api.ts';
import { useShellData } from '../../../shell/use-shell-data.ts';
import {
  comboboxInputAttributes,
  comboboxKeyHandler,
  PlaceListbox,
} from '../../../ui/place-suggestions/place-combobox.tsx';
import { usePlaceSuggestions } from '../../../ui/place-suggestions/use-place-suggestions.ts';
import { keepMapMode } from '../map/map-url.ts';
import type { FilterTexts } from './filter-panel-view.ts';
import type { Place } from './place-search.ts';

// The location search box: autocomplete from GET /public/locations/autocomplete in the page's
// locale, recent places first when the box is empty (spec 9). Picking a place searches there:
// the country and the place's slug become the search path's last segments (spec 2). The results
// page's box searches its filters there; home's box (with `name`, inside home's search form)
// searches the offer and property type chosen beside it, and what is typed without picking a
// place goes with the form as text, which the results page looks up (where-param.server.ts).
// An ARIA 1.2 combobox: arrows move, Enter picks, Escape closes. The recent places and composing
// the search URL (the domain's slug tables of every locale) are fetched on the first focus
// (place-search.ts), not in the page's first load.
// The box's code comes after the page's first load (place-box.tsx): what was typed into the
// server's field meanwhile is taken over when it hydrates (use-place-suggestions.ts).

const loadPlaceSearch = () => import('./place-search.ts');

export function LocationBox(props: {
  locale: Locale;
  /** The search a picked place goes into, read when the place is picked. */
  filters: () => SearchFilters;
  texts: Pick<FilterTexts, 'filter.location' | 'error.no_results'>;
  /** The input's field name when the box is part of a form. */
  name?: string;
  placeholder?: string;
  /** Text the box holds at first: a place typed before that matched none, to correct. */
  initialQuery?: string;
}) {
  const { locale, filters, texts } = props;
  const shell = useShellData();
  const navigate = useNavigate();
  const listId = useId();
  /** The recent places, read on each focus once place-search.ts is there. */
  const recent = useRef<Place[]>([]);
  const { input, query, setQuery, places, open, setOpen, active, setActive, empty, search } =
    usePlaceSuggestions<Place>({
      load: async (text, signal) => {
        if (!shell) return null;
        // The answer's schema (zod) and the API client are fetched with the first suggestions, not
        // in the first load.
        const [{ parseAutocompleteAnswer }, raw] = await Promise.all([
          import('./autocomplete-answer.ts'),
          loadBrowserApi(shell.publicConfig.apiUrl).then((api) =>
            api.get('/public/locations/autocomplete', { query: { q: text, locale, limit: 8 }, signal }),
          ),
        ]);
        return parseAutocompleteAnswer(raw).data;
      },
      whenBlank: () => recent.current,
      openOnAnswer: false,
      initialQuery: props.initialQuery,
    });

  const pick = (place: Place) => {
    setOpen(false);
    setQuery(place.name);
    void loadPlaceSearch().then(({ rememberPickedPlace, placeSearchUrl }) => {
      rememberPickedPlace(place);
      // An open map stays open and moves to the place (features/search/map).
      return navigate(keepMapMode(placeSearchUrl(locale, filters(), place), window.location.search));
    });
  };

  const onKeyDown = comboboxKeyHandler({
    places,
    open,
    active,
    setOpen,
    setActive,
    pick,
    wrap: false,
    enterPicksFirst: true,
  });

  const showList = open && (places.length > 0 || empty);
  return (
    <div className="location-box" data-testid="location-box">
      <label htmlFor={`${listId}-input`}>{texts['filter.location']}</label>
      <input
        ref={input}
        id={`${listId}-input`}
        type="search"
        {...comboboxInputAttributes(listId, showList, active)}
        name={props.name}
        value={query}
        placeholder={props.placeholder}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          search(event.target.value);
        }}
        onFocus={(event) => {
          const input = event.currentTarget;
          setOpen(true);
          // The recent places come with place-search.ts: listed once it is there (at once after
          // the first focus), unless something was typed meanwhile.
          void loadPlaceSearch().then(
            ({ recentPlaces }) => {
              recent.current = recentPlaces();
              if (input.value === '') search('');
            },
            () => undefined,
          );
        }}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={onKeyDown}
        data-testid="location-input"
      />
      <PlaceListbox
        id={listId}
        places={places}
        active={active}
        hidden={!showList}
        className="location-box__list"
        optionClassName="location-box__option"
        parentClassName="location-box__parent"
        optionTestId="location-option"
        empty={empty ? <div className="location-box__empty">{texts['error.no_results']}</div> : undefined}
        onPick={pick}
      />
    </div>
  );
}
