import { type FormEvent, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { loadBrowserApi } from '../../api/load-browser-api.ts';
import { useShellData } from '../../shell/use-shell-data.ts';
import { useToast } from '../../toasts/toast-provider.tsx';
import { BellPlus } from './icons.tsx';
import {
  SAVE_SEARCH_INTENT,
  type SaveSearchResult,
  type SaveSearchView,
  saveSearchBody,
} from './save-search.ts';

// "Save this search" on the results page (issue 9): a watch-dog with a name (made of the search,
// editable) and how often new offers are e-mailed. Signed in, it opens a small form that posts to
// the page's action without JavaScript and calls POST /saved_searches from the browser with it
// (success is a toast). A guest gets a link to sign in that comes back to this very results URL.

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
    const body = saveSearchBody(new FormData(event.currentTarget));
    if (body.name === '') {
      setErrors({ name: 'validation.required' });
      form.current?.querySelector<HTMLElement>('[name="name"]')?.focus();
      return;
    }
    setErrors({});
    setSending(true);
    try {
      await (await loadBrowserApi(shell.publicConfig.apiUrl)).post('/saved_searches', body);
      setSaved(body.name);
      toast.show(view.texts.saved, 'success');
    } catch (error) {
      const fieldErrors = await import('./save-search-errors.ts').then(
        ({ saveSearchErrors }) => saveSearchErrors(error),
        () => null,
      );
      if (fieldErrors) setErrors(fieldErrors);
      else toast.showError(error);
    } finally {
      setSending(false);
    }
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
