import { type FormEvent, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useShellData } from '../../shell/use-shell-data.ts';
import { useToast } from '../../toasts/toast-provider.tsx';
import { BellPlus } from './icons.tsx';
import { SAVE_SEARCH_INTENT, type SaveSearchResult, type SaveSearchView } from './save-search.ts';

// "Save this search" on the results page (issue 9): a watch-dog with a name (made of the search,
// editable) and how often new offers are e-mailed. Signed in, it opens a small form that posts to
// the page's action without JavaScript and calls POST /saved_searches from the browser with it
// (success is a toast). A guest gets a link to sign in that comes back to this very results URL.
// The sending (send-saved-search.ts) is fetched on the first submit, not in the page's first load;
// should that fail (offline), the form posts to the page's action as it does without JavaScript.

export function SaveSearch(props: { view: SaveSearchView; result: SaveSearchResult | undefined }) {
  const { view } = props;
  const shell = useShellData();
  const toast = useToast();
  const location = useLocation();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const serverResult = props.result?.form === SAVE_SEARCH_INTENT ? props.result : undefined;
  const [errors, setErrors] = useState<Record<string, string>>(
    serverResult?.status === 'invalid' ? serverResult.errors : {},
  );
  const [saved, setSaved] = useState<string | null>(
    serverResult?.status === 'saved' ? serverResult.name : null,
  );
  const [sending, setSending] = useState(false);

  if (!shell?.user) {
    const back = encodeURIComponent(location.pathname + location.search);
    return (
      <Link
        className="button save-search__open"
        to={`${view.signInPath}?redirect=${back}`}
        rel="nofollow"
        data-testid="save-search-sign-in"
      >
        <BellPlus aria-hidden="true" size={18} />
        {view.texts.open}
      </Link>
    );
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    let send: typeof import('./send-saved-search.ts').sendSavedSearch;
    try {
      send = (await import('./send-saved-search.ts')).sendSavedSearch;
    } catch {
      form.current?.submit();
      return;
    }
    const outcome = await send(shell.publicConfig.apiUrl, fields, () => {
      setErrors({});
      setSending(true);
    });
    setSending(false);
    if (outcome.status === 'saved') {
      setSaved(outcome.name);
      toast.show(view.texts.saved, 'success');
    } else if (outcome.status === 'invalid') {
      setErrors(outcome.errors);
      if (outcome.local) form.current?.querySelector<HTMLElement>('[name="name"]')?.focus();
    } else toast.showError(outcome.error);
  };

  const errorId = (field: string) => `${id}-${field}-error`;
  const errorOf = (field: string) =>
    errors[field] ? (
      <span className="field-error" id={errorId(field)} data-testid={`save-search-error-${field}`}>
        {view.texts.errors[errors[field]] ?? view.texts.errors['validation.invalid_value']}
      </span>
    ) : null;
  const describedBy = (field: string) => (errors[field] ? errorId(field) : undefined);

  return (
    <details className="save-search" open={serverResult !== undefined} data-testid="save-search">
      <summary className="button save-search__open">
        <BellPlus aria-hidden="true" size={18} />
        {view.texts.open}
      </summary>
      <form
        ref={form}
        method="post"
        className="offer-form save-search__form"
        onSubmit={onSubmit}
        noValidate
        data-testid="save-search-form"
      >
        <input type="hidden" name="intent" value={SAVE_SEARCH_INTENT} />
        <input type="hidden" name="filters" value={view.filters} />
        <input type="hidden" name="search_path" value={view.searchPath} />
        <label>
          {view.texts.name}
          <input
            name="name"
            defaultValue={view.defaultName}
            required
            maxLength={100}
            aria-invalid={Boolean(errors.name)}
            aria-describedby={describedBy('name')}
            data-testid="save-search-name"
          />
          {errorOf('name')}
        </label>
        <label>
          {view.texts.frequency}
          <select
            name="frequency"
            defaultValue={view.defaultFrequency}
            aria-describedby={describedBy('frequency')}
            data-testid="save-search-frequency"
          >
            {view.frequencies.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          {errorOf('frequency')}
        </label>
        {errors.form && (
          <p className="field-error" role="alert" data-testid="save-search-error-form">
            {view.texts.errors[errors.form] ?? view.texts.errors['error.generic']}
          </p>
        )}
        {serverResult?.status === 'failed' && (
          <p className="field-error" role="alert">
            {serverResult.message}
          </p>
        )}
        {saved !== null && (
          <p role="status" className="save-search__saved" data-testid="save-search-saved">
            {view.texts.saved} <Link to={view.watchDogsPath}>{view.texts.manage}</Link>
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={sending}>
          {view.texts.submit}
        </button>
      </form>
    </details>
  );
}
