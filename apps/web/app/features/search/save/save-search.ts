// "Save this search" (issue 9, spec 7 POST /saved_searches): what the results page's loader
// prepares for the form and what the page's action answers after a post without JavaScript (the
// reading of the form's fields, shared by both ways of sending it, is save-search-fields.ts).
// Browser-safe: no catalog, no zod (the API and the no-JavaScript action validate with the shared
// contract).

export const SAVE_SEARCH_INTENT = 'save_search';

export interface SaveSearchView {
  /** A name made of the search's filters in the page's locale, editable. */
  defaultName: string;
  /** The canonical filters as a query string (no paging, no sort). */
  filters: string;
  /** The canonical search path the search is saved from (links in alert e-mails point there). */
  searchPath: string;
  frequencies: { value: string; label: string }[];
  defaultFrequency: string;
  /** Sign-in screen (guests are sent there with the results URL to come back to). */
  signInPath: string;
  /** The account's watch-dogs screen, linked after saving. */
  watchDogsPath: string;
  texts: {
    open: string;
    name: string;
    frequency: string;
    submit: string;
    saved: string;
    manage: string;
    /** Message keys of the API and the contract -> text in the page's locale. */
    errors: Record<string, string>;
  };
}

/** The answer of the results page's action to a save posted without JavaScript. */
export type SaveSearchResult =
  | { form: typeof SAVE_SEARCH_INTENT; status: 'saved'; name: string }
  | { form: typeof SAVE_SEARCH_INTENT; status: 'invalid'; errors: Record<string, string> }
  | { form: typeof SAVE_SEARCH_INTENT; status: 'failed'; message: string };
