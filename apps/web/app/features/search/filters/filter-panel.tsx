import type { Locale, SearchFilters } from '@estately/domain';
import { type ChangeEvent, type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useRevalidator } from 'react-router';
import {
  type FilterChoice,
  type FilterPanelView,
  type FilterRangeName,
  MORE_FILTERS_PARAM,
} from './filter-panel-view.ts';

// The filter panel (spec 9): a plain GET form, so it works before and without JavaScript (the
// loader turns its query into the canonical search URL). With JavaScript every change navigates
// to that URL at once, the results update without a full reload, and the back button walks the
// searches. Typed numbers wait for a pause in typing.

const TYPING_PAUSE_MS = 500;
/** The search of the fields, with the form's zod codec, fetched on the first focus or change (not in the first load). */
const loadSearch = () => import('./search-from-form.ts');

function Count({ count }: { count: number | null }) {
  if (count === null) return null;
  return (
    <span className="facet-count" data-testid="facet-count">
      {count}
    </span>
  );
}

function ChoiceList(props: {
  name: string;
  type: 'checkbox' | 'radio';
  options: FilterChoice[];
  selected: readonly string[];
  anyLabel?: string;
}) {
  const { name, type, options, selected } = props;
  return (
    <ul className="filter-choices">
      {props.anyLabel !== undefined && (
        <li>
          <label>
            <input type="radio" name={name} value="" defaultChecked={selected.length === 0} />
            {props.anyLabel}
          </label>
        </li>
      )}
      {options.map((option) => (
        <li key={option.value}>
          <label>
            <input
              type={type}
              name={name}
              value={option.value}
              defaultChecked={selected.includes(option.value)}
              data-testid={`filter-${name}-${option.value}`}
            />
            <span>{option.label}</span> <Count count={option.count} />
          </label>
        </li>
      ))}
    </ul>
  );
}

/** One end of a range: a number whose field is named `<name>_from` or `<name>_to`. */
function RangeBound(props: { label: string; name: string; value?: number; min: number; max: number }) {
  return (
    <label>
      <span>{props.label}</span>
      <input
        type="number"
        inputMode="numeric"
        name={props.name}
        defaultValue={props.value ?? ''}
        min={props.min}
        max={props.max}
        step="1"
        data-testid={`filter-${props.name}`}
      />
    </label>
  );
}

/** A from–to range within the filter's limits (the view's: prices and areas start at 1). */
function Range(props: {
  legend: string;
  name: FilterRangeName;
  filters: SearchFilters;
  view: FilterPanelView;
}) {
  const { name, filters } = props;
  const texts = props.view.texts;
  const { min, max } = props.view.limits[name];
  return (
    <fieldset className="filter-range">
      <legend>{props.legend}</legend>
      <RangeBound
        label={texts['filter.from']}
        name={`${name}_from`}
        value={filters[`${name}_from`]}
        min={min}
        max={max}
      />
      <RangeBound
        label={texts['filter.to']}
        name={`${name}_to`}
        value={filters[`${name}_to`]}
        min={min}
        max={max}
      />
    </fieldset>
  );
}

/** A multi-value filter (features, tags…): a folding group of checkboxes. */
function FilterGroup(props: { group: FilterPanelView['groups'][number]; selected: string[]; open: boolean }) {
  const { group } = props;
  return (
    <details className="filter-group" open={props.open}>
      <summary>{group.label}</summary>
      <fieldset>
        <legend className="visually-hidden">{group.label}</legend>
        <ChoiceList name={group.key} type="checkbox" options={group.options} selected={props.selected} />
      </fieldset>
    </details>
  );
}

/**
 * "More filters", closed by default, renders its controls only once opened (decision 029): a
 * third of the page's elements otherwise written on every render and hardly ever shown. With
 * JavaScript, opening it renders them at once (their counts are in the loader data); without,
 * it holds a submit that asks for the page with it open (`more=1`). While not rendered, its
 * choices travel as hidden fields, so every search keeps them. Once rendered it stays so
 * (closing only hides it): a number being typed is never lost.
 */
