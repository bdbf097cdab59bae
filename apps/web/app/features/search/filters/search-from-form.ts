import type { Currency, Locale } from '@estately/domain';
import { chooseDisplayCurrency } from '../../../lib/currency-choice.ts';
import { keepMapMode } from '../map/map-url.ts';
import { searchUrlOfForm } from './form-search-url.ts';

// What the filter panel (filter-panel.tsx) does when its fields change, with JavaScript: the
// search the fields ask for, as the loader would write it. The panel fetches this module, and the
// form's codec with it, on the form's first focus or change: neither is in the page's first load.

/**
 * Goes to the search of the form's fields (a plain GET form's query), the map kept open when it
 * is. A currency other than the one prices are shown in becomes the display currency (the
 * header's choice, decision 048), and every loader (the header's too) reads it again. Fields that
 * break a rule of spec 5 (the inputs' own constraints normally prevent that) search nothing.
 */
export async function searchFromForm(input: {
  form: HTMLFormElement;
  locale: Locale;
  /** The page's address. */
  here: { pathname: string; search: string };
  /** The currency prices are shown in now. */
  currency: string;
  navigate: (target: string) => void | Promise<void>;
  revalidate: () => Promise<void>;
}): Promise<void> {
  const fields = new URLSearchParams();
  for (const [key, value] of new FormData(input.form))
    if (typeof value === 'string') fields.append(key, value);
  const formTarget = searchUrlOfForm(input.locale, fields);
  // An open map stays open while the filters change (features/search/map).
  const target = formTarget && keepMapMode(formTarget, input.here.search);
  const currency = fields.get('currency');
  const currencyChosen = formTarget !== null && currency !== null && currency !== input.currency;
  if (currencyChosen) chooseDisplayCurrency(currency as Currency);
  if (target && target !== input.here.pathname + input.here.search) await input.navigate(target);
  if (currencyChosen) await input.revalidate();
}
