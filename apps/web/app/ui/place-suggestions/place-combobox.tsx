import type { KeyboardEvent, ReactNode } from 'react';

// The markup and keys of a place combobox (ARIA 1.2, list autocomplete), shared by the search
// box's location (search/filters/location-box.tsx) and the editor's address search
// (property-editor/location-picker.tsx): focus stays in the input, the highlighted option is
// named by aria-activedescendant, the arrow keys move, Enter picks, Escape closes, and a click
// picks without taking focus from the input. The state comes from usePlaceSuggestions.

export interface PlaceOption {
  id: number | string;
  name: string;
  parent_name?: string | null;
}

/** The input's combobox attributes; the list's id is `${id}-list`, its options `${id}-option-N`. */
export function comboboxInputAttributes(id: string, expanded: boolean, active: number) {
  return {
    role: 'combobox',
    autoComplete: 'off',
    'aria-autocomplete': 'list',
    'aria-expanded': expanded,
    'aria-controls': `${id}-list`,
    'aria-activedescendant': expanded && active >= 0 ? `${id}-option-${active}` : undefined,
  } as const;
}

/**
 * The input's keys. `wrap`: the arrows go round from the last place to the first (else they stop
 * at the ends). `enterPicksFirst`: Enter in an open list picks the first place when none is
 * highlighted (else Enter without a highlighted place is the form's).
 */
export function comboboxKeyHandler<Place>(options: {
  places: readonly Place[];
  open: boolean;
  active: number;
  setOpen: (open: boolean) => void;
  setActive: (update: (index: number) => number) => void;
  pick: (place: Place) => void;
  wrap: boolean;
  enterPicksFirst: boolean;
}) {
  const { places, open, active, wrap } = options;
  return (event: KeyboardEvent<HTMLInputElement>) => {
    const count = places.length;
    if (event.key === 'ArrowDown' && (count > 0 || !wrap)) {
      event.preventDefault();
      options.setOpen(true);
      options.setActive((index) => (wrap ? (index + 1) % count : Math.min(count - 1, index + 1)));
    } else if (event.key === 'ArrowUp' && (count > 0 || !wrap)) {
      event.preventDefault();
      if (wrap) options.setOpen(true);
      options.setActive((index) => (wrap ? (index <= 0 ? count - 1 : index - 1) : Math.max(0, index - 1)));
    } else if (event.key === 'Enter') {
      const place = places[active] ?? (options.enterPicksFirst ? places[0] : undefined);
      if (open && place) {
        event.preventDefault();
        options.pick(place);
      }
    } else if (event.key === 'Escape') {
      options.setOpen(false);
    }
  };
}

/** The list of places under the input; `empty` is shown instead of options when nothing was found. */
export function PlaceListbox<Place extends PlaceOption>(props: {
  id: string;
  places: readonly Place[];
  active: number;
  hidden: boolean;
  className: string;
  optionClassName?: string;
  activeClassName?: string;
  parentClassName: string;
  optionTestId?: string;
  empty?: ReactNode;
  onPick: (place: Place) => void;
}) {
  const optionClass = (index: number) =>
    [props.optionClassName, index === props.active ? props.activeClassName : undefined]
      .filter(Boolean)
      .join(' ') || undefined;
  return (
    <div id={`${props.id}-list`} role="listbox" className={props.className} hidden={props.hidden}>
      {props.empty !== undefined && props.places.length === 0
        ? props.empty
        : props.places.map((place, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: options are chosen with the input's arrow keys and Enter
            // biome-ignore lint/a11y/useFocusableInteractive: focus stays in the input (aria-activedescendant)
            <div
              key={place.id}
              id={`${props.id}-option-${index}`}
              role="option"
              aria-selected={index === props.active}
              className={optionClass(index)}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => props.onPick(place)}
              data-testid={props.optionTestId}
            >
              <span>{place.name}</span>
              {place.parent_name ? (
                <span className={props.parentClassName}>, {place.parent_name}</span>
              ) : null}
            </div>
          ))}
    </div>
  );
}
