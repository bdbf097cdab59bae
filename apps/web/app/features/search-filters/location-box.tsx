import type { Locale, SearchFilters } from '@estately/domain';
import { type KeyboardEvent, useId } from 'react';
import { useNavigate } from 'react-router';
import { loadBrowserApi } from '../../api/load-browser-api.ts';
import { useShellData } from '../../shell/use-shell-data.ts';
import { usePlaceSuggestions } from '../place-suggestions/use-place-suggestions.ts';
import { keepMapMode } from '../search-map/map-url.ts';
import type { FilterTexts } from './filter-panel-view.ts';
import { type RecentPlace, readRecentPlaces, rememberPlace } from './recent-places.ts';

// The location search box: autocomplete from GET /public/locations/autocomplete in the page's
// locale, recent places first when the box is empty (spec 9). Picking a place searches there:
// the country and the place's slug become the search path's last segments (spec 2).
// An ARIA 1.2 combobox: arrows move, Enter picks, Escape closes. Composing the search URL (the
// domain's slug tables of every locale) is fetched on first focus, not in the page's first load.

const loadSearchUrl = () => import('./search-url.ts');

type Place = Omit<RecentPlace, 'saved_at'>;

export function LocationBox(props: { locale: Locale; filters: SearchFilters; texts: FilterTexts }) {
  const { locale, filters, texts } = props;
  const shell = useShellData();
  const navigate = useNavigate();
  const listId = useId();
  const { query, setQuery, places, open, setOpen, active, setActive, empty, search } =
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
      whenBlank: () => readRecentPlaces(window.localStorage),
      openOnAnswer: false,
    });

  const pick = (place: Place) => {
    rememberPlace(window.localStorage, {
      id: place.id,
      kind: place.kind,
      name: place.name,
      parent_name: place.parent_name,
      slug: place.slug,
      country_code: place.country_code,
    });
    setOpen(false);
    setQuery(place.name);
    const {
      location_id: _id,
      locality: _locality,
      lat: _lat,
      lng: _lng,
      radius_km: _r,
      bbox: _b,
      ...rest
    } = filters;
    const next: SearchFilters = {
      ...rest,
      page: 1,
      country_code: place.country_code as SearchFilters['country_code'],
      ...(place.kind === 'country' ? {} : { locality: place.slug }),
    };
    // An open map stays open and moves to the place (features/search-map).
    void loadSearchUrl().then(({ canonicalSearchUrl }) =>
      navigate(keepMapMode(canonicalSearchUrl(locale, next), window.location.search)),
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((index) => Math.min(places.length - 1, index + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(0, index - 1));
    } else if (event.key === 'Enter') {
      const place = places[active] ?? places[0];
      if (open && place) {
        event.preventDefault();
        pick(place);
      }
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  const showList = open && (places.length > 0 || empty);
  return (
    <div className="location-box" data-testid="location-box">
      <label htmlFor={`${listId}-input`}>{texts['filter.location']}</label>
      <input
        id={`${listId}-input`}
        type="search"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={`${listId}-list`}
        aria-activedescendant={showList && active >= 0 ? `${listId}-option-${active}` : undefined}
        value={query}
        placeholder={filters.locality ?? ''}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          search(event.target.value);
        }}
        onFocus={() => {
          void loadSearchUrl();
          setOpen(true);
          if (query === '') search('');
        }}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={onKeyDown}
        data-testid="location-input"
      />
      <div id={`${listId}-list`} role="listbox" className="location-box__list" hidden={!showList}>
        {empty && places.length === 0 ? (
          <div className="location-box__empty">{texts['error.no_results']}</div>
        ) : (
          places.map((place, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: combobox options are chosen with the input's arrow keys and Enter
            // biome-ignore lint/a11y/useFocusableInteractive: focus stays in the input (aria-activedescendant)
            <div
              key={place.id}
              id={`${listId}-option-${index}`}
              role="option"
              aria-selected={index === active}
              className="location-box__option"
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(place)}
              data-testid="location-option"
            >
              <span>{place.name}</span>
              {place.parent_name && <span className="location-box__parent">, {place.parent_name}</span>}
            </div>
          ))
        )}
      </div>
    </div>
  );
}
