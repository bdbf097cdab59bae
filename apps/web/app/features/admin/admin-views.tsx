import { Form, Link, NavLink } from 'react-router';
import { LIST_COUNT_KEYS } from '../../i18n/list-counts.ts';
import { Field, type FormResult, SelectField, type Text, ValidatedForm } from '../../ui/forms/form-ui.tsx';
import { checkRedirectForm, checkResolveForm, checkStrikeForm, formCheck } from './admin-fields.ts';
import type {
  loadAdminHome,
  loadOfferModeration,
  loadRedirects,
  loadReports,
} from './admin-screens.server.ts';

// The admin area's content (issue 10). Every change is a form posting to the route's action, so
// each works before the scripts load; the answer shows beside the item it changed.

type HomeData = Awaited<ReturnType<typeof loadAdminHome>>;
type ReportsData = Awaited<ReturnType<typeof loadReports>>;
type OfferData = Awaited<ReturnType<typeof loadOfferModeration>>;
type RedirectsData = Awaited<ReturnType<typeof loadRedirects>>;

function Outcome({ result, intent }: { result: FormResult | undefined; intent: string }) {
  if (result?.intent !== intent || (!result.done && !result.formError)) return null;
  return (
    <p
      className={result.done ? 'notice' : 'account-form__error'}
      role={result.done ? 'status' : 'alert'}
      data-testid={result.done ? 'form-done' : 'form-error'}
    >
      {result.done ?? result.formError}
    </p>
  );
}

/** A paged list's links (previous, next) and where the page stands. */
function Pagination(props: {
  t: Text;
  list: { page: number; pages: number; previous: string | null; next: string | null };
}) {
  const { t, list } = props;
  if (list.pages <= 1) return null;
  return (
    <nav className="pagination" aria-label={t('results.pagination')}>
      {list.previous && <Link to={list.previous}>{t('results.previous')}</Link>}
      <span>{t('results.page', { page: list.page, pages: list.pages })}</span>
      {list.next && <Link to={list.next}>{t('results.next')}</Link>}
    </nav>
  );
}

/**
 * A one-button form acting on one item (intent `<intent>:<id>`). `confirm` asks first (after
 * hydration), for what cannot be undone.
 */
function ItemActionForm(props: {
  intent: string;
  id: number;
  label: string;
  /** The item's name, ending the button's accessible name where a list repeats the button. */
  itemName?: string;
  testId: string;
  danger?: boolean;
  confirm?: string;
  className?: string;
}) {
  const { confirm } = props;
  return (
    <Form
      method="post"
      preventScrollReset
      className={props.className}
      onSubmit={
        confirm
          ? (event) => {
              if (!window.confirm(confirm)) event.preventDefault();
            }
          : undefined
      }
    >
      <input type="hidden" name="intent" value={`${props.intent}:${props.id}`} />
      <input type="hidden" name="id" value={props.id} />
      <button
        type="submit"
        className={props.danger ? 'button button--danger' : 'button'}
        data-testid={props.testId}
      >
        {props.label}
        {props.itemName !== undefined && <span className="visually-hidden">: {props.itemName}</span>}
      </button>
    </Form>
  );
}

/** A form acting on one item with a reason typed beside it (resolve a report, strike an offer). */
function ItemReasonForm(props: {
  intent: string;
  id: number;
  t: Text;
  result: FormResult | undefined;
  submitLabel: string;
  field: string;
  label: string;
  required?: boolean;
  check: Parameters<typeof formCheck>[0];
  testId: string;
}) {
  return (
    <ValidatedForm
      intent={`${props.intent}:${props.id}`}
      t={props.t}
      result={props.result}
      submitLabel={props.submitLabel}
      fields={[props.field]}
      validate={formCheck(props.check)}
      testId={props.testId}
    >
      <input type="hidden" name="id" value={props.id} />
      <Field name={props.field} label={props.label} required={props.required} />
    </ValidatedForm>
  );
}

