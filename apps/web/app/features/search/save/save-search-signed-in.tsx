import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useToast } from '../../../toasts/toast-provider.tsx';
import { SAVE_SEARCH_INTENT, type SaveSearchResult, type SaveSearchView } from './save-search.ts';

// "Save this search" for a signed-in visitor (save-search-form.tsx): the form that posts to the
// page's action without JavaScript and calls POST /saved_searches from the browser with it.
// A module of its own, fetched for a signed-in visitor once save-search-form.tsx has come: a
// guest, who sees only the sign-in link, never loads it (issue 9: JavaScript of a results page's
// first load). It imports nothing the results page or save-search-form.tsx has loaded already
// but the framework's (its icon comes as a prop), so no extra shared file is made for it.

export default function SaveSearchSignedIn(props: {
  view: SaveSearchView;
  result: SaveSearchResult | undefined;
  apiUrl: string;
  /** The icon of the button that opens the form (drawn by save-search-form.tsx). */
  icon: ReactNode;
}) {
  const { view } = props;
  const toast = useToast();
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
    const outcome = await send(props.apiUrl, fields, () => {
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
        {props.icon}
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