function MoreFilters(props: {
  open: boolean;
  label: string;
  openLabel: string;
  hidden: [string, string][];
  children: () => ReactNode;
}) {
  const [rendered, setRendered] = useState(props.open);
  // Open as the page was asked for, then the visitor's: the panel's own navigations drop `more=1`
  // and must not close it under the visitor's hand.
  const [initiallyOpen] = useState(props.open);
  return (
    <details
      className="filter-more"
      data-testid="filter-more"
      open={initiallyOpen}
      onToggle={(event) => {
        if (event.currentTarget.open) setRendered(true);
      }}
    >
      <summary>{props.label}</summary>
      {rendered ? (
        props.children()
      ) : (
        <>
          {props.hidden.map(([name, value]) => (
            <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
          ))}
          <button
            type="submit"
            className="button filter-more__open"
            name={MORE_FILTERS_PARAM}
            value="1"
            data-testid="filter-more-open"
            onClick={(event) => {
              // With JavaScript the controls are rendered here instead of loading the page again.
              event.preventDefault();
              setRendered(true);
            }}
          >
            {props.openLabel}
          </button>
        </>
      )}
    </details>
  );
}

export function FilterPanel(props: {
  locale: Locale;
  view: FilterPanelView;
  filters: SearchFilters;
  /** The simple form of the old search screen: types and price and area only (sorted above the list). */
  simple?: boolean;
  /** Render "more filters" open (the page was asked with `more=1`). */
  moreOpen?: boolean;
}) {
  const { view, filters, locale } = props;
  const t = view.texts;
  const navigate = useNavigate();
  const location = useLocation();
  const revalidator = useRevalidator();
  // The fields are uncontrolled: a URL the panel did not make itself (back button, a link)
  // remounts the form with that URL's filters, while the panel's own navigations keep it, so
  // keyboard focus stays on the choice just made.
  const here = location.pathname + location.search;
  const areasParam = new URLSearchParams(location.search).get('areas');
  const own = useRef<string | null>(null);
  const seen = useRef(here);
  const generation = useRef(0);
  if (seen.current !== here) {
    seen.current = here;
    if (own.current !== here) generation.current++;
    own.current = null;
  }
  const form = useRef<HTMLFormElement>(null);
  const typing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(typing.current), []);

  const go = () => {
    const element = form.current;
    // Only valid input searches; the browser shows its own message for an out-of-range number.
    if (!element?.checkValidity()) return;
    void loadSearch().then(
      (module) =>
        module.searchFromForm({
          form: element,
          locale,
          here: location,
          currency: view.currency,
          navigate: (target) => {
            own.current = target;
            return navigate(target, { preventScrollReset: true });
          },
          revalidate: () => revalidator.revalidate(),
        }),
      // The code could not be fetched (offline): the plain GET form still searches.
      () => element.submit(),
    );
  };
  const onChange = (event: ChangeEvent<HTMLFormElement>) => {
    clearTimeout(typing.current);
    const field = event.target as unknown as HTMLInputElement;
    if (field.type === 'number' || field.type === 'date' || field.type === 'search') {
      typing.current = setTimeout(go, TYPING_PAUSE_MS);
    } else go();
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    clearTimeout(typing.current);
    go();
  };

  const selected = (key: keyof SearchFilters): string[] => {
    const value = filters[key];
    if (value === undefined) return [];
    return Array.isArray(value) ? value.map(String) : [String(value)];
  };

  return (
    <form
      ref={form}
      key={generation.current}
      className="filter-panel"
      method="get"
      action={view.action}
      onChange={onChange}
      onSubmit={onSubmit}
      onFocus={() => void loadSearch().catch(() => undefined)}
      aria-label={t['filter.title']}
      data-testid="filter-panel"
      // Before hydration a ticked choice sends the form (deferred-code.server.ts, decision 032).
      data-submit-on-change=""
    >
      <h2 className="filter-panel__title">{t['filter.title']}</h2>
      <fieldset>
        <legend>{t['filter.offer_type']}</legend>
        <ChoiceList
          name="offer_type"
          type="radio"
          options={view.offerTypes}
          selected={selected('offer_type')}
          anyLabel={t['filter.any']}
        />
      </fieldset>
      <fieldset>
        <legend>{t['filter.property_type']}</legend>
        <ChoiceList
          name="property_type"
          type="radio"
          options={view.propertyTypes}
          selected={selected('property_type')}
          anyLabel={t['filter.any']}
        />
      </fieldset>
      {/* Place filters picked by the location box travel as hidden fields of the same form. */}
      {filters.country_code && <input type="hidden" name="country_code" value={filters.country_code} />}
      {filters.locality && <input type="hidden" name="locality" value={filters.locality} />}
      {filters.location_id !== undefined && (
        <input type="hidden" name="location_id" value={filters.location_id} />
      )}
      {filters.bbox && (
        <input
          type="hidden"
          name="bbox"
          value={[filters.bbox.south, filters.bbox.west, filters.bbox.north, filters.bbox.east].join(',')}
        />
      )}
      {/* Drawn areas (issue 44 point 1) stay with the search when another filter changes: the
          address's own compact form, so the first load carries no code to write it. */}
      {filters.areas && <input type="hidden" name="areas" value={areasParam ?? ''} />}
      <Range legend={t['filter.price']} name="price" filters={filters} view={view} />
      <label className="filter-field">
        <span>{t['filter.currency']}</span>
        <select
          // A new display currency (the header's switcher) shows here at once.
          key={view.currency}
          name="currency"
          defaultValue={filters.currency ?? view.currency}
          data-testid="filter-currency"
        >
          {view.currencies.map((currency) => (
            <option key={currency} value={currency}>
              {currency}
            </option>
          ))}
        </select>
      </label>
      <Range
        legend={`${t['filter.area']} (${t['value.area_unit.m2']})`}
        name="area"
        filters={filters}
        view={view}
      />
      {!props.simple &&
        view.groups
          .filter((group) => group.primary)
          .map((group) => <FilterGroup key={group.key} group={group} selected={selected(group.key)} open />)}
      {!props.simple && (
        <MoreFilters
          open={props.moreOpen ?? false}
          label={t['filter.more']}
          openLabel={t['action.show_more']}
          hidden={view.moreFields}
        >
          {() => (
            <>
              {view.groups
                .filter((group) => !group.primary)
                .map((group) => (
                  <FilterGroup
                    key={group.key}
                    group={group}
                    selected={selected(group.key)}
                    open={selected(group.key).length > 0}
                  />
                ))}
              <Range legend={t['filter.floor']} name="floor" filters={filters} view={view} />
              <Range legend={t['filter.year_built']} name="year_built" filters={filters} view={view} />
              <label className="filter-field">
                <span>{t['filter.age_days']}</span>
                <select name="age_days" defaultValue={filters.age_days ?? ''}>
                  <option value="">{t['filter.any']}</option>
                  {view.ages.map((age) => (
                    <option key={age.value} value={age.value}>
                      {age.label}
                    </option>
                  ))}
                </select>
              </label>
              <label className="filter-field">
                <span>{t['filter.free_from']}</span>
                <input type="date" name="free_from" defaultValue={filters.free_from ?? ''} />
              </label>
              <label className="filter-check">
                <input
                  type="checkbox"
                  name="has_floor_plan"
                  value="1"
                  defaultChecked={filters.has_floor_plan}
                />
                {t['filter.floor_plan']}
              </label>
            </>
          )}
        </MoreFilters>
      )}
      {!props.simple && (
        <label className="filter-check">
          <input
            type="checkbox"
            name="verified_only"
            value="1"
            defaultChecked={filters.verified_only}
            data-testid="filter-verified_only"
          />
          {t['filter.verified_only']}
        </label>
      )}
      {!props.simple && (
        // Reserved offers are shown with a badge unless this is ticked (decision 042).
        <label className="filter-check">
          <input
            type="checkbox"
            name="hide_reserved"
            value="1"
            defaultChecked={filters.hide_reserved}
            data-testid="filter-hide_reserved"
          />
          {t['filter.hide_reserved']}
        </label>
      )}
      {/* The order is chosen above the results (features/search/results/results-toolbar.tsx); a search
          made here keeps it. */}
      <input type="hidden" name="sort" value={filters.sort} />
      <div className="filter-panel__actions">
        <button type="submit" className="button button--primary" data-testid="filter-submit">
          {view.showResults ?? t['nav.search']}
        </button>
        <a className="button" href={view.action}>
          {t['filter.reset']}
        </a>
      </div>
    </form>
  );
}
