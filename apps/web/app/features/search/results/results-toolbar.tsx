import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { ActiveFilters } from './active-filter-chips.server.ts';
import type { SortView } from './results-sort.server.ts';

// Above the results (issue 39 point 11): the sort control beside the count, and the active
// filters as removable chips. Both are rendered by the server; the sort's only code navigates to
// the address the loader wrote for the chosen order, and the chips are plain links the page shows
// as the server rendered them (ui/server-html.tsx follows them without a reload).

export function SortControl({ view }: { view: SortView }) {
  const navigate = useNavigate();
  const select = useRef<HTMLSelectElement>(null);
  // Uncontrolled, so keyboard focus stays on it while its navigation loads; another search
  // (a chip, the panel, the back button) brings its order here.
  useEffect(() => {
    if (select.current) select.current.value = view.current;
  }, [view.current]);
  const go = (value: string) => {
    const target = view.options.find((option) => option.value === value)?.href;
    if (target) void navigate(target, { preventScrollReset: true });
  };
  return (
    <form
      className="results-sort"
      method="get"
      // Its submit button exists only without JavaScript (noscript), and a choice made before the
      // code came sends it natively: both reach the loader as a plain GET.
      action={view.action}
      data-testid="results-sort"
      // Before hydration a choice sends the form (deferred-code.server.ts, decision 032).
      data-submit-on-change=""
    >
      {view.hidden.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="results-sort-order">{view.label}</label>
      <select
        ref={select}
        id="results-sort-order"
        name="sort"
        defaultValue={view.current}
        onChange={(event) => go(event.currentTarget.value)}
        data-testid="results-sort-select"
      >
        {view.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="button">
          {view.apply}
        </button>
      </noscript>
    </form>
  );
}

export function ActiveFilterChips({ filters }: { filters: ActiveFilters }) {
  if (filters.chips.length === 0) return null;
  return (
    <nav className="filter-chips" aria-label={filters.label} data-testid="filter-chips">
      <ul>
        {filters.chips.map((chip) => (
          <li key={chip.href}>
            <a
              className="filter-chip"
              href={chip.href}
              aria-label={chip.removeLabel}
              data-nav=""
              data-keep-scroll=""
              data-testid="filter-chip"
            >
              {/* User-named places and values keep their own direction inside an RTL page. */}
              <bdi>{chip.text}</bdi>
              <span className="filter-chip__remove" aria-hidden="true">
                ×
              </span>
            </a>
          </li>
        ))}
        {filters.clear && (
          <li>
            <a
              className="filter-chips__clear"
              href={filters.clear.href}
              data-nav=""
              data-testid="filter-chips-clear"
            >
              {filters.clear.text}
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}
