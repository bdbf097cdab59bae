import { Form, Link } from 'react-router';
import { LIST_COUNT_KEYS } from '../../i18n/list-counts.ts';
import { Field, type FormResult, SelectField, type Text, ValidatedForm } from '../../ui/forms/form-ui.tsx';
import { checkRedirectForm, formCheck } from './admin-fields.ts';
import { ItemActionForm, Outcome, Pagination } from './admin-parts.tsx';
import type { loadRedirects } from './load-redirects.server.ts';

// The redirects table: add a rule, search, edit or delete one.

type RedirectsData = Awaited<ReturnType<typeof loadRedirects>>;

function RedirectFields(props: {
  t: Text;
  statuses: { value: string; label: string }[];
  rule?: { from: string; to: string; status: string };
  typed?: Record<string, string | boolean> | null;
}) {
  const { t, rule, typed } = props;
  const value = (name: string, fallback: string | undefined) =>
    typeof typed?.[name] === 'string' ? (typed[name] as string) : fallback;
  return (
    <>
      <Field
        name="from_path"
        label={t('admin.redirect_from')}
        defaultValue={value('from_path', rule?.from)}
        required
      />
      <Field name="to_url" label={t('admin.redirect_to')} defaultValue={value('to_url', rule?.to)} required />
      <SelectField
        name="status_code"
        label={t('admin.redirect_status')}
        options={props.statuses}
        defaultValue={rule?.status ?? '301'}
      />
    </>
  );
}

export function RedirectsView(props: { redirects: RedirectsData; t: Text; result: FormResult | undefined }) {
  const { redirects, t, result } = props;
  const editing = redirects.editing;
  return (
    <>
      {redirects.done && (
        <p className="notice" role="status" data-testid="form-done">
          {redirects.done}
        </p>
      )}
      {editing ? (
        <section aria-labelledby="redirect-edit" data-testid="redirect-edit">
          <h2 id="redirect-edit">{t('admin.redirect_edit')}</h2>
          <ValidatedForm
            intent={`redirect_edit:${editing.id}`}
            t={t}
            result={result}
            submitLabel={t('action.save')}
            fields={['from_path', 'to_url', 'status_code']}
            validate={formCheck((form) => checkRedirectForm(form, true))}
            testId="redirect-edit-form"
          >
            <input type="hidden" name="id" value={editing.id} />
            <RedirectFields
              t={t}
              statuses={redirects.statuses}
              rule={editing}
              typed={result?.intent === `redirect_edit:${editing.id}` ? result.values : null}
            />
          </ValidatedForm>
          <p>
            <Link to={redirects.listHref}>{t('action.cancel')}</Link>
          </p>
        </section>
      ) : (
        // A new rule empties the form: it is drawn anew when the count changes.
        <section aria-labelledby="redirect-add" key={`add-${redirects.total}`}>
          <h2 id="redirect-add">{t('admin.redirect_add')}</h2>
          <ValidatedForm
            intent="redirect_add"
            t={t}
            result={result}
            submitLabel={t('admin.redirect_add')}
            fields={['from_path', 'to_url', 'status_code']}
            validate={formCheck((form) => checkRedirectForm(form, false))}
            testId="redirect-add-form"
          >
            <RedirectFields
              t={t}
              statuses={redirects.statuses}
              typed={result?.intent === 'redirect_add' && !result.done ? result.values : null}
            />
          </ValidatedForm>
        </section>
      )}
      <section aria-labelledby="redirect-list">
        <h2 id="redirect-list">{t('admin.redirects')}</h2>
        <Form method="get" className="inline-actions" role="search" data-testid="redirect-search">
          <div className="field">
            <label htmlFor="redirect-q" className="field__label">
              {t('admin.redirect_search')}
            </label>
            <input id="redirect-q" name="q" type="search" defaultValue={redirects.q} dir="ltr" />
          </div>
          <button type="submit" className="button">
            {t('action.search')}
          </button>
        </Form>
        <p data-testid="redirects-total">{t(LIST_COUNT_KEYS.redirects, { count: redirects.total })}</p>
        {redirects.items.map((rule) => (
          <Outcome key={rule.id} result={result} intent={`redirect_delete:${rule.id}`} />
        ))}
        {result?.intent.startsWith('redirect_delete:') && result.done && (
          <p className="notice" role="status" data-testid="form-done">
            {result.done}
          </p>
        )}
        {redirects.items.length === 0 ? (
          <p>{t('admin.redirects_empty')}</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table" data-testid="redirects">
              <thead>
                <tr>
                  <th scope="col">{t('admin.redirect_from')}</th>
                  <th scope="col">{t('admin.redirect_to')}</th>
                  <th scope="col">{t('admin.redirect_status')}</th>
                  <th scope="col">{t('admin.redirect_hits')}</th>
                  <th scope="col">{t('admin.redirect_created')}</th>
                  <th scope="col">{t('admin.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {redirects.items.map((rule) => (
                  <tr key={rule.id} data-testid="redirect">
                    <th scope="row" dir="ltr" data-testid="redirect-from">
                      {rule.from}
                    </th>
                    <td dir="ltr" data-testid="redirect-to">
                      {rule.to}
                    </td>
                    <td data-testid="redirect-status">{rule.statusLabel}</td>
                    <td>{rule.hits}</td>
                    <td>
                      <time dateTime={rule.createdIso}>{rule.created}</time>
                    </td>
                    <td>
                      <div className="inline-actions">
                        <Link to={rule.editHref} data-testid="redirect-edit-link">
                          {t('action.edit')}
                          <span className="visually-hidden">: {rule.from}</span>
                        </Link>
                        <ItemActionForm
                          intent="redirect_delete"
                          id={rule.id}
                          label={t('action.delete')}
                          itemName={rule.from}
                          testId="redirect-delete"
                          danger
                          confirm={t('account.confirm_delete')}
                        />
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pagination t={t} list={redirects} />
      </section>
    </>
  );
}
