import { Form, Link, useActionData } from 'react-router';
import { type FormResult, useText } from '../../ui/forms/form-ui.tsx';
import type { BoardsPageData } from './load-boards-page.server.ts';

/** The user's search boards and the form that starts a new one. */
export function BoardsScreen({ loaderData }: { loaderData: BoardsPageData }) {
  const t = useText(loaderData.messages);
  const result = useActionData<FormResult>();
  return (
    <section className="boards" data-testid="screen-boards">
      <h1>{loaderData.heading}</h1>
      <p>{t('boards.intro')}</p>
      <Form method="post" className="boards__create" data-testid="board-create">
        <div className="field">
          <label htmlFor="board-name" className="field__label">
            {t('boards.create_label')}
          </label>
          <input
            id="board-name"
            name="name"
            required
            maxLength={80}
            aria-invalid={result?.formError ? true : undefined}
            aria-describedby={result?.formError ? 'board-name-error' : undefined}
          />
          {result?.formError && (
            <p id="board-name-error" className="field__error" role="alert">
              {result.formError}
            </p>
          )}
        </div>
        <button type="submit" className="button button--primary">
          {t('boards.create')}
        </button>
      </Form>
      {loaderData.boards.length === 0 ? (
        <p data-testid="boards-empty">{t('boards.empty')}</p>
      ) : (
        <ul className="account-list boards__list" data-testid="boards-list">
          {loaderData.boards.map((board) => (
            <li key={board.id} data-testid="board-entry">
              <h2 className="boards__name">
                <Link to={board.href}>{board.name}</Link>
              </h2>
              <p className="boards__meta">
                {board.owned ? <span className="badge">{t('boards.owner')}</span> : board.sharedBy} ·{' '}
                {board.counts} · <time dateTime={board.updatedIso}>{board.updated}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