export function AdminNav({ items, label }: { items: { href: string; label: string }[]; label: string }) {
  return (
    <nav aria-label={label} className="admin-nav">
      <ul className="pill-nav">
        {items.map((item) => (
          <li key={item.href}>
            <NavLink to={item.href} end>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

// --- home ---------------------------------------------------------------------------------

export function AdminHome({ home, t }: { home: HomeData; t: Text }) {
  return (
    <>
      <p>{t('admin.intro')}</p>
      <ul className="account-attention" data-testid="admin-home">
        <li>
          <Link to={home.links.reports}>
            {t('admin.reports')}
            {home.openReports !== null && ` (${t('admin.open_reports', { count: home.openReports })})`}
          </Link>
        </li>
        <li>
          <Link to={home.links.offers}>{t('admin.offers')}</Link>
        </li>
        <li>
          <Link to={home.links.redirects}>
            {t('admin.redirects')}
            {home.redirects !== null && ` (${home.redirects})`}
          </Link>
        </li>
      </ul>
    </>
  );
}

// --- report queue -------------------------------------------------------------------------

export function ReportsView(props: { reports: ReportsData; t: Text; result: FormResult | undefined }) {
  const { reports, t, result } = props;
  return (
    <>
      <nav aria-label={t('admin.reports')}>
        <ul className="pill-nav" data-testid="report-tabs">
          {reports.tabs.map((tab) => (
            <li key={tab.value}>
              <Link to={tab.href} aria-current={tab.current ? 'page' : undefined}>
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {/* A decision moves the report to another tab, so its answer is shown above the list. */}
      <div role="status">
        {result?.done && /^(resolve|dismiss):/.test(result.intent) && (
          <p className="notice" data-testid="form-done">
            {result.done}
          </p>
        )}
      </div>
      <p data-testid="reports-total">{t(LIST_COUNT_KEYS.reports, { count: reports.total })}</p>
      {reports.items.length === 0 ? (
        <p>{t('admin.reports_empty')}</p>
      ) : (
        <ul className="account-list" data-testid="reports">
          {reports.items.map((report) => (
            <li key={report.id} data-testid="report">
              <article aria-labelledby={`report-${report.id}`} className="admin-item">
                <h2 id={`report-${report.id}`} className="admin-item__title">
                  {report.offerLabel}: {report.reason}
                </h2>
                <p className="admin-item__meta">
                  {report.state}
                  {report.city && `, ${report.city}`}
                  {report.struck && (
                    <>
                      {' · '}
                      <strong data-testid="report-struck">{t('admin.struck_short')}</strong>
                    </>
                  )}
                  {' · '}
                  <time dateTime={report.reportedIso}>
                    {t('admin.reported_at', { date: report.reported })}
                  </time>
                  {!report.open && ` · ${report.statusLabel}`}
                </p>
                <p>
                  {t('admin.reported_by')}: <span dir="ltr">{report.reporter}</span>
                </p>
                {report.message && (
                  <p className="admin-item__message" data-testid="report-message" dir="auto">
                    {report.message}
                  </p>
                )}
                {report.open && <p>{t('admin.reports_on_offer', { count: report.openOnOffer })}</p>}
                <p className="inline-actions">
                  <Link to={report.moderateHref}>
                    {t('admin.moderate')}
                    <span className="visually-hidden">: {report.offerLabel}</span>
                  </Link>
                  {report.publicHref && (
                    <Link to={report.publicHref}>
                      {t('admin.view_offer')}
                      <span className="visually-hidden">: {report.offerLabel}</span>
                    </Link>
                  )}
                </p>
                <Outcome result={result} intent={`dismiss:${report.id}`} />
                {report.open && (
                  <div className="admin-item__actions">
                    <ItemReasonForm
                      intent="resolve"
                      id={report.id}
                      t={t}
                      result={result}
                      submitLabel={t('admin.resolve')}
                      field="strike_reason"
                      label={t('admin.strike_on_resolve')}
                      check={checkResolveForm}
                      testId="report-resolve"
                    />
                    <ItemActionForm
                      intent="dismiss"
                      id={report.id}
                      label={t('admin.dismiss')}
                      itemName={report.offerLabel}
                      testId="report-dismiss"
                    />
                  </div>
                )}
              </article>
            </li>
          ))}
        </ul>
      )}
      <Pagination t={t} list={reports} />
    </>
  );
}

// --- one offer ----------------------------------------------------------------------------

export function OfferModerationView(props: { offer: OfferData; t: Text; result: FormResult | undefined }) {
  const { offer: found, t, result } = props;
  const offer = found.offer;
  return (
    <>
      <Form method="get" className="inline-actions" data-testid="offer-lookup">
        <div className="field">
          <label htmlFor="admin-offer-id" className="field__label">
            {t('admin.offer_id')}
          </label>
          <input id="admin-offer-id" name="id" inputMode="numeric" defaultValue={found.asked} dir="ltr" />
        </div>
        <button type="submit" className="button">
          {t('admin.find_offer')}
        </button>
      </Form>
      {found.notFound && (
        <p className="notice" role="alert" data-testid="offer-not-found">
          {t('admin.offer_not_found')}
        </p>
      )}
      {offer && (
        <article aria-labelledby="moderated-offer" className="admin-offer" data-testid="moderated-offer">
          <h2 id="moderated-offer">
            {offer.label}
            {offer.title && `: ${offer.title}`}
            {offer.place && `, ${offer.place}`}
          </h2>
          <ul className="admin-facts">
            <li data-testid="offer-state">
              {t('account.offer_state')}: {offer.state}
            </li>
            <li data-testid="offer-verified">
              {offer.verified ? t('admin.verified') : t('admin.not_verified')}
            </li>
            <li data-testid="offer-strike">
              {offer.strike ? t('admin.struck', { reason: offer.strike.reason }) : t('admin.not_struck')}
            </li>
            {offer.trustScore !== null && <li>{t('admin.trust_score', { score: offer.trustScore })}</li>}
          </ul>
          {offer.publicHref && (
            <p>
              <Link to={offer.publicHref}>{t('admin.view_offer')}</Link>
            </p>
          )}
          <Outcome result={result} intent={`${offer.verified ? 'unverify' : 'verify'}:${offer.id}`} />
          <Outcome result={result} intent={`${offer.verified ? 'verify' : 'unverify'}:${offer.id}`} />
          <Outcome result={result} intent={`lift:${offer.id}`} />
          {/* Struck: the strike form gave way to "lift", so its answer shows here. */}
          {offer.strike && <Outcome result={result} intent={`strike:${offer.id}`} />}
          <ItemActionForm
            intent={offer.verified ? 'unverify' : 'verify'}
            id={offer.id}
            label={offer.verified ? t('admin.unverify') : t('admin.verify')}
            testId="offer-verify"
            className="inline-actions"
          />
          {offer.strike ? (
            <ItemActionForm
              intent="lift"
              id={offer.id}
              label={t('admin.lift_strike')}
              testId="offer-lift"
              className="inline-actions"
            />
          ) : (
            <ItemReasonForm
              intent="strike"
              id={offer.id}
              t={t}
              result={result}
              submitLabel={t('admin.strike')}
              field="reason"
              label={t('admin.strike_reason')}
              required
              check={checkStrikeForm}
              testId="offer-strike-form"
            />
          )}
        </article>
      )}
    </>
  );
}

// --- redirects ----------------------------------------------------------------------------

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
