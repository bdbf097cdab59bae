import { Link } from 'react-router';
import { LIST_COUNT_KEYS } from '../../i18n/list-counts.ts';
import type { FormResult, Text } from '../../ui/forms/form-ui.tsx';
import { checkResolveForm } from './admin-fields.ts';
import { ItemActionForm, ItemReasonForm, Outcome, Pagination, QueueTabs } from './admin-parts.tsx';
import type { loadReports } from './load-reports.server.ts';

// The report queue: a tab per status, each report with its offer, resolved (with a strike) or
// dismissed in place.

type ReportsData = Awaited<ReturnType<typeof loadReports>>;

export function ReportsView(props: { reports: ReportsData; t: Text; result: FormResult | undefined }) {
  const { reports, t, result } = props;
  return (
    <>
      <QueueTabs
        label={t('admin.reports')}
        tabs={reports.tabs}
        testId="report-tabs"
        result={result}
        decisions={/^(resolve|dismiss):/}
      />
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
