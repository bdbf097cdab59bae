import { useEffect, useRef, useState } from 'react';

// The state behind a place combobox (the search box's location and the editor's address search):
// what was typed, the suggestions, whether the list is open, the highlighted option and whether
// the last search found nothing. Typing waits for a pause before asking the API, and a newer
// search aborts the one still under way, so a slow answer never replaces a newer one.
// A page's code comes after its first load (decision 032, and the search box's own module later
// still): until then the server's field takes typing. `input` is the field's ref: what was typed
// there before the box hydrated is taken over once it has, and searched, instead of being wiped
// by the box's own (empty) text on its next render.

const TYPING_PAUSE_MS = 250;

export type PlaceSuggestionsOptions<Place> = {
  /**
   * Asks for the places matching the trimmed text. `null` leaves the list as it is (nothing to ask
   * with yet); a failure that was not an abort empties the list and says nothing was found.
   */
  load: (text: string, signal: AbortSignal) => Promise<Place[] | null>;
  /** What the list shows while the box is blank. */
  whenBlank: () => Place[];
  /** Whether an answer opens the list (the search box opens it while typing instead). */
  openOnAnswer: boolean;
  /** What the box holds at first. */
  initialQuery?: string;
};

export function usePlaceSuggestions<Place>(options: PlaceSuggestionsOptions<Place>) {
  const [query, setQuery] = useState(options.initialQuery ?? '');
  const [places, setPlaces] = useState<Place[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [empty, setEmpty] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const request = useRef<AbortController | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => () => clearTimeout(timer.current), []);

  const search = (text: string) => {
    clearTimeout(timer.current);
    request.current?.abort();
    if (text.trim() === '') {
      setPlaces(options.whenBlank());
      setEmpty(false);
      return;
    }
    timer.current = setTimeout(async () => {
      const controller = new AbortController();
      request.current = controller;
      try {
        const found = await options.load(text.trim(), controller.signal);
        if (found === null) return;
        setPlaces(found);
        setEmpty(found.length === 0);
        setActive(-1);
        if (options.openOnAnswer) setOpen(true);
      } catch {
        if (!controller.signal.aborted) {
          setPlaces([]);
          setEmpty(true);
        }
      }
    }, TYPING_PAUSE_MS);
  };

  // Once, after hydration: text typed into the server's field before the code came.
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, when the box hydrates
  useEffect(() => {
    const typed = input.current?.value ?? query;
    if (typed === query) return;
    setQuery(typed);
    if (document.activeElement === input.current) setOpen(true);
    search(typed);
  }, []);

  return { input, query, setQuery, places, open, setOpen, active, setActive, empty, search };
}
